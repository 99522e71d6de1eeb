import type { TFunction } from 'i18next';
import type { PesquisaAdmin, PesquisaAdminResumo } from '@elo/contract/calls/surveys-admin';
import type {
  MidiaResposta,
  Pesquisa,
  Questao,
  RecorteOpcao,
  RespostaUsuario,
  ResultadoOculto,
} from '@elo/contract/calls/surveys-shapes';
import { SurveyStatus, type SurveyQuestionTypeId, type SurveyUploadFormatName } from '@elo/contract/enums';
import { toFlag, toWireDate, toWireDateOrNull } from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { employeeAbilities } from './access.ts';
import type { AdminSurvey, listAdminSurveys, TargetGroup } from './administration.ts';
import type { getApplication, listSurveys } from './answering.ts';
import type { SavedAnswer } from './answer-rules.ts';
import type { ReportRow } from './report.ts';
import type { UserSurveyState } from './repo/applications.ts';
import type { MediaRow, OptionRow, QuestionWithOptions, SurveyWithHeader } from './repo/surveys.ts';
import type {
  AdminResults,
  getRespondentResults,
  HiddenResults,
  NamedSlice,
  ResultCounts,
} from './results.ts';

// The survey calls' output, from the domain's answers (wire.ts turns their input into the domain's).

const statusNames = {
  draft: SurveyStatus.draft,
  published: SurveyStatus.published,
  closed: SurveyStatus.closed,
} as const;

/** A survey as the employee pages show it. */
export function presentSurvey(survey: SurveyWithHeader, state: UserSurveyState): Pesquisa {
  const abilities = employeeAbilities(survey, state);
  return {
    idPesquisa: survey.id,
    titulo: survey.title,
    descricao: survey.description,
    imgCabecalho: mediaUrl(survey.headerKey),
    dtInicioPesquisa: toWireDate(survey.startsAt),
    dtFimPesquisa: toWireDate(survey.endsAt),
    flLida: toFlag(state.read),
    limitarAUmaResposta: survey.oneAnswerPerUser,
    desabilitarSalvamentoAutomatico: survey.autosaveDisabled,
    flAnonima: toFlag(survey.anonymous),
    flQuiz: toFlag(survey.quiz),
    situacao: abilities.open ? 'ABERTA' : 'ENCERRADA',
    statusResposta: state.latest ? (state.latest.status === 3 ? 3 : 1) : null,
    idAplicacaoEmAndamento: state.inProgressId,
    idAplicacaoFinalizada: state.finishedId,
    qtdRespostasFinalizadas: state.finishedCount,
    flPodeResponder: abilities.canAnswer,
    flPodeEditar: abilities.canEdit,
    flPodeVerResultado: abilities.canSeeResults,
    corPrincipal: survey.mainColor,
    corFundo: survey.backgroundColor,
  };
}

/** The employee's list of surveys. */
export const presentSurveyList = (rows: Awaited<ReturnType<typeof listSurveys>>) => ({
  listPesquisas: rows.map((row) => presentSurvey(row.survey, row.state)),
});

export function presentOption(option: OptionRow) {
  return {
    idPesquisaResposta: option.id,
    descricao: option.label,
    flOutro: toFlag(option.isOther),
    flDissertacaoDisponivel: toFlag(option.textAvailable || option.isOther),
    flDissertacaoObrigatoria: toFlag(option.textRequired || option.isOther),
    ordem: option.position,
  };
}

/** A question for answering: never with its correct options. */
export function presentQuestion(question: QuestionWithOptions): Questao {
  return {
    idPesquisaQuestao: question.id,
    titulo: question.title,
    descricao: question.description,
    tipoQuestao: question.type as SurveyQuestionTypeId,
    flObrigatoria: toFlag(question.required),
    ordem: question.position,
    qtdMaximoArquivo: question.maxFiles,
    limiteBytesUpload: question.maxBytes,
    formatosUploadPermitidos: question.formats as SurveyUploadFormatName[],
    flAceitarSomenteArquivosEspecificos: toFlag(question.onlySpecificFormats),
    opcoes: question.options.map(presentOption),
  };
}

export function presentMedia(file: MediaRow): MidiaResposta {
  return {
    idMidia: file.id,
    nomeArquivo: file.fileName,
    tipo: file.mimeType,
    tamanhoBytes: file.sizeBytes,
    url: mediaUrl(file.storageKey)!,
  };
}

