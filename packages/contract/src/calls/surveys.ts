import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import {
  AdminPermission,
  MediaKind,
  Permission,
  SurveyAnswerStatus,
  SurveyQuestionType,
  SurveyStatus,
  SurveyUploadFormat,
} from '../enums.ts';
import { limits } from '../limits.ts';
import { flagSchema, idSchema, idTextSchema, versaoSchema } from '../wire.ts';

const required = { error: 'validation.required' } as const;
const tooLong = { error: 'validation.tooLong' } as const;
const id = idSchema;
const ok = z.object({ ok: z.literal(true) });
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorInvalid' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'validation.invalidDate' });

export const questionTypeSchema = z.union([
  z.literal(SurveyQuestionType.openText),
  z.literal(SurveyQuestionType.multipleChoice),
  z.literal(SurveyQuestionType.checkbox),
  z.literal(SurveyQuestionType.upload),
]);
export const uploadFormatSchema = z.enum([SurveyUploadFormat.image, SurveyUploadFormat.pdf]);
export const surveyStatusSchema = z.enum([SurveyStatus.draft, SurveyStatus.published, SurveyStatus.closed]);
export const answerStatusSchema = z.union([
  z.literal(SurveyAnswerStatus.inProgress),
  z.literal(SurveyAnswerStatus.finished),
]);

/** Where a survey stands for the signed-in employee. */
export const situacaoPesquisaSchema = z.enum([
  /** Published and within its dates: it can be answered. */
  'ABERTA',
  /** Closed by an administrator or past dtFimPesquisa: results only. */
  'ENCERRADA',
]);

/** A file attached to an upload answer (type 4). */
export const midiaRespostaSchema = z.object({
  idMidia: z.number().int(),
  nomeArquivo: z.string(),
  tipo: z.string(),
  tamanhoBytes: z.number().int(),
  url: z.string(),
});
export type MidiaResposta = z.infer<typeof midiaRespostaSchema>;

