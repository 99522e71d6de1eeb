import { isChoiceQuestion } from '@elo/contract/calls/surveys-rules';
import { AuditAction } from '@elo/contract/calls/audit';
import { SurveyQuestionType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { requireCompanySurvey } from './access.ts';
import { getAdminSurvey, knownAnswers, type AdminSurvey } from './administration.ts';
import type { SurveyReader, SurveysModule } from './model.ts';
import {
  insertSurvey,
  replaceSurveyGroups,
  syncQuestions,
  updateSurvey,
  type QuestionValues,
  type SurveyValues,
} from './repo/authoring.ts';
import { findHeaderMedia, insertMedia } from './repo/applications.ts';
import {
  findCompanyGroupIds,
  listQuestions,
  listSurveyGroups,
  type SurveyWithHeader,
} from './repo/surveys.ts';
import { auditedCopy, auditedHeader, auditedSurvey, surveyTarget } from './wire.ts';

// The administration's authoring: a survey's header image, creating and editing it with its
// questions and options, and copying it.

/**
 * The authoring form as sent: a new survey (no id) or an edit of one (with the version read).
 * Its questions come as written; `questionValues` applies the rules before they are stored.
 */
export interface SurveyDraft extends SurveyValues {
  id: number | undefined;
  version: number | undefined;
  groupIds: number[];
  questions: QuestionValues[];
}

const imageTypes = new Set(['image/png', 'image/jpeg']);

/** Turns the authoring form's questions into rows, with the 422s the contract cannot tell. */
function questionValues(draft: SurveyDraft): QuestionValues[] {
  const errors: Record<string, FieldMessage[]> = {};
  const values = draft.questions.map((question, index): QuestionValues => {
    const isChoice = isChoiceQuestion(question.type);
    const isUpload = question.type === SurveyQuestionType.upload;
    const options = isChoice ? question.options : [];
    if (isChoice && options.length === 0)
      errors[`questoes.${index}.opcoes`] = ['validation.surveyNeedsOptions'];
    const textOptions = options.filter((option) => option.isOther || option.textAvailable);
    if (textOptions.length > 1) errors[`questoes.${index}.opcoes`] = ['validation.surveyOneTextOption'];
    if (
      draft.quiz &&
      question.type === SurveyQuestionType.multipleChoice &&
      options.filter((option) => option.isCorrect).length > 1
    ) {
      errors[`questoes.${index}.opcoes`] = ['validation.surveyOneCorrectOption'];
    }
    return {
      id: question.id,
      title: question.title,
      description: question.description || null,
      type: question.type,
      required: question.required,
      maxFiles: isUpload ? (question.maxFiles ?? limits.survey.uploadFilesDefault) : null,
      maxBytes: isUpload ? (question.maxBytes ?? limits.survey.uploadBytesDefault) : null,
      formats: isUpload ? [...new Set(question.formats)] : [],
      onlySpecificFormats: isUpload && question.onlySpecificFormats && question.formats.length > 0,
      options: options.map((option) => ({
        id: option.id,
        label: option.label,
        isOther: option.isOther,
        isCorrect: draft.quiz && option.isCorrect,
        textAvailable: option.isOther || option.textAvailable,
        textRequired: option.isOther || option.textRequired,
      })),
    };
  });
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  return values;
}

/**
 * Once answers exist, a question or option with answers must stay: it may not be removed, nor
 * a question change type, nor an option move to another question. Ids must be the survey's own.
 */
async function guardAnsweredParts(
  module: SurveysModule,
  scope: SurveyReader,
  survey: SurveyWithHeader,
  values: QuestionValues[],
): Promise<void> {
  const existing = await listQuestions(module.db, scope, survey.id);
  const { answered } = await knownAnswers(module, scope, survey, existing);
  for (const question of values) {
    if (question.id === undefined) continue;
    const before = existing.find((entry) => entry.id === question.id);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.type !== question.type && answered.questionIds.has(before.id)) {
      throw new AppError('SURVEY_QUESTION_LOCKED', { params: { titulo: before.title } });
    }
    for (const option of question.options) {
      if (option.id !== undefined && !before.options.some((entry) => entry.id === option.id)) {
        throw new AppError('NOT_FOUND');
      }
    }
  }
  for (const before of existing) {
    const after = values.find((question) => question.id === before.id);
    if (!after) {
      if (answered.questionIds.has(before.id)) {
        throw new AppError('SURVEY_QUESTION_LOCKED', { params: { titulo: before.title } });
      }
      continue;
    }
    for (const option of before.options) {
      if (!after.options.some((entry) => entry.id === option.id) && answered.optionIds.has(option.id)) {
        throw new AppError('SURVEY_OPTION_LOCKED', { params: { descricao: option.label } });
      }
    }
  }
}

/** A header image (png or jpeg, by content), audited; the stored file's row. */
export async function uploadHeader(
  { db }: SurveysModule,
  scope: TenantScope,
  files: UploadedFile[],
  actor: Actor,
) {
  const file = files.find((entry) => entry.field === 'file');
  if (!file) throw invalidFields({ file: ['validation.required'] });
  if (!imageTypes.has(file.mimeType)) throw invalidFields({ file: ['validation.fileFormatInvalid'] });
  const fileName = file.fileName.slice(0, 255) || 'cabecalho';
  const row = await db.transaction(async (tx) => {
    const [media] = await insertMedia(tx, scope, [
      {
        purpose: 'header',
        applicationId: null,
        questionId: null,
        storageKey: file.key,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        fileName,
      },
    ]);
    await recordAudit(tx, actor, {
      action: AuditAction.surveyHeaderUpload,
      target: { type: 'survey_media', id: media!.id, name: fileName },
      changes: changedFields(null, auditedHeader(file)),
    });
    return media;
  });
  return row!;
}