/** One question's stored answer in an application. */
export function presentAnswer(answer: SavedAnswer): RespostaUsuario {
  return {
    idPesquisaQuestao: answer.questionId,
    idPesquisaResposta: answer.optionId,
    idsPesquisaResposta: answer.optionIds,
    resposta: answer.text,
    midias: answer.files.map(presentMedia),
  };
}

/** An application with the survey and its questions, to answer, continue or edit it. */
export function presentApplication(found: Awaited<ReturnType<typeof getApplication>>) {
  const { application } = found;
  return {
    pesquisa: presentSurvey(found.survey, found.state),
    questoes: found.questions.map(presentQuestion),
    aplicacao: {
      idAppPesquisaAplicacao: application.id,
      statusResposta: application.status === 3 ? (3 as const) : (1 as const),
      dtInicio: toWireDate(application.startedAt),
      dtFinalizacao: toWireDateOrNull(application.finishedAt),
      respostasUsuario: found.answers.map(presentAnswer),
    },
  };
}

/** The administration's summary of a survey; `answers` null when the anonymity rules hide it. */
export function presentAdminSummary(
  survey: SurveyWithHeader,
  groups: TargetGroup[],
  answers: number | null,
): PesquisaAdminResumo {
  return {
    idPesquisa: survey.id,
    titulo: survey.title,
    status: statusNames[survey.status as keyof typeof statusNames],
    dtInicioPesquisa: toWireDate(survey.startsAt),
    dtFimPesquisa: toWireDate(survey.endsAt),
    dtCriacao: toWireDate(survey.createdAt),
    grupos: groups.map((group) => ({ idGrupo: group.groupId, nome: group.name, sigla: group.abbreviation })),
    flAnonima: toFlag(survey.anonymous),
    flQuiz: toFlag(survey.quiz),
    qtdRespostas: answers,
  };
}

/** The administration's list of surveys. */
export const presentAdminList = (rows: Awaited<ReturnType<typeof listAdminSurveys>>) => ({
  listPesquisas: rows.map((row) => presentAdminSummary(row.survey, row.groups, row.answers)),
});

/** A header image just stored: its id for the form, and where the page shows it from. */
export const presentHeaderImage = (file: MediaRow) => ({ idMidia: file.id, url: mediaUrl(file.storageKey)! });

/** The survey as the authoring form edits it, with what answers lock. */
export function presentAdminSurvey(found: AdminSurvey): { pesquisa: PesquisaAdmin } {
  const { survey, answered } = found;
  return {
    pesquisa: {
      ...presentAdminSummary(survey, found.groups, found.answers),
      descricao: survey.description,
      idMidiaCabecalho: survey.headerMediaId,
      imgCabecalho: mediaUrl(survey.headerKey),
      corPrincipal: survey.mainColor,
      corFundo: survey.backgroundColor,
      limitarAUmaResposta: survey.oneAnswerPerUser,
      desabilitarSalvamentoAutomatico: survey.autosaveDisabled,
      flPossuiRespostas: answered.applications > 0,
      questoes: found.questions.map((question) => ({
        ...presentQuestion(question),
        flPossuiRespostas: answered.questionIds.has(question.id),
        opcoes: question.options.map((option) => ({
          ...presentOption(option),
          flCorreta: toFlag(option.isCorrect),
          flPossuiRespostas: answered.optionIds.has(option.id),
        })),
      })),
      versao: survey.version,
    },
  };
}

/**
 * Per question: counts and shares of each option, correct ones marked where the survey is a quiz;
 * with `counts` null (hidden results) the questions and options come without a number.
 */
export function presentResults(
  survey: SurveyWithHeader,
  questions: QuestionWithOptions[],
  counts: Pick<ResultCounts, 'perOption' | 'perQuestion'> | null,
) {
  return questions.map((question) => {
    const answered = counts ? (counts.perQuestion.get(question.id) ?? 0) : null;
    return {
      idPesquisaQuestao: question.id,
      titulo: question.title,
      tipoQuestao: question.type as SurveyQuestionTypeId,
      ordem: question.position,
      qtdRespostas: answered,
      opcoes: question.options.map((option) => {
        const chosen = counts ? (counts.perOption.get(option.id) ?? 0) : null;
        return {
          ...presentOption(option),
          flCorreta: toFlag(survey.quiz && option.isCorrect),
          qtd: chosen,
          percentual:
            chosen === null || answered === null
              ? null
              : answered === 0
                ? 0
                : Math.round((chosen / answered) * 1000) / 10,
        };
      }),
    };
  });
}

