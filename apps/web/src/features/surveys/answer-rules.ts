import type { Questao } from '@elo/contract/calls/surveys-shapes';
import { SurveyQuestionType, surveyUploadExtensions, type SurveyUploadFormatName } from '@elo/contract/enums';
import type { ValidationKey } from '@elo/contract/i18n/catalogue';
import { limits } from '@elo/contract/limits';

/** What the rules need to know of an answer option. */
export type OptionRules = Pick<
  Questao['opcoes'][number],
  'idPesquisaResposta' | 'flOutro' | 'flDissertacaoDisponivel' | 'flDissertacaoObrigatoria'
>;

/** What the rules need to know of a question. */
export type QuestionRules = Pick<
  Questao,
  | 'idPesquisaQuestao'
  | 'tipoQuestao'
  | 'flObrigatoria'
  | 'qtdMaximoArquivo'
  | 'limiteBytesUpload'
  | 'flAceitarSomenteArquivosEspecificos'
> & { formatosUploadPermitidos: readonly string[]; opcoes: readonly OptionRules[] };

/** A file attached to an upload answer. */
export interface AnswerFile {
  idMidia: number;
  nomeArquivo: string;
  tamanhoBytes: number;
}

/** One question's answer as the form holds it (the wire's shape, spec section 7). */
export interface QuestionAnswer {
  /** The open text (type 1), or the text beside the chosen option that takes one. */
  resposta: string;
  /** Chosen options (one at most for multiple choice). */
  idsRespostas: number[];
  arquivos: AnswerFile[];
}

