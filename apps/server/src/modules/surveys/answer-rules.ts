import { SurveyQuestionType, SurveyUploadFormat, surveyUploadExtensions } from '@elo/contract/enums';
import type { SurveyUploadFormatName } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import type { FieldMessage } from '../../platform/http/app-error.ts';
import type { StoredAnswer } from './repo/applications.ts';
import type { MediaRow, OptionRow, QuestionWithOptions } from './repo/surveys.ts';

/** One question's answer, as sent and as stored (the wire's defaults applied). */
export interface Answer {
  questionId: number;
  /** The choice of a multiple choice question. */
  optionId: number | null;
  /** The ticked options of a checkbox question. */
  optionIds: number[];
  /** The open text, or the text of the chosen option that takes one. */
  text: string;
  /** The files of an upload question, sent before the answer. */
  mediaIds: number[];
}

/** A stored answer read back, with its files described. */
export interface SavedAnswer extends Answer {
  files: MediaRow[];
}

/** The content types each upload format stands for (files are told apart by content, not name). */
const formatMimeTypes: Record<SurveyUploadFormatName, readonly string[]> = {
  Imagem: ['image/jpeg', 'image/png'],
  PDF: ['application/pdf'],
};

/** The formats an upload question takes: its own list when it restricts, otherwise every one. */
export function allowedFormats(question: QuestionWithOptions): SurveyUploadFormatName[] {
  const own = question.formats.filter((format): format is SurveyUploadFormatName =>
    Object.hasOwn(formatMimeTypes, format),
  );
  return question.onlySpecificFormats && own.length > 0
    ? own
    : [SurveyUploadFormat.image, SurveyUploadFormat.pdf];
}

export function isAllowedMime(question: QuestionWithOptions, mimeType: string): boolean {
  return allowedFormats(question).some((format) => formatMimeTypes[format].includes(mimeType));
}

/** The extensions named in the format message ("jpg, jpeg, png, pdf"). */
export function allowedExtensions(question: QuestionWithOptions): string {
  return allowedFormats(question)
    .flatMap((format) => surveyUploadExtensions[format])
    .join(', ');
}

/** Files an upload question takes at most, and how many bytes in all. */
export function uploadCaps(question: QuestionWithOptions) {
  return {
    maxFiles: question.maxFiles ?? limits.survey.uploadFilesDefault,
    maxBytes: question.maxBytes ?? limits.survey.uploadBytesDefault,
  };
}

