import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission, MediaKind, PublicationStatus } from '../enums.ts';
import { limits } from '../limits.ts';
import {
  flagSchema,
  idSchema,
  idTextSchema,
  okSchema,
  pageAnswer,
  pageRequest,
  required,
  versaoSchema,
  versaoTextSchema,
} from '../wire.ts';

/**
 * Publications (issue 15): the administration's publish screen, list, single publication with its
 * tabs and reach, scheduling, moderation and timeline under ADMIN_PUBLICACOES; and the employees'
 * side of reach and mandatory reading. A publication is a timeline post: `idPublicacao` is the
 * post's `idMensagem`, and employees read it through the timeline's calls.
 */

const publications = { audience: 'admin', permission: AdminPermission.publications } as const;

/** Limits of the publish screen and of reach. */
export const publicationLimits = {
  textMax: 10_000,
  /** The furthest ahead a publication may be scheduled. */
  scheduleMaxDays: 365,
  /** Days between reminders of a mandatory reading the administrator may choose. */
  reminderDaysMin: 1,
  reminderDaysMax: 30,
  /** Post ids one `registraVisualizacoes` may carry. */
  viewsBatchMax: 50,
  moderationReasonMax: 500,
  searchMax: 200,
  /** Days the single publication's chart of views covers, from its publication. */
  viewsChartDays: 7,
} as const;

export const publicationStatusSchema = z.enum([
  PublicationStatus.scheduled,
  PublicationStatus.published,
  PublicationStatus.draft,
]);

/** What the publish screen's buttons ask: publish now, schedule, or keep as a draft. */
export const PublicationAction = { publish: 'PUBLICAR', schedule: 'AGENDAR', draft: 'RASCUNHO' } as const;
export const publicationActionSchema = z.enum([
  PublicationAction.publish,
  PublicationAction.schedule,
  PublicationAction.draft,
]);

/** Cancelling a schedule (spec section 4): delete, save as draft, or publish now. */
export const ScheduleCancelAction = { delete: 'EXCLUIR', draft: 'RASCUNHO', publish: 'PUBLICAR' } as const;
export const scheduleCancelActionSchema = z.enum([
  ScheduleCancelAction.delete,
  ScheduleCancelAction.draft,
  ScheduleCancelAction.publish,
]);

const groupSchema = z.object({ idGrupo: z.number().int(), nome: z.string(), sigla: z.string() });

/** One publication as the administration lists it. */
export const publicacaoAdminSchema = z.object({
  idPublicacao: z.number().int(),
  texto: z.string().nullable(),
  /** Post type by media (spec section 4): text 1, video 2, image 3, youtube 5. */
  tipo: z.number().int(),
  urlMidia: z.string().nullable(),
  urlThumbnail: z.string().nullable(),
  status: publicationStatusSchema,
  /** When it was (or will be) published; a draft's last save. */
  dtPublicacao: z.string(),
  /** A scheduled publication's time; null otherwise. */
  dtAgendamento: z.string().nullable(),
  grupos: z.array(groupSchema),
  flMural: flagSchema,
  flPermiteComentarios: flagSchema,
  autor: z.object({ idUsuario: z.number().int(), nome: z.string(), urlFoto: z.string().nullable() }),
  qtdComentarios: z.number().int(),
  qtdReacoes: z.number().int(),
  qtdVisualizacoes: z.number().int(),
  /** Edited after it was published. */
  flEditado: flagSchema,
  /** Hidden by a moderator. */
  flOculta: flagSchema,
  flLeituraObrigatoria: flagSchema,
  dtLimiteLeitura: z.string().nullable(),
  /** Days between reminders to those who have not confirmed; null: no reminders. */
  diasLembreteLeitura: z.number().int().nullable(),
  /** The publication form's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type PublicacaoAdmin = z.infer<typeof publicacaoAdminSchema>;

/** The company's groups, for the publish screen's choice and the filters. */
export const consultaGruposPublicacaoAdmin = defineCall({
  name: 'consultaGruposPublicacaoAdmin',
  mode: 'read',
  ...publications,
  input: z.object({}),
  output: z.object({ listGrupos: z.array(groupSchema) }),
});

/** The publications list, newest first, filtered by status (Agendado, Publicado, Rascunho), text and group. */
export const consultaPublicacoesAdmin = defineCall({
  name: 'consultaPublicacoesAdmin',
  mode: 'read',
  ...publications,
  input: z.object({
    ...pageRequest(),
    status: publicationStatusSchema.optional(),
    busca: z.string().trim().max(publicationLimits.searchMax, { error: 'validation.tooLong' }).optional(),
    idGrupo: idSchema.optional(),
  }),
  output: z.object({ listPublicacoes: z.array(publicacaoAdminSchema), ...pageAnswer }),
});

/** An instant as the form sends it (ISO 8601 with its offset). */
const instant = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, required)
  .pipe(z.iso.datetime({ offset: true, error: 'validation.invalidDate' }));

const optionalInstant = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.iso.datetime({ offset: true, error: 'validation.invalidDate' }).optional());

