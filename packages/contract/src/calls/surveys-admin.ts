import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission, MediaKind } from '../enums.ts';
import { limits } from '../limits.ts';
import { flagSchema, idSchema, idTextSchema, required, tooLong, versaoSchema } from '../wire.ts';
import {
  anonymityRules,
  questionTypeSchema,
  surveyStatusSchema,
  tipoRecorteSchema,
  uploadFormatSchema,
} from './surveys-rules.ts';
import {
  opcaoSchema,
  questaoSchema,
  recorteOpcaoSchema,
  recorteSchema,
  respostaUsuarioSchema,
  resultadoOcultoSchema,
  resultadoQuestaoSchema,
  type Recorte,
} from './surveys-shapes.ts';

/** The administration's survey calls: authoring, results, settings and the export. */

const id = idSchema;
const ok = z.object({ ok: z.literal(true) });
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorInvalid' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'validation.invalidDate' });
const surveyRef = { idPesquisa: id };
const admin = { audience: 'admin', permission: AdminPermission.surveys } as const;

const grupoRefSchema = z.object({ idGrupo: z.number().int(), nome: z.string(), sigla: z.string() });

export const pesquisaAdminResumoSchema = z.object({
  idPesquisa: z.number().int(),
  titulo: z.string(),
  status: surveyStatusSchema,
  dtInicioPesquisa: z.string(),
  dtFimPesquisa: z.string(),
  dtCriacao: z.string(),
  grupos: z.array(grupoRefSchema),
  flAnonima: flagSchema,
  flQuiz: flagSchema,
  /**
   * Finished applications; null for an anonymous survey fewer people than the company's minimum
   * answered (the count would say who answered, and when).
   */
  qtdRespostas: z.number().int().nullable(),
});
export type PesquisaAdminResumo = z.infer<typeof pesquisaAdminResumoSchema>;

export const opcaoAdminSchema = opcaoSchema.extend({
  flCorreta: flagSchema,
  /** Some answer chose it: it can no longer be removed. */
  flPossuiRespostas: z.boolean(),
});
export const questaoAdminSchema = questaoSchema.extend({
  opcoes: z.array(opcaoAdminSchema),
  /** Some answer exists: it can no longer be removed nor change type. */
  flPossuiRespostas: z.boolean(),
});

