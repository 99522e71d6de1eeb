import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { surveyAnswers, surveyApplications, surveyMedia, surveyReads } from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import type { AnswerRow, ApplicationRow, MediaRow } from './surveys.ts';

// The employees' applications: where they stand, their answers and the files they sent.

/** Per survey: whether the caller read it and where their applications stand. */
export async function listUserStates(db: Database, scope: TenantScope, surveyIds: number[]) {
  if (surveyIds.length === 0) return new Map<number, UserSurveyState>();
  const reads = await db
    .select({ surveyId: surveyReads.surveyId })
    .from(surveyReads)
    .where(
      and(
        eq(surveyReads.companyId, scope.companyId),
        eq(surveyReads.userId, scope.userId),
        inArray(surveyReads.surveyId, surveyIds),
      ),
    );
  const applications = await db
    .select()
    .from(surveyApplications)
    .where(
      and(
        eq(surveyApplications.companyId, scope.companyId),
        eq(surveyApplications.userId, scope.userId),
        inArray(surveyApplications.surveyId, surveyIds),
      ),
    )
    .orderBy(asc(surveyApplications.id));
  const states = new Map<number, UserSurveyState>();
  for (const id of surveyIds) {
    states.set(id, { read: false, latest: null, inProgressId: null, finishedId: null, finishedCount: 0 });
  }
  for (const read of reads) states.get(read.surveyId)!.read = true;
  for (const application of applications) {
    const state = states.get(application.surveyId)!;
    state.latest = application;
    if (application.status === 1) state.inProgressId = application.id;
    else {
      state.finishedId = application.id;
      state.finishedCount += 1;
    }
  }
  return states;
}

export interface UserSurveyState {
  read: boolean;
  latest: ApplicationRow | null;
  inProgressId: number | null;
  finishedId: number | null;
  finishedCount: number;
}

export async function markRead(db: Database, scope: TenantScope, surveyId: number): Promise<void> {
  await db
    .insert(surveyReads)
    .values({ companyId: scope.companyId, surveyId, userId: scope.userId })
    .onConflictDoNothing();
}

/** An application of the caller to the survey. */
export async function findOwnApplication(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  applicationId: number,
) {
  const [row] = await db
    .select()
    .from(surveyApplications)
    .where(
      and(
        eq(surveyApplications.id, applicationId),
        eq(surveyApplications.surveyId, surveyId),
        eq(surveyApplications.companyId, scope.companyId),
        eq(surveyApplications.userId, scope.userId),
      ),
    );
  return row;
}

/**
 * Locks an application of the caller until the transaction ends and gives its status, so a save
 * and a finish of the same application never interleave.
 */
export async function lockApplication(db: Database, scope: TenantScope, applicationId: number) {
  const [row] = await db
    .select({ status: surveyApplications.status })
    .from(surveyApplications)
    .where(
      and(
        eq(surveyApplications.id, applicationId),
        eq(surveyApplications.companyId, scope.companyId),
        eq(surveyApplications.userId, scope.userId),
      ),
    )
    .for('update');
  return row?.status;
}

/** Starts an application; when another request started one at the same moment, gives that one. */
export async function insertApplication(db: Database, scope: TenantScope, surveyId: number) {
  const [row] = await db
    .insert(surveyApplications)
    .values({ companyId: scope.companyId, surveyId, userId: scope.userId })
    .onConflictDoNothing()
    .returning({ id: surveyApplications.id });
  if (row) return row.id;
  const [open] = await db
    .select({ id: surveyApplications.id })
    .from(surveyApplications)
    .where(
      and(
        eq(surveyApplications.surveyId, surveyId),
        eq(surveyApplications.userId, scope.userId),
        eq(surveyApplications.status, 1),
      ),
    );
  return open!.id;
}

/** The answers of applications, and their attached files. */
export async function listAnswers(db: Database, scope: TenantScope, applicationIds: number[]) {
  if (applicationIds.length === 0) return { answers: [] as AnswerRow[], media: [] as MediaRow[] };
  const answers = await db
    .select()
    .from(surveyAnswers)
    .where(
      and(eq(surveyAnswers.companyId, scope.companyId), inArray(surveyAnswers.applicationId, applicationIds)),
    )
    .orderBy(asc(surveyAnswers.id));
  const media = await db
    .select()
    .from(surveyMedia)
    .where(
      and(
        eq(surveyMedia.companyId, scope.companyId),
        inArray(surveyMedia.applicationId, applicationIds),
        eq(surveyMedia.attached, true),
      ),
    )
    .orderBy(asc(surveyMedia.id));
  return { answers, media };
}

/** Files sent for one question of an application. */
export async function listQuestionMedia(
  db: Database,
  scope: TenantScope,
  applicationId: number,
  questionId: number,
) {
  return db
    .select()
    .from(surveyMedia)
    .where(
      and(
        eq(surveyMedia.companyId, scope.companyId),
        eq(surveyMedia.applicationId, applicationId),
        eq(surveyMedia.questionId, questionId),
      ),
    );
}

/** Files sent for any question of an application (the answers pick theirs among them). */
export async function listApplicationMedia(db: Database, scope: TenantScope, applicationId: number) {
  return db
    .select()
    .from(surveyMedia)
    .where(and(eq(surveyMedia.companyId, scope.companyId), eq(surveyMedia.applicationId, applicationId)));
}

