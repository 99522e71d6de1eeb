import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { limits } from '../limits.ts';
import { flagSchema, idSchema, okSchema, pageAnswer, pageRequest } from '../wire.ts';
import { publicationLimits } from './publications.ts';
import { postagemSchema } from './timeline.ts';

/**
 * Moderation (issue 15): the administration's timeline of every post of the company, hidden ones
 * included, and hiding, showing again or deleting a post or a comment, under ADMIN_PUBLICACOES.
 */

const publications = { audience: 'admin', permission: AdminPermission.publications } as const;

/** Moderation of a post or a comment: hide it (reversible), show it again, or delete it. */
export const ModerationAction = { hide: 'OCULTAR', show: 'EXIBIR', delete: 'EXCLUIR' } as const;
export const moderationActionSchema = z.enum([
  ModerationAction.hide,
  ModerationAction.show,
  ModerationAction.delete,
]);
export type ModerationActionValue = z.infer<typeof moderationActionSchema>;

const moderationInput = {
  acao: moderationActionSchema,
  /** Why: kept in the audit log and told to the author. Required to hide or delete. */
  motivo: z
    .string()
    .trim()
    .max(publicationLimits.moderationReasonMax, { error: 'validation.tooLong' })
    .default(''),
};

function reasonRequired(ctx: { value: { acao: string; motivo: string }; issues: unknown[] }) {
  if (ctx.value.acao !== ModerationAction.show && ctx.value.motivo === '') {
    (ctx.issues as { code: 'custom'; input: unknown; path: string[]; message: string }[]).push({
      code: 'custom',
      input: ctx.value.motivo,
      path: ['motivo'],
      message: 'validation.required',
    });
  }
}

/** Hides, shows again or deletes any post of the company (an employee's or a publication). */
export const moderaPostagemAdmin = defineCall({
  name: 'moderaPostagemAdmin',
  mode: 'write',
  ...publications,
  input: z.object({ idMensagem: idSchema, ...moderationInput }).check(reasonRequired),
  output: okSchema,
});

/** Hides, shows again or deletes a comment on any post of the company. */
export const moderaComentarioAdmin = defineCall({
  name: 'moderaComentarioAdmin',
  mode: 'write',
  ...publications,
  input: z.object({ idComentario: idSchema, ...moderationInput }).check(reasonRequired),
  output: okSchema,
});

/** A post as the administration's timeline shows it: the portal's card and what moderation needs. */
export const postagemAdminSchema = postagemSchema.extend({
  flOculta: flagSchema,
  /** The ids of the hidden comments among the card's comments (its first page, hidden ones included). */
  comentariosOcultos: z.array(z.number().int()),
});
export type PostagemAdmin = z.infer<typeof postagemAdminSchema>;

/** The administration timeline: the wall and group posts of the company, newest first, hidden ones included. */
export const consultaTimelineAdmin = defineCall({
  name: 'consultaTimelineAdmin',
  mode: 'read',
  ...publications,
  input: z.object({ ...pageRequest(limits.pageSize.timeline, 50), idGrupo: idSchema.optional() }),
  output: z.object({ listPostagens: z.array(postagemAdminSchema), ...pageAnswer }),
});