/** Everything the authoring form edits, as stored. */
export const pesquisaAdminSchema = pesquisaAdminResumoSchema.extend({
  descricao: z.string().nullable(),
  idMidiaCabecalho: z.number().int().nullable(),
  imgCabecalho: z.string().nullable(),
  corPrincipal: z.string(),
  corFundo: z.string(),
  limitarAUmaResposta: z.boolean(),
  desabilitarSalvamentoAutomatico: z.boolean(),
  /** Some application exists: see questaoAdmin/opcaoAdmin flPossuiRespostas for what is locked. */
  flPossuiRespostas: z.boolean(),
  questoes: z.array(questaoAdminSchema),
  /** The survey's version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type PesquisaAdmin = z.infer<typeof pesquisaAdminSchema>;

export const consultaPesquisasAdmin = defineCall({
  name: 'consultaPesquisasAdmin',
  mode: 'read',
  ...admin,
  input: z.object({
    status: surveyStatusSchema.optional(),
    busca: z.string().trim().max(200).optional(),
  }),
  output: z.object({ listPesquisas: z.array(pesquisaAdminResumoSchema) }),
});

export const consultaPesquisaAdmin = defineCall({
  name: 'consultaPesquisaAdmin',
  mode: 'read',
  ...admin,
  input: z.object(surveyRef),
  output: z.object({ pesquisa: pesquisaAdminSchema }),
});

/** The company's groups a survey may target, with their member counts. */
export const consultaGruposPesquisaAdmin = defineCall({
  name: 'consultaGruposPesquisaAdmin',
  mode: 'read',
  ...admin,
  input: z.object({}),
  output: z.object({ listGrupos: z.array(grupoRefSchema.extend({ qtdMembros: z.number().int() })) }),
});

/** Header image upload (multipart: one `file`, png or jpg/jpeg, checked by content). */
export const enviaImagemCabecalhoPesquisa = defineCall({
  name: 'enviaImagemCabecalhoPesquisa',
  mode: 'write',
  ...admin,
  multipart: true,
  mediaKind: MediaKind.surveys,
  input: z.object({ file: z.custom<Blob>().optional() }),
  output: z.object({ idMidia: z.number().int(), url: z.string() }),
});

const opcaoInputSchema = z.object({
  /** Present for an existing option (keeps its answers), absent for a new one. */
  idPesquisaResposta: id.optional(),
  descricao: z.string().trim().min(1, required).max(limits.survey.optionTextMax, tooLong),
  flOutro: flagSchema.default('N'),
  flCorreta: flagSchema.default('N'),
  flDissertacaoDisponivel: flagSchema.default('N'),
  flDissertacaoObrigatoria: flagSchema.default('N'),
});

const questaoInputSchema = z.object({
  /** Present for an existing question, absent for a new one. Order is the array's order. */
  idPesquisaQuestao: id.optional(),
  titulo: z.string().trim().min(1, required).max(limits.survey.questionTitleMax, tooLong),
  descricao: z.string().trim().max(limits.survey.descriptionMax, tooLong).nullable().default(null),
  tipoQuestao: questionTypeSchema,
  flObrigatoria: flagSchema.default('N'),
  qtdMaximoArquivo: z.number().int().min(1).max(limits.survey.uploadFilesMax).nullable().default(null),
  limiteBytesUpload: z.number().int().min(1).max(limits.survey.uploadBytesMax).nullable().default(null),
  formatosUploadPermitidos: z.array(uploadFormatSchema).max(2).default([]),
  flAceitarSomenteArquivosEspecificos: flagSchema.default('N'),
  opcoes: z.array(opcaoInputSchema).max(limits.survey.optionsMax).default([]),
});
export type QuestaoInput = z.input<typeof questaoInputSchema>;

/** The authoring form's body: create (no idPesquisa) or edit. */
export const salvaPesquisaInputSchema = z.object({
  idPesquisa: id.optional(),
  /** The versao read with the survey (edits only): a stale one answers 409 REGISTRO_ALTERADO. */
  versao: versaoSchema.optional(),
  titulo: z.string().trim().min(1, required).max(limits.survey.titleMax, tooLong),
  descricao: z.string().trim().max(limits.survey.descriptionMax, tooLong).nullable().default(null),
  /** From enviaImagemCabecalhoPesquisa; null for none. */
  idMidiaCabecalho: id.nullable().default(null),
  corPrincipal: color.default('#1d4ed8'),
  corFundo: color.default('#ffffff'),
  idsGrupos: z.array(id).min(1, required).max(limits.survey.groupsMax),
  dtInicioPesquisa: isoDateTime,
  dtFimPesquisa: isoDateTime,
  limitarAUmaResposta: z.boolean().default(true),
  desabilitarSalvamentoAutomatico: z.boolean().default(false),
  flAnonima: flagSchema.default('N'),
  flQuiz: flagSchema.default('N'),
  questoes: z.array(questaoInputSchema).max(limits.survey.questionsMax),
});
export type SalvaPesquisaInput = z.input<typeof salvaPesquisaInputSchema>;

/**
 * Creates or edits a survey with its questions and options. Once it has answers, a question or
 * option with answers cannot be removed and a question cannot change type (409
 * SURVEY_QUESTION_LOCKED / SURVEY_OPTION_LOCKED).
 */
export const salvaPesquisa = defineCall({
  name: 'salvaPesquisa',
  mode: 'write',
  ...admin,
  input: salvaPesquisaInputSchema,
  output: z.object({ pesquisa: pesquisaAdminSchema }),
});

/** A new draft copy (questions and options, no answers), titled with ' (cópia)'. */
export const duplicaPesquisa = defineCall({
  name: 'duplicaPesquisa',
  mode: 'write',
  ...admin,
  input: z.object(surveyRef),
  output: z.object({ pesquisa: pesquisaAdminSchema }),
});

/** Draft → published: needs at least one question and choice questions with options (422). */
export const publicaPesquisa = defineCall({
  name: 'publicaPesquisa',
  mode: 'write',
  ...admin,
  input: z.object(surveyRef),
  output: z.object({ pesquisa: pesquisaAdminSchema }),
});

/** Published → closed: no more answers, results stay. */
export const encerraPesquisa = defineCall({
  name: 'encerraPesquisa',
  mode: 'write',
  ...admin,
  input: z.object(surveyRef),
  output: z.object({ pesquisa: pesquisaAdminSchema }),
});

/** Deletes a survey that has no applications yet (409 SURVEY_HAS_ANSWERS otherwise). */
export const excluiPesquisa = defineCall({
  name: 'excluiPesquisa',
  mode: 'write',
  ...admin,
  input: z.object(surveyRef),
  output: ok,
});

/** One finished application as the administration sees it (never for an anonymous survey). */
export const respostaIndividualSchema = z.object({
  idAplicacao: z.number().int(),
  usuario: z.object({ idUsuario: z.number().int(), nome: z.string() }),
  dtFinalizacao: z.string(),
  respostas: z.array(
    respostaUsuarioSchema.extend({
      /** The answer in words: the text, the options' descriptions, the files' names. */
      textoResposta: z.string(),
    }),
  ),
});
/**
 * Results for the administration: rates against the audience and, unless anonymous, who said
 * what; of everyone, or of one slice. An anonymous survey's results (and each slice's) are hidden
 * until enough people answered: `resultadoOculto` says why, and every count is null.
 */
export const consultaResultadoPesquisaAdmin = defineCall({
  name: 'consultaResultadoPesquisaAdmin',
  mode: 'read',
  ...admin,
  input: z.object({ ...surveyRef, recorte: recorteSchema.optional() }),
  output: z.object({
    pesquisa: pesquisaAdminResumoSchema,
    /** Active members of the target groups (of the slice, when one is asked for). */
    qtdPublicoAlvo: z.number().int(),
    /** Distinct people of the audience with a finished application; null when hidden. */
    qtdRespondentes: z.number().int().nullable(),
    /** qtdRespondentes / qtdPublicoAlvo, 0 to 100; null when hidden. */
    taxaResposta: z.number().nullable(),
    /** Null when hidden. */
    qtdAplicacoes: z.number().int().nullable(),
    questoes: z.array(
      resultadoQuestaoSchema.extend({
        /**
         * Open texts (type 1) and 'other' texts, without names: newest first, or for an anonymous
         * survey in the order of the texts (an order of time would point at people); empty when hidden.
         */
        textos: z.array(z.string()),
      }),
    ),
    /** Empty when the survey is anonymous. */
    respostasIndividuais: z.array(respostaIndividualSchema),
    /** The company's minimum of respondents for anonymous results. */
    qtdMinimaRespondentes: z.number().int(),
    /** Why the results are hidden; null when they show. */
    resultadoOculto: resultadoOcultoSchema.nullable(),
    /** The slice these results are of; null for everyone. */
    recorte: recorteOpcaoSchema.nullable(),
    /** The slices the page offers: the target groups, and the units and sectors of the audience. */
    recortes: z.array(recorteOpcaoSchema),
  }),
});

/** The company's survey settings. */
export const configuracoesPesquisasSchema = z.object({
  /** The fewest people who must answer an anonymous survey (or a slice) before its results show. */
  qtdMinimaRespondentes: z.number().int(),
});

export const consultaConfiguracoesPesquisasAdmin = defineCall({
  name: 'consultaConfiguracoesPesquisasAdmin',
  mode: 'read',
  ...admin,
  input: z.object({}),
  output: z.object({ configuracoes: configuracoesPesquisasSchema }),
});

const minRespondentsError = { error: 'validation.surveyMinRespondentsRange' } as const;

/** The settings form's body: the minimum of respondents, a whole number from 3 to 100. */
export const salvaConfiguracoesPesquisasInputSchema = z.object({
  qtdMinimaRespondentes: z
    .number(minRespondentsError)
    .int(minRespondentsError)
    .min(anonymityRules.minRespondentsFloor, minRespondentsError)
    .max(anonymityRules.minRespondentsMax, minRespondentsError),
});

/** Changes the minimum of respondents (ADMIN_PESQUISAS at E, audited): 3 to 100 (422 otherwise). */
export const salvaConfiguracoesPesquisasAdmin = defineCall({
  name: 'salvaConfiguracoesPesquisasAdmin',
  mode: 'write',
  ...admin,
  input: salvaConfiguracoesPesquisasInputSchema,
  output: z.object({ configuracoes: configuracoesPesquisasSchema }),
});

/**
 * The administration's export of a survey's answers (of one slice, when given): an authenticated
 * GET answered as a download.
 */
export function surveyExportPath(
  idPesquisa: number,
  format: 'csv' | 'xlsx',
  recorte?: Recorte | null,
): string {
  const path = `/backend/pesquisas/${idPesquisa}/exportacao.${format}`;
  if (!recorte) return path;
  return `${path}?${new URLSearchParams({ tipoRecorte: recorte.tipo, idRecorte: String(recorte.id) })}`;
}

/**
 * A survey's finished answers as a CSV or XLSX file (a GET, so a link downloads it), of everyone
 * or of one slice (`tipoRecorte` and `idRecorte` together). Hidden results answer 409
 * (SURVEY_RESULTS_HIDDEN, SURVEY_SLICE_HIDDEN) with the words the results page shows.
 */
export const exportaPesquisa = defineDownload({
  name: 'exportaPesquisa',
  path: '/pesquisas/:idPesquisa/exportacao.:formato',
  input: z
    .object({
      idPesquisa: idTextSchema,
      tipoRecorte: tipoRecorteSchema.optional(),
      idRecorte: idTextSchema.optional(),
    })
    .check((ctx) => {
      if ((ctx.value.tipoRecorte === undefined) !== (ctx.value.idRecorte === undefined)) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          path: [ctx.value.tipoRecorte === undefined ? 'tipoRecorte' : 'idRecorte'],
          message: 'validation.required',
        });
      }
    }),
  audience: 'admin',
  permission: AdminPermission.surveys,
  mode: 'read',
  formats: ['csv', 'xlsx'],
});
