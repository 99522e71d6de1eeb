import type {
  MidiaResposta,
  Pesquisa,
  PesquisaAdmin,
  PesquisaAdminResumo,
  Questao,
  RecorteOpcao,
  RespostaUsuario,
  ResultadoOculto,
} from '@elo/contract/calls/surveys';
import { SurveyStatus, type SurveyQuestionTypeId, type SurveyUploadFormatName } from '@elo/contract/enums';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { answerFromRows } from './answer-rules.ts';
import type { HiddenReason } from './policy.ts';
import type {
  AnswerRow,
  MediaRow,
  OptionRow,
  QuestionWithOptions,
  SliceRef,
  SurveyWithHeader,
  UserSurveyState,
} from './repo.ts';

const flag = (value: boolean) => (value ? ('S' as const) : ('N' as const));
const iso = (value: Date) => value.toISOString();

const statusNames = {
  draft: SurveyStatus.draft,
  published: SurveyStatus.published,
  closed: SurveyStatus.closed,
} as const;

/** Open when published and now is between its dates; closed once closed or past its end. */
export function isOpen(survey: SurveyWithHeader, now = new Date()): boolean {
  return survey.status === 'published' && survey.startsAt <= now && survey.endsAt > now;
}

/** What the employee may do with a survey, from their applications. */
export function employeeAbilities(survey: SurveyWithHeader, state: UserSurveyState) {
  const open = isOpen(survey);
  return {
    open,
    canAnswer: open && (state.inProgressId !== null || !survey.oneAnswerPerUser || state.finishedCount === 0),
    canEdit: open && state.finishedId !== null,
    canSeeResults: state.finishedCount > 0 || !open,
  };
}

