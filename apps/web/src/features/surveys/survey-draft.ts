import { type PesquisaAdmin, type SalvaPesquisaInput } from '@elo/contract/calls/surveys-admin';
import { isChoiceQuestion } from '@elo/contract/calls/surveys-rules';
import { sharedConfig, limits } from '@elo/contract/limits';
import {
  SurveyQuestionType,
  type SurveyQuestionTypeId,
  type SurveyUploadFormatName,
} from '@elo/contract/enums';
import { tz, TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

type Flag = 'S' | 'N';

/** An option as the editor holds it; `key` keeps it apart while it has no id yet. */
export interface DraftOption {
  key: string;
  idPesquisaResposta?: number;
  descricao: string;
  flOutro: Flag;
  flCorreta: Flag;
  flDissertacaoDisponivel: Flag;
  flDissertacaoObrigatoria: Flag;
  /** Some answer chose it: it cannot be removed. */
  locked: boolean;
}

/** A question as the editor holds it. */
export interface DraftQuestion {
  key: string;
  idPesquisaQuestao?: number;
  titulo: string;
  descricao: string;
  tipoQuestao: SurveyQuestionTypeId;
  flObrigatoria: Flag;
  qtdMaximoArquivo: number;
  /** Upload limit in megabytes, as the author types it. */
  limiteMegabytes: number;
  formatosUploadPermitidos: SurveyUploadFormatName[];
  flAceitarSomenteArquivosEspecificos: Flag;
  opcoes: DraftOption[];
  /** Some answer exists: it cannot be removed nor change type. */
  locked: boolean;
}

/** The whole authoring form. Dates are `yyyy-MM-ddTHH:mm` in the company's time zone. */
export interface DraftSurvey {
  idPesquisa?: number;
  /** The versao read with the survey (editing): a stale one is refused (409 REGISTRO_ALTERADO). */
  versao?: number;
  titulo: string;
  descricao: string;
  idMidiaCabecalho: number | null;
  imgCabecalho: string | null;
  corPrincipal: string;
  corFundo: string;
  idsGrupos: number[];
  inicio: string;
  fim: string;
  limitarAUmaResposta: boolean;
  desabilitarSalvamentoAutomatico: boolean;
  flAnonima: Flag;
  flQuiz: Flag;
  questoes: DraftQuestion[];
  /** Some application exists (locks answered questions and options). */
  hasAnswers: boolean;
}

const megabyte = 1024 * 1024;
const localPattern = "yyyy-MM-dd'T'HH:mm";
const companyZone = tz(sharedConfig.currentTimezone);
let nextKey = 0;

/** A key for a new question or option, unique in the page. */
export function newKey(): string {
  nextKey += 1;
  return `novo-${nextKey}`;
}

/** An instant as a `datetime-local` value in the company's time zone. */
export function toLocalInput(iso: string): string {
  return format(new Date(iso), localPattern, { in: companyZone });
}

/** A `datetime-local` value read in the company's time zone, as ISO 8601 (null when incomplete). */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new TZDate(year, month - 1, day, hour, minute, sharedConfig.currentTimezone);
  return new Date(instant.getTime()).toISOString();
}

/** A new option. */
export function newOption(descricao = ''): DraftOption {
  return {
    key: newKey(),
    descricao,
    flOutro: 'N',
    flCorreta: 'N',
    flDissertacaoDisponivel: 'N',
    flDissertacaoObrigatoria: 'N',
    locked: false,
  };
}

/** A new question of a type; choice questions start with two options. */
export function newQuestion(
  tipoQuestao: SurveyQuestionTypeId = SurveyQuestionType.multipleChoice,
): DraftQuestion {
  const choice = isChoiceQuestion(tipoQuestao);
  return {
    key: newKey(),
    titulo: '',
    descricao: '',
    tipoQuestao,
    flObrigatoria: 'N',
    qtdMaximoArquivo: limits.survey.uploadFilesDefault,
    limiteMegabytes: limits.survey.uploadBytesDefault / megabyte,
    formatosUploadPermitidos: [],
    flAceitarSomenteArquivosEspecificos: 'N',
    opcoes: choice ? [newOption(), newOption()] : [],
    locked: false,
  };
}

/** A blank survey starting now and open for a week. */
export function newDraft(now = new Date()): DraftSurvey {
  return {
    titulo: '',
    descricao: '',
    idMidiaCabecalho: null,
    imgCabecalho: null,
    corPrincipal: '#1d4ed8',
    corFundo: '#f1f5f9',
    idsGrupos: [],
    inicio: format(now, localPattern, { in: companyZone }),
    fim: format(addDays(now, 7), localPattern, { in: companyZone }),
    limitarAUmaResposta: true,
    desabilitarSalvamentoAutomatico: false,
    flAnonima: 'N',
    flQuiz: 'N',
    questoes: [newQuestion(SurveyQuestionType.openText)],
    hasAnswers: false,
  };
}