export interface StoredAnswer {
  questionId: number;
  rows: { optionId: number | null; text: string | null }[];
  mediaIds: number[];
}

/**
 * Replaces the answers of the given questions of an application, in one statement: their rows go
 * and the new ones come (the statement's deletion sees none of its own insertions), the files
 * the answers name are attached and the questions' others let go, and the application is marked
 * updated. Call in the transaction that locked the application, after the lock: the statement's
 * snapshot is taken then, so it sees the answers a save that held the lock before it wrote.
 */
export async function replaceAnswers(
  db: Database,
  scope: TenantScope,
  applicationId: number,
  answers: StoredAnswer[],
): Promise<void> {
  if (answers.length === 0) return;
  const questionIds = sql.param(answers.map((answer) => answer.questionId));
  const mediaIds = sql.param(answers.flatMap((answer) => answer.mediaIds));
  const rows = answers.flatMap((answer) =>
    answer.rows.map((row) => ({ questionId: answer.questionId, optionId: row.optionId, text: row.text })),
  );
  await db.execute(sql`
    with removed as (
      delete from ${surveyAnswers} a
      where a.company_id = ${scope.companyId} and a.application_id = ${applicationId}
        and a.question_id = any(${questionIds}::int[])),
    added as (
      insert into ${surveyAnswers} (company_id, application_id, question_id, option_id, text)
      select ${scope.companyId}, ${applicationId}, (e.answer->>'questionId')::int,
        (e.answer->>'optionId')::int, e.answer->>'text'
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as e(answer, position)
      order by e.position),
    files as (
      update ${surveyMedia} m set attached = (m.id = any(${mediaIds}::int[]))
      where m.company_id = ${scope.companyId} and m.application_id = ${applicationId}
        and (m.question_id = any(${questionIds}::int[]) or m.id = any(${mediaIds}::int[])))
    update ${surveyApplications} set updated_at = now()
    where ${surveyApplications.id} = ${applicationId} and ${surveyApplications.companyId} = ${scope.companyId}`);
}

async function touchApplication(db: Database, scope: TenantScope, applicationId: number) {
  await db
    .update(surveyApplications)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(surveyApplications.id, applicationId), eq(surveyApplications.companyId, scope.companyId)));
}

/** Removes every answer of an application and its files' rows; gives the storage keys to delete. */
export async function clearAnswers(
  db: Database,
  scope: TenantScope,
  applicationId: number,
): Promise<string[]> {
  await db
    .delete(surveyAnswers)
    .where(and(eq(surveyAnswers.companyId, scope.companyId), eq(surveyAnswers.applicationId, applicationId)));
  const removed = await db
    .delete(surveyMedia)
    .where(and(eq(surveyMedia.companyId, scope.companyId), eq(surveyMedia.applicationId, applicationId)))
    .returning({ key: surveyMedia.storageKey });
  await touchApplication(db, scope, applicationId);
  return removed.map((row) => row.key);
}

/** Marks an unfinished application finished; false when it was not unfinished any more. */
export async function finishApplication(
  db: Database,
  scope: TenantScope,
  applicationId: number,
): Promise<boolean> {
  const rows = await db
    .update(surveyApplications)
    .set({ status: 3, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(surveyApplications.id, applicationId),
        eq(surveyApplications.companyId, scope.companyId),
        eq(surveyApplications.userId, scope.userId),
        eq(surveyApplications.status, 1),
      ),
    )
    .returning({ id: surveyApplications.id });
  return rows.length > 0;
}

export async function insertMedia(
  db: Database,
  scope: TenantScope,
  values: {
    purpose: 'header' | 'answer';
    applicationId: number | null;
    questionId: number | null;
    storageKey: string;
    mimeType: string;
    sizeBytes: number;
    fileName: string;
  }[],
) {
  if (values.length === 0) return [];
  return db
    .insert(surveyMedia)
    .values(values.map((value) => ({ ...value, companyId: scope.companyId, uploadedBy: scope.userId })))
    .returning();
}

/** A header image of the company, by id. */
export async function findHeaderMedia(db: Database, scope: TenantScope, mediaId: number) {
  const [row] = await db
    .select()
    .from(surveyMedia)
    .where(
      and(
        eq(surveyMedia.id, mediaId),
        eq(surveyMedia.companyId, scope.companyId),
        eq(surveyMedia.purpose, 'header'),
      ),
    );
  return row;
}

/**
 * Whether a person may read a survey file, by storage key: a header image is anyone's of the
 * company; an answer's file its uploader's, or any survey administrator's. One statement on the
 * key's index.
 */
export async function mayReadSurveyMedia(
  db: Database,
  scope: TenantScope,
  options: { key: string; surveyAdministrator: boolean },
): Promise<boolean> {
  const [row] = await db
    .select({ id: surveyMedia.id })
    .from(surveyMedia)
    .where(
      and(
        eq(surveyMedia.storageKey, options.key),
        eq(surveyMedia.companyId, scope.companyId),
        options.surveyAdministrator
          ? undefined
          : or(eq(surveyMedia.purpose, 'header'), eq(surveyMedia.uploadedBy, scope.userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