/** A survey as the employee pages show it. */
export function presentSurvey(survey: SurveyWithHeader, state: UserSurveyState): Pesquisa {
  const abilities = employeeAbilities(survey, state);
  return {
    idPesquisa: survey.id,
    titulo: survey.title,
    descricao: survey.description,
    imgCabecalho: mediaUrl(survey.headerKey),
    dtInicioPesquisa: iso(survey.startsAt),
    dtFimPesquisa: iso(survey.endsAt),
    flLida: flag(state.read),
    limitarAUmaResposta: survey.oneAnswerPerUser,
    desabilitarSalvamentoAutomatico: survey.autosaveDisabled,
    flAnonima: flag(survey.anonymous),
    flQuiz: flag(survey.quiz),
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

export function presentOption(option: OptionRow) {
  return {
    idPesquisaResposta: option.id,
    descricao: option.label,
    flOutro: flag(option.isOther),
    flDissertacaoDisponivel: flag(option.textAvailable || option.isOther),
    flDissertacaoObrigatoria: flag(option.textRequired || option.isOther),
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
    flObrigatoria: flag(question.required),
    ordem: question.position,
    qtdMaximoArquivo: question.maxFiles,
    limiteBytesUpload: question.maxBytes,
    formatosUploadPermitidos: question.formats as SurveyUploadFormatName[],
    flAceitarSomenteArquivosEspecificos: flag(question.onlySpecificFormats),
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
export function presentAnswer(
  question: QuestionWithOptions,
  answers: AnswerRow[],
  media: MediaRow[],
): RespostaUsuario | null {
  const rows = answers.filter((row) => row.questionId === question.id);
  if (rows.length === 0) return null;
  const files = media.filter((file) => file.questionId === question.id);
  const answer = answerFromRows(question, rows, files);
  return {
    idPesquisaQuestao: question.id,
    idPesquisaResposta: answer.idPesquisaResposta,
    idsPesquisaResposta: answer.idsPesquisaResposta,
    resposta: answer.resposta,
    midias: files.map(presentMedia),
  };
}

/** An answer in words: the text, the chosen options (with their text), the files' names. */
export function answerText(question: QuestionWithOptions, answer: RespostaUsuario | null): string {
  if (!answer) return '';
  const chosen = [
    ...(answer.idPesquisaResposta === null ? [] : [answer.idPesquisaResposta]),
    ...answer.idsPesquisaResposta,
  ];
  const parts = chosen.flatMap((id) => {
    const option = question.options.find((entry) => entry.id === id);
    return option ? [option.label] : [];
  });
  if (chosen.length > 0) {
    return answer.resposta ? `${parts.join('; ')}: ${answer.resposta}` : parts.join('; ');
  }
  if (answer.midias.length > 0) return answer.midias.map((file) => file.nomeArquivo).join('; ');
  return answer.resposta;
}

/** The administration's summary of a survey; `answers` null when the anonymity rules hide it. */
export function presentAdminSummary(
  survey: SurveyWithHeader,
  groups: { groupId: number; name: string; abbreviation: string }[],
  answers: number | null,
): PesquisaAdminResumo {
  return {
    idPesquisa: survey.id,
    titulo: survey.title,
    status: statusNames[survey.status as keyof typeof statusNames],
    dtInicioPesquisa: iso(survey.startsAt),
    dtFimPesquisa: iso(survey.endsAt),
    dtCriacao: iso(survey.createdAt),
    grupos: groups.map((group) => ({ idGrupo: group.groupId, nome: group.name, sigla: group.abbreviation })),
    flAnonima: flag(survey.anonymous),
    flQuiz: flag(survey.quiz),
    qtdRespostas: answers,
  };
}

/** The survey as the authoring form edits it, with what answers lock. */
export function presentAdminSurvey(options: {
  survey: SurveyWithHeader;
  groups: { groupId: number; name: string; abbreviation: string }[];
  answers: number | null;
  questions: QuestionWithOptions[];
  answered: { questionIds: Set<number>; optionIds: Set<number>; applications: number };
}): PesquisaAdmin {
  const { survey, answered } = options;
  return {
    ...presentAdminSummary(survey, options.groups, options.answers),
    descricao: survey.description,
    idMidiaCabecalho: survey.headerMediaId,
    imgCabecalho: mediaUrl(survey.headerKey),
    corPrincipal: survey.mainColor,
    corFundo: survey.backgroundColor,
    limitarAUmaResposta: survey.oneAnswerPerUser,
    desabilitarSalvamentoAutomatico: survey.autosaveDisabled,
    flPossuiRespostas: answered.applications > 0,
    questoes: options.questions.map((question) => ({
      ...presentQuestion(question),
      flPossuiRespostas: answered.questionIds.has(question.id),
      opcoes: question.options.map((option) => ({
        ...presentOption(option),
        flCorreta: flag(option.isCorrect),
        flPossuiRespostas: answered.optionIds.has(option.id),
      })),
    })),
    versao: survey.version,
  };
}

/**
 * Per question: counts and shares of each option, correct ones marked where the survey is a quiz;
 * with `counts` null (hidden results) the questions and options come without a number.
 */
export function presentResults(
  survey: SurveyWithHeader,
  questions: QuestionWithOptions[],
  counts: { perOption: Map<number, number>; perQuestion: Map<number, number> } | null,
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
          flCorreta: flag(survey.quiz && option.isCorrect),
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
export function presentHiddenResults(
  decision: { reason: HiddenReason; minimum: number },
  message: string,
): ResultadoOculto {
  return {
    motivo: hiddenReasons[decision.reason],
    qtdMinimaRespondentes: decision.minimum,
    mensagem: message,
  };
}

const sliceKinds = { group: 'GRUPO', unit: 'UNIDADE', sector: 'SETOR' } as const;

/** A slice of the results as the page names it. */
export function presentSlice(slice: SliceRef & { name: string }): RecorteOpcao {
  return { tipo: sliceKinds[slice.kind], id: slice.id, nome: slice.name };
}

/** A slice from the wire (GRUPO, UNIDADE or SETOR and an id) as the service takes it. */
export function sliceFromWire(recorte: { tipo: RecorteOpcao['tipo']; id: number }): SliceRef {
  const kind = ({ GRUPO: 'group', UNIDADE: 'unit', SETOR: 'sector' } as const)[recorte.tipo];
  return { kind, id: recorte.id };
}
