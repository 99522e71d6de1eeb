import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission, MediaKind, PublicationStatus } from '../enums.ts';
import { limits } from '../limits.ts';
import {
  flagSchema,
  idSchema,
  idTextSchema,
  okSchema,
  pageAnswer,
  pageRequest,
  versaoSchema,
  versaoTextSchema,
} from '../wire.ts';
import { postagemSchema } from './timeline.ts';

/**
 * Publications (issue 15): the administration's publish screen, list, single publication with its
 * tabs and reach, scheduling, moderation and timeline under ADMIN_PUBLICACOES; and the employees'
 * side of reach and mandatory reading. A publication is a timeline post: `idPublicacao` is the
 * post's `idMensagem`, and employees read it through the timeline's calls.
 */

const publications = { audience: 'admin', permission: AdminPermission.publications } as const;
const required = { error: 'validation.required' } as const;

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

/** The single publication's tabs: the spec's six, then viewed, confirmed and pending. */
export const interactionTabs = [
  'comentarios',
  'curtir',
  'amei',
  'parabens',
  'genial',
  'salvos',
  'visualizaram',
  'confirmaram',
  'pendentes',
] as const;
export const interactionTabSchema = z.enum(interactionTabs, { error: 'validation.tabInvalid' });
export type InteractionTab = (typeof interactionTabs)[number];

/** Moderation of a post or a comment: hide it (reversible), show it again, or delete it. */
export const ModerationAction = { hide: 'OCULTAR', show: 'EXIBIR', delete: 'EXCLUIR' } as const;
export const moderationActionSchema = z.enum([
  ModerationAction.hide,
  ModerationAction.show,
  ModerationAction.delete,
]);
export type ModerationActionValue = z.infer<typeof moderationActionSchema>;

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

/** Each tab's count on the single publication. */
export const contagensAbasSchema = z.object(
  Object.fromEntries(interactionTabs.map((tab) => [tab, z.number().int()])) as Record<
    InteractionTab,
    z.ZodNumber
  >,
);

/** The reach of a publication: who it is for and what they did. */
export const alcanceSchema = z.object({
  /** People the publication is for (its groups' members, or the whole company for the wall). */
  qtdPublico: z.number().int(),
  qtdVisualizacoesUnicas: z.number().int(),
  qtdReacoes: z.number().int(),
  qtdComentarios: z.number().int(),
  qtdSalvos: z.number().int(),
  /** Unique viewers over the audience, 0 to 100 with one decimal. */
  taxaLeitura: z.number(),
  /** Views per day (America/Sao_Paulo) over the first 7 days from its publication. */
  visualizacoesPorDia: z.array(z.object({ dia: z.string(), qtd: z.number().int() })),
});

export const consultaPublicacaoAdmin = defineCall({
  name: 'consultaPublicacaoAdmin',
  mode: 'read',
  ...publications,
  input: z.object({ idPublicacao: idSchema }),
  output: z.object({
    publicacao: publicacaoAdminSchema,
    contagens: contagensAbasSchema,
    alcance: alcanceSchema,
  }),
});

/** One row of a tab: who, when, and the comment where it applies. */
export const interacaoSchema = z.object({
  usuario: z.object({
    idUsuario: z.number().int(),
    nome: z.string(),
    urlFoto: z.string().nullable(),
    setor: z.string().nullable(),
  }),
  /** When they did it; null on the pending tab. */
  dtInteracao: z.string().nullable(),
  comentario: z
    .object({ idComentario: z.number().int(), texto: z.string(), flOculto: flagSchema })
    .nullable(),
});

export const consultaInteracoesPublicacaoAdmin = defineCall({
  name: 'consultaInteracoesPublicacaoAdmin',
  mode: 'read',
  ...publications,
  input: z.object({ idPublicacao: idSchema, aba: interactionTabSchema, ...pageRequest() }),
  output: z.object({ listInteracoes: z.array(interacaoSchema), ...pageAnswer }),
});

/** A tab of a publication as CSV or XLSX: GET /backend/publicacoes/{idPublicacao}/exportacao.csv?aba=… */
export const exportaInteracoesPublicacao = defineDownload({
  name: 'exportaInteracoesPublicacao',
  path: '/publicacoes/:idPublicacao/exportacao.:formato',
  input: z.object({ idPublicacao: idTextSchema, aba: interactionTabSchema }),
  audience: 'admin',
  permission: AdminPermission.publications,
  mode: 'read',
  formats: ['csv', 'xlsx'],
});

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

/** The portal tells which posts the person saw (half on screen for a second, or opened); each counts once. */
export const registraVisualizacoes = defineCall({
  name: 'registraVisualizacoes',
  mode: 'write',
  audience: 'user',
  input: z.object({ idsMensagens: z.array(idSchema).min(1, required).max(publicationLimits.viewsBatchMax) }),
  output: okSchema,
});

/** 'Li e estou ciente': the person confirms a mandatory reading of their timeline. */
export const confirmaLeituraPublicacao = defineCall({
  name: 'confirmaLeituraPublicacao',
  mode: 'write',
  audience: 'user',
  input: z.object({ idPublicacao: idSchema }),
  output: okSchema,
});

/** The mandatory readings the person has not confirmed, pinned at the top of their timeline. */
export const consultaLeiturasPendentes = defineCall({
  name: 'consultaLeiturasPendentes',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object({ listPostagens: z.array(postagemSchema) }),
});