/**
 * The publish screen (multipart). Spec section 5: media PNG, JPG, JPEG or MP4 up to 60 MB (by its
 * content), an image between 750x405 and 1920x1080, at most 3 groups, groups or the wall, and an
 * image, a video or a text. `idsGrupos` is a comma list. A video comes with `thumbnail`, the frame
 * the screen took at 1.5 s. `acao` AGENDAR needs `dtAgendamento` (ahead, within a year). Editing a
 * publication that has confirmations of its reading asks `flReconfirmarLeitura`: S clears them.
 */
export const salvaPublicacaoAdminInputSchema = z
  .object({
    idPublicacao: idTextSchema.optional(),
    /** The versao read with the publication (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoTextSchema.optional(),
    texto: z.string().max(publicationLimits.textMax, { error: 'validation.tooLong' }).default(''),
    arquivo: z.custom<Blob>().optional(),
    thumbnail: z.custom<Blob>().optional(),
    /** S keeps the current file of an edited publication when no new one comes; N removes it. */
    flManterArquivo: flagSchema.default('S'),
    flPermiteComentarios: flagSchema.default('S'),
    idsGrupos: z
      .string()
      .trim()
      .max(2000, { error: 'validation.tooLong' })
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
              .map(Number)
          : [],
      )
      .pipe(
        z
          .array(idSchema, { error: 'validation.groupsInvalid' })
          .max(limits.maxGroupsPerPost, { error: 'validation.tooManyGroups' }),
      ),
    flMural: flagSchema.default('N'),
    acao: publicationActionSchema,
    dtAgendamento: optionalInstant,
    flLeituraObrigatoria: flagSchema.default('N'),
    dtLimiteLeitura: optionalInstant,
    diasLembreteLeitura: z.coerce
      .number()
      .int()
      .min(publicationLimits.reminderDaysMin, { error: 'validation.reminderDaysInvalid' })
      .max(publicationLimits.reminderDaysMax, { error: 'validation.reminderDaysInvalid' })
      .optional(),
    flReconfirmarLeitura: flagSchema.default('N'),
  })
  .check((ctx) => {
    const value = ctx.value;
    if (value.idsGrupos.length === 0 && value.flMural === 'N') {
      ctx.issues.push({
        code: 'custom',
        input: value.idsGrupos,
        path: ['idsGrupos'],
        message: 'validation.groupsOrWall',
      });
    }
    if (value.acao === PublicationAction.schedule && !value.dtAgendamento) {
      ctx.issues.push({
        code: 'custom',
        input: value.dtAgendamento,
        path: ['dtAgendamento'],
        message: 'validation.required',
      });
    }
  });
export type SalvaPublicacaoAdminInput = z.input<typeof salvaPublicacaoAdminInputSchema>;

export const salvaPublicacaoAdmin = defineCall({
  name: 'salvaPublicacaoAdmin',
  mode: 'write',
  ...publications,
  multipart: true,
  maxFiles: 2,
  mediaKind: MediaKind.posts,
  input: salvaPublicacaoAdminInputSchema,
  output: z.object({ publicacao: publicacaoAdminSchema }),
});

/** Moves a scheduled publication to another time (ahead, within a year); a published one is refused. */
export const reagendaPublicacaoAdmin = defineCall({
  name: 'reagendaPublicacaoAdmin',
  mode: 'write',
  ...publications,
  input: z.object({ idPublicacao: idSchema, dtAgendamento: instant }),
  output: z.object({ publicacao: publicacaoAdminSchema }),
});

/** Cancels a schedule that has not fired: delete, keep as a draft, or publish now. */
export const cancelaAgendamentoPublicacaoAdmin = defineCall({
  name: 'cancelaAgendamentoPublicacaoAdmin',
  mode: 'write',
  ...publications,
  input: z.object({ idPublicacao: idSchema, acao: scheduleCancelActionSchema }),
  /** The publication as it is now; null when it was deleted. */
  output: z.object({ publicacao: publicacaoAdminSchema.nullable() }),
});

/** Deletes a publication of any status (its comments, reactions and views go with it). */
export const excluiPublicacaoAdmin = defineCall({
  name: 'excluiPublicacaoAdmin',
  mode: 'write',
  ...publications,
  input: z.object({ idPublicacao: idSchema }),
  output: okSchema,
});
