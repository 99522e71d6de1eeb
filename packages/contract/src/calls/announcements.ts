import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission, MediaKind } from '../enums.ts';
import {
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
 * HR announcements (issue 14): the administration's list, form, order and deletion under
 * ADMIN_COMUNICADOS, and the employees' views and clicks. The portal's carousel reads them through
 * `consultaBannersPortal` (calls/timeline.ts).
 */

const announcements = { audience: 'admin', permission: AdminPermission.announcements } as const;

/** The announcement image's one size (spec sections 5 and 9) and the other limits of the form. */
export const announcementLimits = {
  imageWidth: 1920,
  imageHeight: 1080,
  linkMax: 500,
  descriptionMax: 300,
  /** Groups one announcement may be for. */
  groupsMax: 500,
  /** Announcements one reorder may carry. */
  reorderMax: 1000,
} as const;

/** Where an announcement is in its dates, from now: showing, still to come, or over. */
export const AnnouncementStatus = { active: 'ativo', scheduled: 'agendado', ended: 'encerrado' } as const;
export type AnnouncementStatusValue = (typeof AnnouncementStatus)[keyof typeof AnnouncementStatus];
export const announcementStatusSchema = z.enum([
  AnnouncementStatus.active,
  AnnouncementStatus.scheduled,
  AnnouncementStatus.ended,
]);

/**
 * An announcement's link is safe to open: a web address (http:// or https://) or a path of the
 * portal itself ('/painel/…', never '//host', which browsers read as another site). No whitespace,
 * control character or backslash anywhere: browsers drop or turn them into '/', so '/\t/evil'
 * or '/\\evil' would open another site.
 */
export function isAnnouncementLink(link: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f-\u009f\\]/u.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  if (!/^https?:\/\//i.test(link)) return false;
  try {
    const address = new URL(link);
    return (address.protocol === 'http:' || address.protocol === 'https:') && address.hostname !== '';
  } catch {
    return false;
  }
}

/** One row of the administration's list. */
export const comunicadoAdminSchema = z.object({
  idComunicado: z.number().int(),
  urlImagem: z.string(),
  /** What the image shows (its alternative text). */
  descricao: z.string().nullable(),
  link: z.string().nullable(),
  dtInicio: z.string(),
  dtFim: z.string(),
  /** The groups it is for; empty: everyone in the company. */
  idsGrupos: z.array(z.number().int()),
  /** Its place in the carousel (1 first). */
  ordem: z.number().int(),
  status: announcementStatusSchema,
  /** People who saw it, each counted once a day. */
  qtdVisualizacoes: z.number().int(),
  /** People who clicked it, each counted once a day. */
  qtdCliques: z.number().int(),
  /** The announcement's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type ComunicadoAdmin = z.infer<typeof comunicadoAdminSchema>;

/** The company's announcements in the carousel's order, optionally only those of one status. */
export const consultaComunicadosAdmin = defineCall({
  name: 'consultaComunicadosAdmin',
  mode: 'read',
  ...announcements,
  input: z.object({ ...pageRequest(), status: announcementStatusSchema.optional() }),
  output: z.object({ listComunicados: z.array(comunicadoAdminSchema), ...pageAnswer }),
});

/** The company's groups, for the list's names and the form's choice (any announcements administrator). */
export const consultaGruposComunicadoAdmin = defineCall({
  name: 'consultaGruposComunicadoAdmin',
  mode: 'read',
  ...announcements,
  input: z.object({}),
  output: z.object({ listGrupos: z.array(z.object({ idGrupo: z.number().int(), nome: z.string() })) }),
});

/** An instant as the form sends it (ISO 8601 with its offset). */
const instant = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, required)
  .pipe(z.iso.datetime({ offset: true, error: 'validation.invalidDate' }));

/**
 * The announcement form (multipart): create (no idComunicado; `imagem` required) or edit (a new
 * `imagem` replaces the old one, which is kept until the new one is stored). Spec section 5: the
 * link starts with http:// or https:// or is a portal path; the dates are valid and the end after
 * the start; the image is exactly 1920x1080, PNG or JPEG by its content. `idsGrupos` is a comma
 * list of the company's groups; none means everyone.
 */
export const salvaComunicadoAdminInputSchema = z
  .object({
    idComunicado: idTextSchema.optional(),
    /** The versao read with the announcement (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
    versao: versaoTextSchema.optional(),
    imagem: z.custom<Blob>().optional(),
    link: z
      .string()
      .trim()
      .max(announcementLimits.linkMax, { error: 'validation.tooLong' })
      .optional()
      .transform((value) => value || null)
      .refine((value) => value === null || isAnnouncementLink(value), {
        error: 'validation.announcementLinkInvalid',
      }),
    descricao: z
      .string()
      .trim()
      .max(announcementLimits.descriptionMax, { error: 'validation.tooLong' })
      .optional()
      .transform((value) => value || null),
    dtInicio: instant,
    dtFim: instant,
    idsGrupos: z
      .string()
      .trim()
      .max(6000, { error: 'validation.tooLong' })
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
      .pipe(z.array(idSchema, { error: 'validation.groupsInvalid' }).max(announcementLimits.groupsMax)),
  })
  .check((ctx) => {
    const { dtInicio, dtFim } = ctx.value;
    if (Date.parse(dtFim) <= Date.parse(dtInicio)) {
      ctx.issues.push({
        code: 'custom',
        input: dtFim,
        path: ['dtFim'],
        message: 'validation.endNotAfterStart',
      });
    }
  });
export type SalvaComunicadoAdminInput = z.input<typeof salvaComunicadoAdminInputSchema>;

export const salvaComunicadoAdmin = defineCall({
  name: 'salvaComunicadoAdmin',
  mode: 'write',
  ...announcements,
  multipart: true,
  mediaKind: MediaKind.banners,
  input: salvaComunicadoAdminInputSchema,
  output: z.object({ comunicado: comunicadoAdminSchema }),
});

/** Deletes an announcement (its image, views and clicks go with it). */
export const excluiComunicadoAdmin = defineCall({
  name: 'excluiComunicadoAdmin',
  mode: 'write',
  ...announcements,
  input: z.object({ idComunicado: idSchema }),
  output: okSchema,
});

/**
 * Puts announcements in a new order: the ones sent take the places they held among themselves,
 * in the order sent (a page of the list reorders that page; every other keeps its place).
 */
export const ordenaComunicadosAdmin = defineCall({
  name: 'ordenaComunicadosAdmin',
  mode: 'write',
  ...announcements,
  input: z.object({
    idsComunicados: z.array(idSchema).min(1, required).max(announcementLimits.reorderMax),
  }),
  output: okSchema,
});

/** Counts that the signed-in person saw an announcement of their carousel (once a day). */
export const registraVisualizacaoComunicado = defineCall({
  name: 'registraVisualizacaoComunicado',
  mode: 'write',
  audience: 'user',
  input: z.object({ idComunicado: idSchema }),
  output: okSchema,
});

/** Counts that the signed-in person opened an announcement's link (once a day). */
export const registraCliqueComunicado = defineCall({
  name: 'registraCliqueComunicado',
  mode: 'write',
  audience: 'user',
  input: z.object({ idComunicado: idSchema }),
  output: okSchema,
});

/** The administrators' announcements whose dates include now. */
export const consultaBannersPortal = defineCall({
  name: 'consultaBannersPortal',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object({
    listBanners: z.array(
      z.object({
        idBanner: z.number().int(),
        urlImagem: z.string(),
        /** What the image shows (its alternative text), when the administrator wrote it. */
        descricao: z.string().nullable(),
        link: z.string().nullable(),
        dtInicio: z.string(),
        dtFim: z.string(),
      }),
    ),
  }),
});