const hiddenReasons = {
  fewRespondents: 'POUCOS_RESPONDENTES',
  sliceCombination: 'RECORTES_COMBINADOS',
} as const;

/** Why results are hidden, with the message in the caller's language. */
export function presentHiddenResults(hidden: HiddenResults, t: TFunction): ResultadoOculto {
  return {
    motivo: hiddenReasons[hidden.reason],
    qtdMinimaRespondentes: hidden.minimum,
    mensagem: t(
      hidden.reason === 'fewRespondents' ? 'errors.SURVEY_RESULTS_HIDDEN' : 'errors.SURVEY_SLICE_HIDDEN',
      { minimo: hidden.minimum },
    ),
  };
}

/** The employee's results: the counts (unless hidden), their own answers and their quiz score. */
export function presentRespondentResults(
  results: Awaited<ReturnType<typeof getRespondentResults>>,
  t: TFunction,
) {
  return {
    pesquisa: presentSurvey(results.survey, results.state),
    qtdAplicacoes: results.counts ? results.counts.applications : null,
    resultadoOculto: results.hidden ? presentHiddenResults(results.hidden, t) : null,
    questoes: presentResults(results.survey, results.questions, results.counts).map((result, index) => {
      const own = results.answers[index]!;
      return {
        ...result,
        respostaUsuario: own.answer ? presentAnswer(own.answer) : null,
        flAcertou: own.correct,
      };
    }),
    qtdQuestoesQuiz: results.quizQuestions,
    qtdAcertos: results.right,
  };
}

const sliceKinds = { group: 'GRUPO', unit: 'UNIDADE', sector: 'SETOR' } as const;

/** A slice of the results as the page names it. */
export function presentSlice(slice: NamedSlice): RecorteOpcao {
  return { tipo: sliceKinds[slice.kind], id: slice.id, nome: slice.name };
}

/** One finished application as the administration reads it, each answer also in words. */
export function presentReportRow(row: ReportRow) {
  return {
    idAplicacao: row.applicationId,
    usuario: { idUsuario: row.userId, nome: row.userName },
    dtFinalizacao: toWireDate(row.finishedAt),
    respostas: row.answers.map((answer) => ({ ...presentAnswer(answer), textoResposta: answer.inWords })),
  };
}

/** The administration's results: of everyone or of a slice, hidden or shown. */
export function presentAdminResults(results: AdminResults, t: TFunction) {
  const common = {
    pesquisa: presentAdminSummary(results.survey, results.groups, results.answerCount),
    qtdPublicoAlvo: results.audience,
    qtdMinimaRespondentes: results.minimum,
    recorte: results.slice ? presentSlice(results.slice) : null,
    recortes: results.sliceOptions.map(presentSlice),
  };
  if (results.hidden) {
    return {
      ...common,
      qtdRespondentes: null,
      taxaResposta: null,
      qtdAplicacoes: null,
      questoes: presentResults(results.survey, results.questions, null).map((result) => ({
        ...result,
        textos: [],
      })),
      respostasIndividuais: [],
      resultadoOculto: presentHiddenResults(results.hidden, t),
    };
  }
  const { texts } = results;
  return {
    ...common,
    qtdRespondentes: results.respondents,
    taxaResposta: results.responseRate,
    qtdAplicacoes: results.counts.applications,
    questoes: presentResults(results.survey, results.questions, results.counts).map((result) => ({
      ...result,
      textos: texts.get(result.idPesquisaQuestao) ?? [],
    })),
    respostasIndividuais: results.individual.map(presentReportRow),
    resultadoOculto: null,
  };
}

/** The groups a survey may aim at, with their member counts. */
export const presentTargetGroups = (rows: (TargetGroup & { members: number })[]) => ({
  listGrupos: rows.map((row) => ({
    idGrupo: row.groupId,
    nome: row.name,
    sigla: row.abbreviation,
    qtdMembros: row.members,
  })),
});

/** The company's survey settings. */
export const presentSettings = (settings: { minRespondents: number }) => ({
  configuracoes: { qtdMinimaRespondentes: settings.minRespondents },
});