/** A survey as the employee list shows it. */
export const pesquisaResumoSchema = z.object({
  idPesquisa: z.number().int(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  imgCabecalho: z.string().nullable(),
  dtInicioPesquisa: z.string(),
  dtFimPesquisa: z.string(),
  flLida: flagSchema,
  limitarAUmaResposta: z.boolean(),
  desabilitarSalvamentoAutomatico: z.boolean(),
  flAnonima: flagSchema,
  flQuiz: flagSchema,
  situacao: situacaoPesquisaSchema,
  /** The user's latest application's status, null if never started. */
  statusResposta: answerStatusSchema.nullable(),
  /** The user's unfinished application, to continue it. */
  idAplicacaoEmAndamento: z.number().int().nullable(),
  /** The user's latest finished application, to edit it (editando=S). */
  idAplicacaoFinalizada: z.number().int().nullable(),
  qtdRespostasFinalizadas: z.number().int(),
  /** A new or unfinished application may be answered now. */
  flPodeResponder: z.boolean(),
  /** The latest finished application may be edited now (survey still open). */
  flPodeEditar: z.boolean(),
  /** consultaResultadoPesquisa will answer (the user finished once, or the survey is closed). */
  flPodeVerResultado: z.boolean(),
});
export type PesquisaResumo = z.infer<typeof pesquisaResumoSchema>;

/** A survey with its theme, as the entry and answering pages use it. */
export const pesquisaSchema = pesquisaResumoSchema.extend({
  /** Theme colours (#rrggbb): buttons and header, and the page background. */
  corPrincipal: z.string(),
  corFundo: z.string(),
});
export type Pesquisa = z.infer<typeof pesquisaSchema>;

/** An answer option (spec section 3). flCorreta is only revealed in results. */
export const opcaoSchema = z.object({
  idPesquisaResposta: z.number().int(),
  descricao: z.string(),
  flOutro: flagSchema,
  flDissertacaoDisponivel: flagSchema,
  flDissertacaoObrigatoria: flagSchema,
  ordem: z.number().int(),
});
export type Opcao = z.infer<typeof opcaoSchema>;

/** A question (spec section 3) with its options, in order. */
export const questaoSchema = z.object({
  idPesquisaQuestao: z.number().int(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  tipoQuestao: questionTypeSchema,
  flObrigatoria: flagSchema,
  ordem: z.number().int(),
  /** Upload questions: most files, most total bytes, allowed formats. */
  qtdMaximoArquivo: z.number().int().nullable(),
  limiteBytesUpload: z.number().int().nullable(),
  formatosUploadPermitidos: z.array(uploadFormatSchema),
  flAceitarSomenteArquivosEspecificos: flagSchema,
  opcoes: z.array(opcaoSchema),
});
export type Questao = z.infer<typeof questaoSchema>;

/**
 * One question's answer, as sent and as stored: `resposta` is the open text (type 1) or the text
 * of the chosen option that takes one ('other', flDissertacaoDisponivel); `idPesquisaResposta`
 * the choice (type 2); `idsPesquisaResposta` the ticked options (type 3); `idsMidias` the files
 * sent by enviaArquivoRespostaPesquisa (type 4).
 */
export const respostaQuestaoSchema = z.object({
  idPesquisaQuestao: id,
  idPesquisaResposta: id.nullable().default(null),
  idsPesquisaResposta: z.array(id).max(limits.survey.optionsMax).default([]),
  resposta: z.string().max(10_000, tooLong).default(''),
  idsMidias: z
    .array(id)
    .max(limits.survey.uploadFilesMax * 5)
    .default([]),
});
export type RespostaQuestaoInput = z.input<typeof respostaQuestaoSchema>;

/** A stored answer with its files described. */
export const respostaUsuarioSchema = z.object({
  idPesquisaQuestao: z.number().int(),
  idPesquisaResposta: z.number().int().nullable(),
  idsPesquisaResposta: z.array(z.number().int()),
  resposta: z.string(),
  midias: z.array(midiaRespostaSchema),
});
export type RespostaUsuario = z.infer<typeof respostaUsuarioSchema>;

export const aplicacaoSchema = z.object({
  idAppPesquisaAplicacao: z.number().int(),
  statusResposta: answerStatusSchema,
  dtInicio: z.string(),
  dtFinalizacao: z.string().nullable(),
  respostasUsuario: z.array(respostaUsuarioSchema),
});
export type Aplicacao = z.infer<typeof aplicacaoSchema>;

const surveyRef = { idPesquisa: id };
const employee = { audience: 'user', permission: Permission.surveys } as const;
const admin = { audience: 'admin', permission: AdminPermission.surveys } as const;

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

/**
 * Anonymity of results: an anonymous survey's results (and each slice of them) show only once at
 * least the company's minimum of people answered it. The minimum is a survey setting: 5 unless
 * the company chose another, never below 3.
 */
export const anonymityRules = {
  minRespondentsDefault: 5,
  minRespondentsFloor: 3,
  minRespondentsMax: 100,
} as const;

/** Why results are hidden (null counts, no texts; the export answers 409 with the same words). */
export const motivoResultadoOcultoSchema = z.enum([
  /** Fewer people than the company's minimum answered (the survey, or the slice asked for). */
  'POUCOS_RESPONDENTES',
  /** The slice has enough people, but compared with the other slices it would single out fewer. */
  'RECORTES_COMBINADOS',
]);

export const resultadoOcultoSchema = z.object({
  motivo: motivoResultadoOcultoSchema,
  qtdMinimaRespondentes: z.number().int(),
  /** 'Os resultados aparecem quando houver pelo menos 5 respostas, para preservar o anonimato.' */
  mensagem: z.string(),
});
export type ResultadoOculto = z.infer<typeof resultadoOcultoSchema>;

/** Per option: how many chose it and its share of the question's answers (0 to 100); null when hidden. */
export const resultadoOpcaoSchema = opcaoSchema.extend({
  /** Only marked where the survey is a quiz. */
  flCorreta: flagSchema,
  qtd: z.number().int().nullable(),
  percentual: z.number().nullable(),
});

export const resultadoQuestaoSchema = z.object({
  idPesquisaQuestao: z.number().int(),
  titulo: z.string(),
  tipoQuestao: questionTypeSchema,
  ordem: z.number().int(),
  /** Finished applications that answered this question; null when the results are hidden. */
  qtdRespostas: z.number().int().nullable(),
  opcoes: z.array(resultadoOpcaoSchema),
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

// ---------------------------------------------------------------- administration calls

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

/** The kinds of slice results can be cut by: a target group, or the respondents' unit or sector. */
export const tipoRecorteSchema = z.enum(['GRUPO', 'UNIDADE', 'SETOR']);
export type TipoRecorte = z.infer<typeof tipoRecorteSchema>;

/** A slice of the results: the answers of the people of one target group, unit or sector. */
export const recorteSchema = z.object({ tipo: tipoRecorteSchema, id });
export type Recorte = z.infer<typeof recorteSchema>;

/** A slice as the results page offers it. */
export const recorteOpcaoSchema = z.object({
  tipo: tipoRecorteSchema,
  id: z.number().int(),
  nome: z.string(),
});
export type RecorteOpcao = z.infer<typeof recorteOpcaoSchema>;

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

/** Whether a question type answers by options (multiple choice or checkbox). */
export function isChoiceQuestion(tipoQuestao: number): boolean {
  return tipoQuestao === SurveyQuestionType.multipleChoice || tipoQuestao === SurveyQuestionType.checkbox;
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
