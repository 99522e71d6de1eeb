import { z } from 'zod';
import { limits } from '../limits.ts';
import { flagSchema, idSchema, tooLong } from '../wire.ts';
import {
  answerStatusSchema,
  motivoResultadoOcultoSchema,
  questionTypeSchema,
  situacaoPesquisaSchema,
  tipoRecorteSchema,
  uploadFormatSchema,
} from './surveys-rules.ts';

/** The shapes both the employee's survey calls and the administration's carry. */

const id = idSchema;

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
