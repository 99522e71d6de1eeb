import { z } from 'zod';
import { SurveyAnswerStatus, SurveyQuestionType, SurveyStatus, SurveyUploadFormat } from '../enums.ts';

/**
 * The surveys' enumerations and rules, shared by the employee's calls (surveys.ts), the
 * administration's (surveys-admin.ts), the web and the server (which takes only these from the
 * contract: its services speak the domain's words).
 */

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

/** The kinds of slice results can be cut by: a target group, or the respondents' unit or sector. */
export const tipoRecorteSchema = z.enum(['GRUPO', 'UNIDADE', 'SETOR']);
export type TipoRecorte = z.infer<typeof tipoRecorteSchema>;

/** Whether a question type answers by options (multiple choice or checkbox). */
export function isChoiceQuestion(tipoQuestao: number): boolean {
  return tipoQuestao === SurveyQuestionType.multipleChoice || tipoQuestao === SurveyQuestionType.checkbox;
}