/** A message of the contract's catalogue with its values, translated where it is shown. */
export interface RuleMessage {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** An empty answer. */
export function emptyAnswer(): QuestionAnswer {
  return { resposta: '', idsRespostas: [], arquivos: [] };
}

/** Why an answer cannot be sent, as a message id with its values; the page words it. */
export type AnswerProblem =
  | { rule: 'required' }
  | { rule: 'openTextTooLong'; max: number }
  | { rule: 'otherTextRequired' }
  | { rule: 'otherTextTooLong'; max: number }
  | { rule: 'filesTooLarge'; limitBytes: number }
  | { rule: 'tooManyFiles'; max: number }
  | { rule: 'formatsNotAllowed'; files: string[]; extensions: string[] };

/** Whether a problem is something not filled in yet (told on submit, not while typing). */
export function isMissingAnswer(problem: AnswerProblem): boolean {
  return problem.rule === 'required' || problem.rule === 'otherTextRequired';
}

/** Counts characters as people see them (an emoji once), as the server does. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isUploadFormat(value: string): value is SurveyUploadFormatName {
  return Object.hasOwn(surveyUploadExtensions, value);
}

/**
 * The extensions a question takes: its formats when it accepts only specific files, else every
 * format the portal takes (Imagem and PDF).
 */
export function allowedExtensions(question: QuestionRules): string[] {
  const formats =
    question.flAceitarSomenteArquivosEspecificos === 'S'
      ? question.formatosUploadPermitidos.filter(isUploadFormat)
      : (Object.keys(surveyUploadExtensions) as SurveyUploadFormatName[]);
  return formats.flatMap((format) => [...surveyUploadExtensions[format]]);
}

/** Whether an option asks for a text beside it. */
export function optionTakesText(option: OptionRules): boolean {
  return option.flOutro === 'S' || option.flDissertacaoDisponivel === 'S';
}

/** Whether an option's text must be filled when the option is chosen. */
export function optionNeedsText(option: OptionRules): boolean {
  return option.flOutro === 'S' || option.flDissertacaoObrigatoria === 'S';
}

function checkChoice(question: QuestionRules, answer: QuestionAnswer): AnswerProblem | null {
  if (answer.idsRespostas.length === 0) {
    return question.flObrigatoria === 'S' ? { rule: 'required' } : null;
  }
  const option = chosenOptionWithText(question, answer);
  if (option) {
    const text = answer.resposta.trim();
    if (text === '' && optionNeedsText(option)) return { rule: 'otherTextRequired' };
    if (characterCount(text) > limits.surveyOtherAnswerMax) {
      return { rule: 'otherTextTooLong', max: limits.surveyOtherAnswerMax };
    }
  }
  return null;
}

/** The chosen option that takes a text, if any (the wire keeps one text per question). */
export function chosenOptionWithText(question: QuestionRules, answer: QuestionAnswer): OptionRules | null {
  return (
    question.opcoes.find(
      (option) => answer.idsRespostas.includes(option.idPesquisaResposta) && optionTakesText(option),
    ) ?? null
  );
}

function checkUpload(question: QuestionRules, answer: QuestionAnswer): AnswerProblem | null {
  const files = answer.arquivos;
  if (files.length === 0) return question.flObrigatoria === 'S' ? { rule: 'required' } : null;
  if (question.qtdMaximoArquivo !== null && files.length > question.qtdMaximoArquivo) {
    return { rule: 'tooManyFiles', max: question.qtdMaximoArquivo };
  }
  const extensions = allowedExtensions(question);
  const refused = files.filter((file) => !extensions.includes(extensionOf(file.nomeArquivo)));
  if (refused.length > 0) {
    return { rule: 'formatsNotAllowed', files: refused.map((file) => file.nomeArquivo), extensions };
  }
  const total = files.reduce((sum, file) => sum + file.tamanhoBytes, 0);
  if (question.limiteBytesUpload !== null && total > question.limiteBytesUpload) {
    return { rule: 'filesTooLarge', limitBytes: question.limiteBytesUpload };
  }
  return null;
}

/** Checks one answer against its question (spec section 5); null when it may be sent. */
export function checkAnswer(question: QuestionRules, answer: QuestionAnswer): AnswerProblem | null {
  switch (question.tipoQuestao) {
    case SurveyQuestionType.openText: {
      const text = answer.resposta.trim();
      if (text === '') return question.flObrigatoria === 'S' ? { rule: 'required' } : null;
      if (characterCount(text) > limits.surveyOpenAnswerMax) {
        return { rule: 'openTextTooLong', max: limits.surveyOpenAnswerMax };
      }
      return null;
    }
    case SurveyQuestionType.multipleChoice:
    case SurveyQuestionType.checkbox:
      return checkChoice(question, answer);
    case SurveyQuestionType.upload:
      return checkUpload(question, answer);
    default:
      return null;
  }
}

/** Whether an answer holds anything at all (an empty optional answer is not worth saving). */
export function isAnswered(answer: QuestionAnswer): boolean {
  return answer.resposta.trim() !== '' || answer.idsRespostas.length > 0 || answer.arquivos.length > 0;
}

/**
 * Checks every answer of a survey, in question order: the problems by question id and the
 * first question that has one (the page scrolls to it and focuses it).
 */
export function checkAllAnswers(
  questions: readonly QuestionRules[],
  answers: Readonly<Record<number, QuestionAnswer>>,
): { problems: Map<number, AnswerProblem>; firstInvalid: number | null } {
  const problems = new Map<number, AnswerProblem>();
  let firstInvalid: number | null = null;
  for (const question of questions) {
    const problem = checkAnswer(question, answers[question.idPesquisaQuestao] ?? emptyAnswer());
    if (!problem) continue;
    problems.set(question.idPesquisaQuestao, problem);
    firstInvalid ??= question.idPesquisaQuestao;
  }
  return { problems, firstInvalid };
}

/** A byte count as people read it in the limit message: '5 MB', '500 KB', '1,5 MB'. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return `${number} ${units[unit]}`;
}

/** The catalogue message of a problem with its values (spec section 5, word for word). */
export function problemMessage(problem: AnswerProblem, locale: string): RuleMessage {
  switch (problem.rule) {
    case 'required':
      return { key: 'validation.surveyRequired' };
    case 'openTextTooLong':
      return { key: 'validation.surveyOpenTextTooLong', params: { max: problem.max } };
    case 'otherTextRequired':
      return { key: 'validation.surveyOtherTextRequired' };
    case 'otherTextTooLong':
      return { key: 'validation.surveyOtherTooLong', params: { max: problem.max } };
    case 'filesTooLarge':
      return {
        key: 'validation.surveyUploadTotalTooLarge',
        params: { limite: formatBytes(problem.limitBytes, locale) },
      };
    case 'tooManyFiles':
      return { key: 'validation.surveyUploadTooMany', params: { max: problem.max } };
    case 'formatsNotAllowed':
      return {
        key: 'validation.surveyUploadFormat',
        params: { arquivos: problem.files.join(', '), extensoes: problem.extensions.join(', ') },
      };
  }
}
