import { SurveyQuestionType, type Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { requireOpenSurvey, requireVisibleSurvey, userState } from './access.ts';
import {
  checkAnswer,
  checkFiles,
  emptyAnswer,
  savedAnswer,
  type Answer,
  type SavedAnswer,
} from './answer-rules.ts';
import type { SurveysModule } from './model.ts';
import {
  clearAnswers,
  findOwnApplication,
  finishApplication,
  insertApplication,
  insertMedia,
  listAnswers,
  listApplicationMedia,
  listQuestionMedia,
  listUserStates,
  lockApplication,
  markRead,
  replaceAnswers,
  type StoredAnswer,
} from './repo/applications.ts';
import { listAudienceSurveys, listQuestions, type QuestionWithOptions } from './repo/surveys.ts';

// The employee's side: the surveys they may answer, and answering them (autosave, submit,
// finish, clear, files).

/** One application of the caller to a survey, by ids. */
export interface ApplicationRef {
  surveyId: number;
  applicationId: number;
}

/** A 422 naming each failing question under `questoes.<idPesquisaQuestao>`. */
function questionErrors(errors: Map<number, FieldMessage>): AppError {
  return invalidFields(
    Object.fromEntries([...errors].map(([questionId, message]) => [`questoes.${questionId}`, [message]])),
  );
}

/** The caller's application to an open survey; a finished one only when editing it. */
async function requireWritableApplication(
  module: SurveysModule,
  scope: TenantScope,
  { surveyId, applicationId }: { surveyId: number; applicationId?: number | undefined },
  editing: boolean,
) {
  const { survey, state } = await requireOpenSurvey(module, scope, surveyId);
  const id = applicationId ?? state.inProgressId;
  const application = id ? await findOwnApplication(module.db, scope, surveyId, id) : undefined;
  if (!application) throw new AppError('SURVEY_APPLICATION_NOT_FOUND');
  if (application.status === 3 && !editing) throw new AppError('SURVEY_APPLICATION_FINISHED');
  return { survey, application };
}

/**
 * A writable application and the question of its survey an answer or a file is for (422 when
 * the survey has no such question, or not one that takes it).
 */
async function requireAnswerTarget(
  module: SurveysModule,
  scope: TenantScope,
  target: { surveyId: number; applicationId?: number | undefined; questionId: number },
  editing: boolean,
  takes: (question: QuestionWithOptions) => boolean = () => true,
) {
  const { application } = await requireWritableApplication(module, scope, target, editing);
  const questions = await listQuestions(module.db, scope, target.surveyId);
  const question = questions.find((entry) => entry.id === target.questionId);
  if (!question || !takes(question)) {
    throw invalidFields({ idPesquisaQuestao: ['validation.surveyOptionInvalid'] });
  }
  return { application, question };
}

/**
 * Runs a change of an application in a transaction holding its row, after checking again that
 * it is still unfinished (or being edited): a save and a finish never interleave.
 */
function withLockedApplication<T>(
  { db }: SurveysModule,
  scope: TenantScope,
  applicationId: number,
  editing: boolean,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const status = await lockApplication(tx, scope, applicationId);
    if (status === undefined) throw new AppError('SURVEY_APPLICATION_NOT_FOUND');
    if (status === 3 && !editing) throw new AppError('SURVEY_APPLICATION_FINISHED');
    return work(tx);
  });
}

/** Checks every question's answer; the stored form of each, or a 422 per failing question. */
async function checkAllAnswers(options: {
  source: Database;
  scope: TenantScope;
  questions: QuestionWithOptions[];
  answers: Answer[];
  applicationId: number;
  language: Language;
}): Promise<StoredAnswer[]> {
  const media = await listApplicationMedia(options.source, options.scope, options.applicationId);
  const errors = new Map<number, FieldMessage>();
  const stored: StoredAnswer[] = [];
  for (const question of options.questions) {
    const result = checkAnswer({
      question,
      answer: options.answers.find((answer) => answer.questionId === question.id),
      media,
      enforceRequired: true,
      language: options.language,
    });
    if (result.ok) stored.push(result.stored);
    else errors.set(question.id, result.message);
  }
  if (errors.size > 0) throw questionErrors(errors);
  return stored;
}

/** The surveys open to the user's groups (started, published or closed), with where they stand. */
export async function listSurveys({ db }: SurveysModule, scope: TenantScope) {
  const rows = await listAudienceSurveys(db, scope);
  const states = await listUserStates(
    db,
    scope,
    rows.map((row) => row.id),
  );
  return rows.map((survey) => ({ survey, state: states.get(survey.id)! }));
}

/** One survey the caller may see, with where their applications stand. */
export async function getSurvey(module: SurveysModule, scope: TenantScope, surveyId: number) {
  const survey = await requireVisibleSurvey(module, scope, surveyId);
  return { survey, state: await userState(module, scope, surveyId) };
}

/** A visible survey's questions in order, each with its options. */
export async function getSurveyQuestions(module: SurveysModule, scope: TenantScope, surveyId: number) {
  await requireVisibleSurvey(module, scope, surveyId);
  return listQuestions(module.db, scope, surveyId);
}

export async function markSurveyRead(module: SurveysModule, scope: TenantScope, surveyId: number) {
  await requireVisibleSurvey(module, scope, surveyId);
  await markRead(module.db, scope, surveyId);
}