/** A size as people read it in the language ("10 MB", "500 kB"). */
export function formatBytes(bytes: number, language: string): string {
  const mega = 1024 * 1024;
  const [value, unit] = bytes >= mega ? [bytes / mega, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** Checks of an upload batch or an answer's files: formats, count, total size. */
export function checkFiles(
  question: QuestionWithOptions,
  files: { fileName: string; mimeType: string; sizeBytes: number }[],
  language: string,
): FieldMessage | null {
  const refused = files.filter((file) => !isAllowedMime(question, file.mimeType));
  if (refused.length > 0) {
    return {
      key: 'validation.surveyUploadFormat',
      params: {
        arquivos: refused.map((file) => file.fileName).join(', '),
        extensoes: allowedExtensions(question),
      },
    };
  }
  const caps = uploadCaps(question);
  if (files.length > caps.maxFiles) {
    return { key: 'validation.surveyUploadTooMany', params: { max: caps.maxFiles } };
  }
  const total = files.reduce((sum, file) => sum + file.sizeBytes, 0);
  if (total > caps.maxBytes) {
    return {
      key: 'validation.surveyUploadTotalTooLarge',
      params: { limite: formatBytes(caps.maxBytes, language) },
    };
  }
  return null;
}

const takesText = (option: OptionRow) => option.isOther || option.textAvailable;
const needsText = (option: OptionRow) => option.isOther || option.textRequired;

/** The text of a chosen option that takes one: required for 'other', at most 300 characters. */
function checkOptionText(option: OptionRow, text: string): FieldMessage | null {
  if (!takesText(option)) return null;
  if (needsText(option) && text.length === 0) return 'validation.surveyOtherTextRequired';
  if (text.length > limits.surveyOtherAnswerMax) return 'validation.surveyOtherTooLong';
  return null;
}

/**
 * Checks one answer against its question (spec section 5) and gives what to store, or the first
 * message. `enforceRequired` is off for autosave, which stores whatever valid state the form is in.
 * `media` are the files sent for this application (an answer may only name its own question's).
 */
export function checkAnswer(options: {
  question: QuestionWithOptions;
  answer: Answer | undefined;
  media: MediaRow[];
  enforceRequired: boolean;
  language: string;
}): { ok: true; stored: StoredAnswer } | { ok: false; message: FieldMessage } {
  const { question, enforceRequired } = options;
  const answer = options.answer ?? emptyAnswer(question.id);
  const fail = (message: FieldMessage) => ({ ok: false as const, message });
  const stored: StoredAnswer = { questionId: question.id, rows: [], mediaIds: [] };
  const text = answer.text.trim();
  const missing = enforceRequired && question.required;

  switch (question.type) {
    case SurveyQuestionType.openText: {
      if (text.length === 0) return missing ? fail('validation.surveyRequired') : { ok: true, stored };
      if (text.length > limits.surveyOpenAnswerMax) return fail('validation.surveyOpenTextTooLong');
      stored.rows.push({ optionId: null, text });
      return { ok: true, stored };
    }
    case SurveyQuestionType.multipleChoice:
    case SurveyQuestionType.checkbox: {
      const chosenIds =
        question.type === SurveyQuestionType.multipleChoice
          ? answer.optionId === null
            ? []
            : [answer.optionId]
          : [...new Set(answer.optionIds)];
      if (chosenIds.length === 0) return missing ? fail('validation.surveyRequired') : { ok: true, stored };
      const chosen = chosenIds.map((id) => question.options.find((option) => option.id === id));
      if (chosen.some((option) => option === undefined)) return fail('validation.surveyOptionInvalid');
      for (const option of chosen as OptionRow[]) {
        const problem = checkOptionText(option, text);
        if (problem) return fail(problem);
        stored.rows.push({ optionId: option.id, text: takesText(option) && text ? text : null });
      }
      return { ok: true, stored };
    }
    case SurveyQuestionType.upload: {
      const ids = [...new Set(answer.mediaIds)];
      const files = ids.map((id) => options.media.find((file) => file.id === id));
      if (files.some((file) => file === undefined || file.questionId !== question.id)) {
        return fail('validation.surveyFileInvalid');
      }
      if (ids.length === 0) return missing ? fail('validation.surveyRequired') : { ok: true, stored };
      const problem = checkFiles(question, files as MediaRow[], options.language);
      if (problem) return fail(problem);
      stored.rows.push({ optionId: null, text: null });
      stored.mediaIds = ids;
      return { ok: true, stored };
    }
    default:
      return fail('validation.surveyOptionInvalid');
  }
}

/** The answer of a question nobody answered yet. */
export function emptyAnswer(questionId: number): SavedAnswer {
  return { questionId, optionId: null, optionIds: [], text: '', mediaIds: [], files: [] };
}

/**
 * One question's stored answer in an application, read back from its rows and the application's
 * files; null when the question has no answer there.
 */
export function savedAnswer(
  question: QuestionWithOptions,
  answers: { questionId: number; optionId: number | null; text: string | null }[],
  media: MediaRow[],
): SavedAnswer | null {
  const rows = answers.filter((row) => row.questionId === question.id);
  if (rows.length === 0) return null;
  const files = media.filter((file) => file.questionId === question.id);
  const optionIds = rows.flatMap((row) => (row.optionId === null ? [] : [row.optionId]));
  return {
    questionId: question.id,
    optionId: question.type === SurveyQuestionType.multipleChoice ? (optionIds[0] ?? null) : null,
    optionIds: question.type === SurveyQuestionType.checkbox ? optionIds : [],
    text: rows.find((row) => row.text)?.text ?? '',
    mediaIds: files.map((file) => file.id),
    files,
  };
}

/** The options an answer chose, the single choice first. */
export const chosenOptionIds = (answer: Answer): number[] => [
  ...(answer.optionId === null ? [] : [answer.optionId]),
  ...answer.optionIds,
];

/** An answer in words: the text, the chosen options (with their text), the files' names. */
export function answerText(question: QuestionWithOptions, answer: SavedAnswer | null): string {
  if (!answer) return '';
  const chosen = chosenOptionIds(answer);
  const parts = chosen.flatMap((id) => {
    const option = question.options.find((entry) => entry.id === id);
    return option ? [option.label] : [];
  });
  if (chosen.length > 0) {
    return answer.text ? `${parts.join('; ')}: ${answer.text}` : parts.join('; ');
  }
  if (answer.files.length > 0) return answer.files.map((file) => file.fileName).join('; ');
  return answer.text;
}
