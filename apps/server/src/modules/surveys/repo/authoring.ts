import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { nextVersion, recordAtVersion } from '../../../db/schema/columns.ts';
import {
  surveyAnswers,
  surveyApplications,
  surveyGroups,
  surveyMedia,
  surveyOptions,
  surveyQuestions,
  surveys,
} from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { listQuestions } from './surveys.ts';

// What the administration writes: surveys, their target groups, questions and options.

/** Questions and options of a survey that some answer (finished or not) refers to. */
export async function findAnsweredParts(db: Database, scope: TenantScope, surveyId: number) {
  const rows = await db
    .selectDistinct({ questionId: surveyAnswers.questionId, optionId: surveyAnswers.optionId })
    .from(surveyAnswers)
    .innerJoin(surveyApplications, eq(surveyApplications.id, surveyAnswers.applicationId))
    .where(and(eq(surveyApplications.companyId, scope.companyId), eq(surveyApplications.surveyId, surveyId)));
  const media = await db
    .selectDistinct({ questionId: surveyMedia.questionId })
    .from(surveyMedia)
    .innerJoin(surveyApplications, eq(surveyApplications.id, surveyMedia.applicationId))
    .where(and(eq(surveyApplications.companyId, scope.companyId), eq(surveyApplications.surveyId, surveyId)));
  const [applications] = await db
    .select({ total: count() })
    .from(surveyApplications)
    .where(and(eq(surveyApplications.companyId, scope.companyId), eq(surveyApplications.surveyId, surveyId)));
  return {
    questionIds: new Set([...rows.map((row) => row.questionId), ...media.map((row) => row.questionId!)]),
    optionIds: new Set(rows.flatMap((row) => (row.optionId === null ? [] : [row.optionId]))),
    applications: Number(applications?.total ?? 0),
  };
}

export interface SurveyValues {
  title: string;
  description: string | null;
  headerMediaId: number | null;
  mainColor: string;
  backgroundColor: string;
  startsAt: Date;
  endsAt: Date;
  oneAnswerPerUser: boolean;
  autosaveDisabled: boolean;
  anonymous: boolean;
  quiz: boolean;
}

export interface QuestionValues {
  id: number | undefined;
  title: string;
  description: string | null;
  type: number;
  required: boolean;
  maxFiles: number | null;
  maxBytes: number | null;
  formats: string[];
  onlySpecificFormats: boolean;
  options: {
    id: number | undefined;
    label: string;
    isOther: boolean;
    isCorrect: boolean;
    textAvailable: boolean;
    textRequired: boolean;
  }[];
}

export async function insertSurvey(
  db: Database,
  scope: TenantScope,
  values: SurveyValues & { status: string },
) {
  const [row] = await db
    .insert(surveys)
    .values({ ...values, companyId: scope.companyId, createdBy: scope.userId })
    .returning({ id: surveys.id });
  return row!.id;
}

/**
 * Changes a survey's fields and bumps its version. With `version`, only while the stored version
 * is that one: answers false when it is not (someone saved since).
 */
export async function updateSurvey(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  values: SurveyValues,
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(surveys)
    .set({ ...values, updatedAt: sql`now()`, version: nextVersion(surveys.version) })
    .where(recordAtVersion(surveys, scope.companyId, surveyId, version))
    .returning({ id: surveys.id });
  return rows.length > 0;
}

export async function setSurveyStatus(db: Database, scope: TenantScope, surveyId: number, status: string) {
  await db
    .update(surveys)
    .set({ status, updatedAt: sql`now()`, version: nextVersion(surveys.version) })
    .where(and(eq(surveys.id, surveyId), eq(surveys.companyId, scope.companyId)));
}

export async function deleteSurvey(db: Database, scope: TenantScope, surveyId: number): Promise<void> {
  await db.delete(surveys).where(and(eq(surveys.id, surveyId), eq(surveys.companyId, scope.companyId)));
}

export async function replaceSurveyGroups(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  groupIds: number[],
): Promise<void> {
  await db
    .delete(surveyGroups)
    .where(and(eq(surveyGroups.surveyId, surveyId), eq(surveyGroups.companyId, scope.companyId)));
  if (groupIds.length > 0) {
    await db
      .insert(surveyGroups)
      .values(groupIds.map((groupId) => ({ companyId: scope.companyId, surveyId, groupId })));
  }
}

/**
 * Makes the survey's questions and options those given, in order: updates the ones with ids,
 * inserts the new, deletes the rest (the service has checked none of those has answers).
 */
export async function syncQuestions(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  questions: QuestionValues[],
): Promise<void> {
  const existing = await listQuestions(db, scope, surveyId);
  const keptQuestionIds = new Set(questions.flatMap((question) => (question.id ? [question.id] : [])));
  const removedQuestions = existing.filter((question) => !keptQuestionIds.has(question.id));
  if (removedQuestions.length > 0) {
    await db.delete(surveyQuestions).where(
      and(
        eq(surveyQuestions.companyId, scope.companyId),
        inArray(
          surveyQuestions.id,
          removedQuestions.map((question) => question.id),
        ),
      ),
    );
  }
  for (const [position, question] of questions.entries()) {
    const values = {
      position,
      title: question.title,
      description: question.description,
      type: question.type,
      required: question.required,
      maxFiles: question.maxFiles,
      maxBytes: question.maxBytes,
      formats: question.formats,
      onlySpecificFormats: question.onlySpecificFormats,
    };
    let questionId = question.id;
    if (questionId) {
      await db
        .update(surveyQuestions)
        .set(values)
        .where(and(eq(surveyQuestions.id, questionId), eq(surveyQuestions.companyId, scope.companyId)));
    } else {
      const [row] = await db
        .insert(surveyQuestions)
        .values({ ...values, companyId: scope.companyId, surveyId })
        .returning({ id: surveyQuestions.id });
      questionId = row!.id;
    }
    const before = existing.find((entry) => entry.id === questionId)?.options ?? [];
    const keptOptionIds = new Set(question.options.flatMap((option) => (option.id ? [option.id] : [])));
    const removedOptions = before.filter((option) => !keptOptionIds.has(option.id));
    if (removedOptions.length > 0) {
      await db.delete(surveyOptions).where(
        and(
          eq(surveyOptions.companyId, scope.companyId),
          inArray(
            surveyOptions.id,
            removedOptions.map((option) => option.id),
          ),
        ),
      );
    }
    for (const [optionPosition, option] of question.options.entries()) {
      const optionValues = {
        position: optionPosition,
        label: option.label,
        isOther: option.isOther,
        isCorrect: option.isCorrect,
        textAvailable: option.textAvailable,
        textRequired: option.textRequired,
      };
      if (option.id) {
        await db
          .update(surveyOptions)
          .set(optionValues)
          .where(and(eq(surveyOptions.id, option.id), eq(surveyOptions.companyId, scope.companyId)));
      } else {
        await db
          .insert(surveyOptions)
          .values({ ...optionValues, companyId: scope.companyId, questionId: questionId });
      }
    }
  }
}