/** The unfinished application's id, or a new one's when the survey still takes one from the user. */
export async function startAnswering(
  module: SurveysModule,
  scope: TenantScope,
  surveyId: number,
): Promise<number> {
  const { survey, state } = await requireOpenSurvey(module, scope, surveyId);
  if (state.inProgressId) return state.inProgressId;
  if (survey.oneAnswerPerUser && state.finishedCount > 0) throw new AppError('SURVEY_ALREADY_ANSWERED');
  return insertApplication(module.db, scope, surveyId);
}

/** An application of the user, with what it needs to be answered, continued or edited. */
export async function getApplication(module: SurveysModule, scope: TenantScope, ref: ApplicationRef) {
  const survey = await requireVisibleSurvey(module, scope, ref.surveyId);
  const application = await findOwnApplication(module.db, scope, ref.surveyId, ref.applicationId);
  if (!application) throw new AppError('SURVEY_APPLICATION_NOT_FOUND');
  const [state, questions, stored] = await Promise.all([
    userState(module, scope, ref.surveyId),
    listQuestions(module.db, scope, ref.surveyId),
    listAnswers(module.db, scope, [application.id]),
  ]);
  return {
    survey,
    state,
    questions,
    application,
    answers: questions.flatMap((question) => {
      const answer = savedAnswer(question, stored.answers, stored.media);
      return answer ? [answer] : [];
    }),
  };
}

/** Autosave of one question: checked like on submit, except that it may be left empty. */
export async function saveAnswer(
  module: SurveysModule,
  scope: TenantScope,
  input: { surveyId: number; applicationId?: number | undefined; answer: Answer },
  language: Language,
): Promise<SavedAnswer> {
  const { application, question } = await requireAnswerTarget(
    module,
    scope,
    { ...input, questionId: input.answer.questionId },
    false,
  );
  const media = await listQuestionMedia(module.db, scope, application.id, question.id);
  const result = checkAnswer({ question, answer: input.answer, media, enforceRequired: false, language });
  if (!result.ok) throw invalidFields({ resposta: [result.message] });
  await withLockedApplication(module, scope, application.id, false, (tx) =>
    replaceAnswers(tx, scope, application.id, [result.stored]),
  );
  const stored = await listAnswers(module.db, scope, [application.id]);
  return savedAnswer(question, stored.answers, stored.media) ?? emptyAnswer(question.id);
}

/** Submit: every question checked (required ones too), all saved at once. */
export async function saveAnswers(
  module: SurveysModule,
  scope: TenantScope,
  input: ApplicationRef & { editing: boolean; answers: Answer[] },
  language: Language,
): Promise<void> {
  const { application } = await requireWritableApplication(module, scope, input, input.editing);
  const questions = await listQuestions(module.db, scope, input.surveyId);
  if (input.answers.some((answer) => !questions.some((question) => question.id === answer.questionId))) {
    throw invalidFields({ respostas: ['validation.surveyOptionInvalid'] });
  }
  const stored = await checkAllAnswers({
    source: module.db,
    scope,
    questions,
    answers: input.answers,
    applicationId: application.id,
    language,
  });
  await withLockedApplication(module, scope, application.id, input.editing, (tx) =>
    replaceAnswers(tx, scope, application.id, stored),
  );
}

/** Finishes an application whose saved answers pass every rule. */
export async function finishAnswering(
  module: SurveysModule,
  scope: TenantScope,
  ref: ApplicationRef,
  language: Language,
): Promise<void> {
  const { application } = await requireWritableApplication(module, scope, ref, false);
  const questions = await listQuestions(module.db, scope, ref.surveyId);
  await withLockedApplication(module, scope, application.id, false, async (tx) => {
    const saved = await listAnswers(tx, scope, [application.id]);
    const answers = questions.flatMap((question) => {
      const answer = savedAnswer(question, saved.answers, saved.media);
      return answer ? [answer] : [];
    });
    await checkAllAnswers({
      source: tx,
      scope,
      questions,
      answers,
      applicationId: application.id,
      language,
    });
    await finishApplication(tx, scope, application.id);
  });
}

/** Clears every answer of an unfinished application, and its files. */
export async function clearForm(module: SurveysModule, scope: TenantScope, ref: ApplicationRef) {
  const { application } = await requireWritableApplication(module, scope, ref, false);
  const keys = await withLockedApplication(module, scope, application.id, false, (tx) =>
    clearAnswers(tx, scope, application.id),
  );
  // The files go once the rows are gone for good: a failed transaction keeps both.
  await Promise.all(keys.map((key) => module.storage.remove(key)));
}

/** Files for an upload question, checked by content against its formats, count and size. */
export async function uploadAnswerFiles(
  module: SurveysModule,
  scope: TenantScope,
  target: ApplicationRef & { questionId: number },
  files: UploadedFile[],
  language: Language,
) {
  const { application, question } = await requireAnswerTarget(
    module,
    scope,
    target,
    true,
    (entry) => entry.type === SurveyQuestionType.upload,
  );
  const sent = files.filter((file) => file.field === 'arquivos');
  if (sent.length === 0 || sent.length !== files.length) {
    throw invalidFields({ arquivos: ['validation.surveyRequired'] });
  }
  const problem = checkFiles(question, sent, language);
  if (problem) throw invalidFields({ arquivos: [problem] });
  return insertMedia(
    module.db,
    scope,
    sent.map((file) => ({
      purpose: 'answer' as const,
      applicationId: application.id,
      questionId: question.id,
      storageKey: file.key,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      fileName: file.fileName.slice(0, 255) || 'arquivo',
    })),
  );
}
