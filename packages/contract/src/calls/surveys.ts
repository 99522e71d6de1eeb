import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { MediaKind, Permission } from '../enums.ts';
import { limits } from '../limits.ts';
import { idSchema, idTextSchema } from '../wire.ts';
import { answerStatusSchema } from './surveys-rules.ts';
import {
  aplicacaoSchema,
  midiaRespostaSchema,
  pesquisaResumoSchema,
  pesquisaSchema,
  questaoSchema,
  respostaQuestaoSchema,
  respostaUsuarioSchema,
  resultadoOcultoSchema,
  resultadoQuestaoSchema,
} from './surveys-shapes.ts';

// The survey calls live in four files, all reachable from this one (`@elo/contract/calls/surveys`):
// the rules and enumerations, the shapes both sides carry, the administration's calls, and here
// the employee's.

const id = idSchema;
const ok = z.object({ ok: z.literal(true) });
const surveyRef = { idPesquisa: id };
const employee = { audience: 'user', permission: Permission.surveys } as const;

// ---------------------------------------------------------------- employee calls

/** The surveys published to the user's groups that have started, the latest closing date first. */
export const consultaPesquisas = defineCall({
  name: 'consultaPesquisas',
  mode: 'read',
  ...employee,
  input: z.object({}),
  output: z.object({ listPesquisas: z.array(pesquisaResumoSchema) }),
});

/** One survey for the entry page (404 'Pesquisa não encontrada ou não disponível.'). */
export const consultaPesquisa = defineCall({
  name: 'consultaPesquisa',
  mode: 'read',
  ...employee,
  input: z.object(surveyRef),
  output: z.object({ pesquisa: pesquisaSchema }),
});

/** The survey's questions and options in order (correct options are never sent here). */
export const consultaPerguntas = defineCall({
  name: 'consultaPerguntas',
  mode: 'read',
  ...employee,
  input: z.object(surveyRef),
  output: z.object({ questoes: z.array(questaoSchema) }),
});

export const marcaPesquisaLida = defineCall({
  name: 'marcaPesquisaLida',
  mode: 'write',
  ...employee,
  input: z.object(surveyRef),
  output: ok,
});

/**
 * Starts an application, or gives back the unfinished one. Refused when the survey is not open
 * (SURVEY_CLOSED) or limitarAUmaResposta and the user already finished one (SURVEY_ALREADY_ANSWERED).
 */
export const inicializaRespostaPesquisa = defineCall({
  name: 'inicializaRespostaPesquisa',
  mode: 'write',
  ...employee,
  input: z.object(surveyRef),
  output: z.object({ idAplicacao: z.number().int() }),
});

/** An application of the user with the survey, its questions and the answers saved so far. */
export const consultaAplicacaoPesquisa = defineCall({
  name: 'consultaAplicacaoPesquisa',
  mode: 'read',
  ...employee,
  input: z.object({ ...surveyRef, idAplicacao: id, isEdicaoResposta: z.boolean().default(false) }),
  output: z.object({
    pesquisa: pesquisaSchema,
    questoes: z.array(questaoSchema),
    aplicacao: aplicacaoSchema,
  }),
});

/**
 * Autosave of one question to the user's unfinished application (the given one, or the only
 * one). The value is checked like on submit except for 'required'; errors are on `resposta`.
 */
export const salvaRespostaQuestaoPesquisa = defineCall({
  name: 'salvaRespostaQuestaoPesquisa',
  mode: 'write',
  ...employee,
  input: respostaQuestaoSchema.extend({ ...surveyRef, idAplicacao: id.optional() }),
  output: z.object({ resposta: respostaUsuarioSchema }),
});

/**
 * Saves every answer at once (submit). Every question is checked, required ones included; a 422
 * carries each failing question's message under `questoes.<idPesquisaQuestao>`. With
 * isEdicaoResposta a finished application is edited in place and stays finished.
 */
export const salvaRespostasDaPesquisa = defineCall({
  name: 'salvaRespostasDaPesquisa',
  mode: 'write',
  ...employee,
  input: z.object({
    ...surveyRef,
    idAplicacao: id,
    isEdicaoResposta: z.boolean().default(false),
    respostas: z.array(respostaQuestaoSchema).max(limits.survey.questionsMax),
  }),
  output: ok,
});

/** Finishes an application after checking its saved answers (422 under `questoes.<id>` as above). */
export const finalizaRespostaPesquisa = defineCall({
  name: 'finalizaRespostaPesquisa',
  mode: 'write',
  ...employee,
  input: z.object({ ...surveyRef, idAplicacao: id }),
  output: z.object({ statusResposta: answerStatusSchema }),
});

/** Clears every answer of an unfinished application. */
export const limpaFormulario = defineCall({
  name: 'limpaFormulario',
  mode: 'write',
  ...employee,
  input: z.object({ ...surveyRef, idAplicacao: id }),
  output: ok,
});

/**
 * Files for an upload question (multipart: text fields idPesquisa, idAplicacao,
 * idPesquisaQuestao, and one or more `arquivos` files). Checked by content against the
 * question's formats, count and total size; answer with their ids for `idsMidias`.
 */
export const enviaArquivoRespostaPesquisa = defineCall({
  name: 'enviaArquivoRespostaPesquisa',
  mode: 'write',
  maxFiles: limits.survey.uploadFilesMax,
  ...employee,
  multipart: true,
  mediaKind: MediaKind.surveys,
  input: z.object({
    idPesquisa: idTextSchema,
    idAplicacao: idTextSchema,
    idPesquisaQuestao: idTextSchema,
    /** The files (they travel as file parts, not as fields). */
    arquivos: z.custom<Blob[]>().optional(),
  }),
  output: z.object({ midias: z.array(midiaRespostaSchema) }),
});
/** Results for the employee: per question counts, quiz marks and the user's own answers. */
export const consultaResultadoPesquisa = defineCall({
  name: 'consultaResultadoPesquisa',
  mode: 'read',
  ...employee,
  input: z.object(surveyRef),
  output: z.object({
    pesquisa: pesquisaSchema,
    /** Null when the results are hidden (an anonymous survey below the company's minimum). */
    qtdAplicacoes: z.number().int().nullable(),
    /** Why the counts are hidden; the user's own answers still show. */
    resultadoOculto: resultadoOcultoSchema.nullable(),
    questoes: z.array(
      resultadoQuestaoSchema.extend({
        /** The user's answer in their latest finished application. */
        respostaUsuario: respostaUsuarioSchema.nullable(),
        /** Quiz only: whether the user's answer matches the correct options. */
        flAcertou: z.boolean().nullable(),
      }),
    ),
    /** Quiz only: questions with correct options, and how many the user got right. */
    qtdQuestoesQuiz: z.number().int(),
    qtdAcertos: z.number().int(),
  }),
});