/** Creates a draft or edits a survey, keeping what its answers need; audited. */
export async function saveSurvey(
  module: SurveysModule,
  scope: SurveyReader,
  draft: SurveyDraft,
  actor: Actor,
): Promise<AdminSurvey> {
  const { db } = module;
  const errors: Record<string, FieldMessage[]> = {};
  if (draft.endsAt <= draft.startsAt) errors.dtFimPesquisa = ['validation.endNotAfterStart'];
  const groupIds = [...new Set(draft.groupIds)];
  if ((await findCompanyGroupIds(db, scope.companyId, groupIds)).length !== groupIds.length) {
    errors.idsGrupos = ['validation.groupsInvalid'];
  }
  if (draft.headerMediaId !== null && !(await findHeaderMedia(db, scope, draft.headerMediaId))) {
    errors.idMidiaCabecalho = ['validation.surveyFileInvalid'];
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  const questions = questionValues(draft);
  let before: Record<string, unknown> | null = null;
  if (draft.id !== undefined) {
    const existing = await requireCompanySurvey(module, scope, draft.id);
    if (draft.version !== undefined && draft.version !== existing.version)
      throw new AppError('REGISTRO_ALTERADO');
    await guardAnsweredParts(module, scope, existing, questions);
    const [existingGroups, existingQuestions] = await Promise.all([
      listSurveyGroups(db, scope, [draft.id]),
      listQuestions(db, scope, draft.id),
    ]);
    before = auditedSurvey(
      existing,
      existingGroups.map((group) => group.groupId),
      existingQuestions.map((question) => question.title),
    );
  } else if (questions.some((question) => question.id !== undefined)) {
    throw new AppError('NOT_FOUND');
  }
  const values: SurveyValues = {
    title: draft.title,
    description: draft.description || null,
    headerMediaId: draft.headerMediaId,
    mainColor: draft.mainColor,
    backgroundColor: draft.backgroundColor,
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    oneAnswerPerUser: draft.oneAnswerPerUser,
    autosaveDisabled: draft.autosaveDisabled,
    anonymous: draft.anonymous,
    quiz: draft.quiz,
  };
  const surveyId = await db.transaction(async (tx) => {
    let id = draft.id;
    if (id === undefined) id = await insertSurvey(tx, scope, { ...values, status: 'draft' });
    // A stale version (someone saved the survey since this copy was read) writes nothing.
    else if (!(await updateSurvey(tx, scope, id, values, draft.version)))
      throw new AppError('REGISTRO_ALTERADO');
    await replaceSurveyGroups(tx, scope, id, groupIds);
    await syncQuestions(tx, scope, id, questions);
    await recordAudit(tx, actor, {
      action: before === null ? AuditAction.surveyCreate : AuditAction.surveyUpdate,
      target: surveyTarget(id, values.title),
      changes: changedFields(
        before,
        auditedSurvey(
          values,
          groupIds,
          questions.map((question) => question.title),
        ),
      ),
    });
    return id;
  });
  return getAdminSurvey(module, scope, surveyId);
}

/** A draft copy with the same questions and options and no answers, titled with `copySuffix`. */
export async function duplicateSurvey(
  module: SurveysModule,
  scope: SurveyReader,
  input: { surveyId: number; copySuffix: string },
  actor: Actor,
): Promise<AdminSurvey> {
  const { db } = module;
  const { surveyId, copySuffix } = input;
  const survey = await requireCompanySurvey(module, scope, surveyId);
  const [groups, questions] = await Promise.all([
    listSurveyGroups(db, scope, [surveyId]),
    listQuestions(db, scope, surveyId),
  ]);
  const copyTitle = survey.title.slice(0, limits.survey.titleMax - copySuffix.length) + copySuffix;
  const copyId = await db.transaction(async (tx) => {
    const id = await insertSurvey(tx, scope, {
      title: copyTitle,
      description: survey.description,
      headerMediaId: survey.headerMediaId,
      mainColor: survey.mainColor,
      backgroundColor: survey.backgroundColor,
      startsAt: survey.startsAt,
      endsAt: survey.endsAt,
      oneAnswerPerUser: survey.oneAnswerPerUser,
      autosaveDisabled: survey.autosaveDisabled,
      anonymous: survey.anonymous,
      quiz: survey.quiz,
      status: 'draft',
    });
    await replaceSurveyGroups(
      tx,
      scope,
      id,
      groups.map((group) => group.groupId),
    );
    await syncQuestions(
      tx,
      scope,
      id,
      questions.map((question) => ({
        ...question,
        id: undefined,
        options: question.options.map((option) => ({ ...option, id: undefined })),
      })),
    );
    await recordAudit(tx, actor, {
      action: AuditAction.surveyDuplicate,
      target: surveyTarget(id, copyTitle),
      changes: changedFields(null, auditedCopy(surveyId, copyTitle)),
    });
    return id;
  });
  return getAdminSurvey(module, scope, copyId);
}
