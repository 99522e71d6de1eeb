import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { flagSchema, idSchema, idTextSchema, okSchema, pageAnswer, pageRequest, required } from '../wire.ts';
import { publicacaoAdminSchema, publicationLimits } from './publications.ts';
import { postagemSchema } from './timeline.ts';

/**
 * A publication's reach (issue 15): the single publication with its tabs and figures, its
 * interactions and their export under ADMIN_PUBLICACOES; and the employees' side, the views they
 * report and the mandatory readings they confirm.
 */

const publications = { audience: 'admin', permission: AdminPermission.publications } as const;

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