/** The editor's form for a stored survey. */
export function draftFromSurvey(survey: PesquisaAdmin): DraftSurvey {
  return {
    idPesquisa: survey.idPesquisa,
    versao: survey.versao,
    titulo: survey.titulo,
    descricao: survey.descricao ?? '',
    idMidiaCabecalho: survey.idMidiaCabecalho,
    imgCabecalho: survey.imgCabecalho,
    corPrincipal: survey.corPrincipal,
    corFundo: survey.corFundo,
    idsGrupos: survey.grupos.map((group) => group.idGrupo),
    inicio: toLocalInput(survey.dtInicioPesquisa),
    fim: toLocalInput(survey.dtFimPesquisa),
    limitarAUmaResposta: survey.limitarAUmaResposta,
    desabilitarSalvamentoAutomatico: survey.desabilitarSalvamentoAutomatico,
    flAnonima: survey.flAnonima,
    flQuiz: survey.flQuiz,
    hasAnswers: survey.flPossuiRespostas,
    questoes: survey.questoes.map((question) => ({
      key: `questao-${question.idPesquisaQuestao}`,
      idPesquisaQuestao: question.idPesquisaQuestao,
      titulo: question.titulo,
      descricao: question.descricao ?? '',
      tipoQuestao: question.tipoQuestao,
      flObrigatoria: question.flObrigatoria,
      qtdMaximoArquivo: question.qtdMaximoArquivo ?? limits.survey.uploadFilesDefault,
      limiteMegabytes: (question.limiteBytesUpload ?? limits.survey.uploadBytesDefault) / megabyte,
      formatosUploadPermitidos: [...question.formatosUploadPermitidos],
      flAceitarSomenteArquivosEspecificos: question.flAceitarSomenteArquivosEspecificos,
      locked: question.flPossuiRespostas,
      opcoes: question.opcoes.map((option) => ({
        key: `opcao-${option.idPesquisaResposta}`,
        idPesquisaResposta: option.idPesquisaResposta,
        descricao: option.descricao,
        flOutro: option.flOutro,
        flCorreta: option.flCorreta,
        flDissertacaoDisponivel: option.flDissertacaoDisponivel,
        flDissertacaoObrigatoria: option.flDissertacaoObrigatoria,
        locked: option.flPossuiRespostas,
      })),
    })),
  };
}

/** The form as salvaPesquisa takes it; question order is the list's order. */
export function toSaveInput(draft: DraftSurvey): SalvaPesquisaInput {
  return {
    ...(draft.idPesquisa ? { idPesquisa: draft.idPesquisa } : {}),
    ...(draft.idPesquisa && draft.versao !== undefined ? { versao: draft.versao } : {}),
    titulo: draft.titulo,
    descricao: draft.descricao.trim() || null,
    idMidiaCabecalho: draft.idMidiaCabecalho,
    corPrincipal: draft.corPrincipal,
    corFundo: draft.corFundo,
    idsGrupos: draft.idsGrupos,
    // An incomplete date goes as typed, so the contract's 'invalid date' names the field.
    dtInicioPesquisa: fromLocalInput(draft.inicio) ?? draft.inicio,
    dtFimPesquisa: fromLocalInput(draft.fim) ?? draft.fim,
    limitarAUmaResposta: draft.limitarAUmaResposta,
    desabilitarSalvamentoAutomatico: draft.desabilitarSalvamentoAutomatico,
    flAnonima: draft.flAnonima,
    flQuiz: draft.flQuiz,
    questoes: draft.questoes.map((question) => {
      const upload = question.tipoQuestao === SurveyQuestionType.upload;
      return {
        ...(question.idPesquisaQuestao ? { idPesquisaQuestao: question.idPesquisaQuestao } : {}),
        titulo: question.titulo,
        descricao: question.descricao.trim() || null,
        tipoQuestao: question.tipoQuestao,
        flObrigatoria: question.flObrigatoria,
        qtdMaximoArquivo: upload ? question.qtdMaximoArquivo : null,
        limiteBytesUpload: upload ? Math.round(question.limiteMegabytes * megabyte) : null,
        formatosUploadPermitidos: upload ? question.formatosUploadPermitidos : [],
        flAceitarSomenteArquivosEspecificos: upload ? question.flAceitarSomenteArquivosEspecificos : 'N',
        opcoes: isChoiceQuestion(question.tipoQuestao)
          ? question.opcoes.map((option) => ({
              ...(option.idPesquisaResposta ? { idPesquisaResposta: option.idPesquisaResposta } : {}),
              descricao: option.descricao,
              flOutro: option.flOutro,
              flCorreta: draft.flQuiz === 'S' ? option.flCorreta : 'N',
              flDissertacaoDisponivel: option.flOutro === 'S' ? 'S' : option.flDissertacaoDisponivel,
              flDissertacaoObrigatoria: option.flOutro === 'S' ? 'S' : option.flDissertacaoObrigatoria,
            }))
          : [],
      };
    }),
  };
}

/** Moves an item of a list from one place to another (drag and drop, or the move buttons). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
