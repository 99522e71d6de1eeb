import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion } from '../../db/schema/columns.ts';
import {
  catalogItems,
  groupMembers,
  groups,
  surveyAnswers,
  surveyApplications,
  surveyGroups,
  surveyMedia,
  surveyOptions,
  surveyQuestions,
  surveyReads,
  surveySettings,
  surveys,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

export type SurveyRow = typeof surveys.$inferSelect;
export type QuestionRow = typeof surveyQuestions.$inferSelect;
export type OptionRow = typeof surveyOptions.$inferSelect;
export type ApplicationRow = typeof surveyApplications.$inferSelect;
export type AnswerRow = typeof surveyAnswers.$inferSelect;
export type MediaRow = typeof surveyMedia.$inferSelect;
export type QuestionWithOptions = QuestionRow & { options: OptionRow[] };

/** A survey of the caller's company, with its header image key. */
export async function findSurvey(db: Database, scope: TenantScope, surveyId: number) {
  const [row] = await db
    .select({ survey: surveys, headerKey: surveyMedia.storageKey })
    .from(surveys)
    .leftJoin(surveyMedia, eq(surveyMedia.id, surveys.headerMediaId))
    .where(and(eq(surveys.id, surveyId), eq(surveys.companyId, scope.companyId)));
  return row ? { ...row.survey, headerKey: row.headerKey } : undefined;
}
export type SurveyWithHeader = NonNullable<Awaited<ReturnType<typeof findSurvey>>>;

/** Whether the caller belongs to one of the survey's target groups. */
export async function isInAudience(db: Database, scope: TenantScope, surveyId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(surveyGroups)
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, surveyGroups.groupId), eq(groupMembers.userId, scope.userId)),
    )
    .where(and(eq(surveyGroups.surveyId, surveyId), eq(surveyGroups.companyId, scope.companyId)))
    .limit(1);
  return row !== undefined;
}

// Correlated subqueries name the outer table's columns in full: drizzle writes a lone column of a
// one-table select unqualified, which inside the subquery would mean the subquery's own column.

/** Published or closed surveys that have started, targeted at one of the caller's groups. */
export async function listAudienceSurveys(db: Database, scope: TenantScope) {
  const rows = await db
    .select({ survey: surveys, headerKey: surveyMedia.storageKey })
    .from(surveys)
    .leftJoin(surveyMedia, eq(surveyMedia.id, surveys.headerMediaId))
    .where(
      and(
        eq(surveys.companyId, scope.companyId),
        inArray(surveys.status, ['published', 'closed']),
        sql`${surveys.startsAt} <= now()`,
        sql`exists (select 1 from ${surveyGroups} sg join ${groupMembers} gm
          on gm.group_id = sg.group_id and gm.user_id = ${scope.userId}
          where sg.survey_id = "surveys"."id")`,
      ),
    )
    .orderBy(desc(surveys.endsAt), desc(surveys.id));
  return rows.map((row) => ({ ...row.survey, headerKey: row.headerKey }));
}

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

/** The survey's questions in order, each with its options in order. */
export async function listQuestions(
  db: Database,
  scope: TenantScope,
  surveyId: number,
): Promise<QuestionWithOptions[]> {
  const questions = await db
    .select()
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.surveyId, surveyId), eq(surveyQuestions.companyId, scope.companyId)))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
  if (questions.length === 0) return [];
  const options = await db
    .select()
    .from(surveyOptions)
    .where(
      and(
        eq(surveyOptions.companyId, scope.companyId),
        inArray(
          surveyOptions.questionId,
          questions.map((question) => question.id),
        ),
      ),
    )
    .orderBy(asc(surveyOptions.position), asc(surveyOptions.id));
  return questions.map((question) => ({
    ...question,
    options: options.filter((option) => option.questionId === question.id),
  }));
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

/** Only the applications of these people (a slice of the results); everyone's when undefined. */
export type PeopleFilter = readonly number[] | undefined;

/** The survey's finished applications (of the given people only, when given). */
function finishedApplicationsOf(scope: TenantScope, surveyId: number, people: PeopleFilter) {
  return and(
    eq(surveyApplications.companyId, scope.companyId),
    eq(surveyApplications.surveyId, surveyId),
    eq(surveyApplications.status, 3),
    people === undefined
      ? undefined
      : people.length === 0
        ? sql`false`
        : inArray(surveyApplications.userId, [...people]),
  );
}

/** The finished applications of a survey (of the given people only), oldest first, with who answered. */
export async function listFinishedApplications(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  people?: PeopleFilter,
) {
  return db
    .select({ application: surveyApplications, userName: users.name })
    .from(surveyApplications)
    .innerJoin(users, eq(users.id, surveyApplications.userId))
    .where(finishedApplicationsOf(scope, surveyId, people))
    .orderBy(asc(surveyApplications.finishedAt), asc(surveyApplications.id));
}

/**
 * Per option: how many finished applications chose it; per question: how many answered it; how
 * many finished applications there are and from how many people (of the given people only).
 */
export async function countResults(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  people?: PeopleFilter,
) {
  const finished = finishedApplicationsOf(scope, surveyId, people);
  const perOption = await db
    .select({ optionId: surveyAnswers.optionId, total: countDistinct(surveyAnswers.applicationId) })
    .from(surveyAnswers)
    .innerJoin(surveyApplications, eq(surveyApplications.id, surveyAnswers.applicationId))
    .where(and(finished, sql`${surveyAnswers.optionId} is not null`))
    .groupBy(surveyAnswers.optionId);
  const perQuestion = await db
    .select({ questionId: surveyAnswers.questionId, total: countDistinct(surveyAnswers.applicationId) })
    .from(surveyAnswers)
    .innerJoin(surveyApplications, eq(surveyApplications.id, surveyAnswers.applicationId))
    .where(finished)
    .groupBy(surveyAnswers.questionId);
  const [applications] = await db
    .select({ total: count(), people: countDistinct(surveyApplications.userId) })
    .from(surveyApplications)
    .where(finished);
  return {
    perOption: new Map(perOption.map((row) => [row.optionId!, Number(row.total)])),
    perQuestion: new Map(perQuestion.map((row) => [row.questionId, Number(row.total)])),
    applications: Number(applications?.total ?? 0),
    /** Distinct people with a finished application: what the anonymity minimum counts. */
    respondents: Number(applications?.people ?? 0),
  };
}

/**
 * Everyone with a finished application to the survey, with the slices they fall in: the survey's
 * target groups they belong to, their unit and their sector (for the anonymity rules of slices).
 */
export async function listRespondentSlices(db: Database, scope: TenantScope, surveyId: number) {
  const people = await db
    .selectDistinct({ userId: users.id, unitId: users.unitId, sectorId: users.sectorId })
    .from(surveyApplications)
    .innerJoin(users, eq(users.id, surveyApplications.userId))
    .where(finishedApplicationsOf(scope, surveyId, undefined));
  const memberships = await db
    .selectDistinct({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(surveyApplications)
    .innerJoin(groupMembers, eq(groupMembers.userId, surveyApplications.userId))
    .innerJoin(
      surveyGroups,
      and(eq(surveyGroups.groupId, groupMembers.groupId), eq(surveyGroups.surveyId, surveyId)),
    )
    .where(finishedApplicationsOf(scope, surveyId, undefined));
  return people.map((person) => ({
    userId: person.userId,
    unitId: person.unitId,
    sectorId: person.sectorId,
    groupIds: memberships.filter((row) => row.userId === person.userId).map((row) => row.groupId),
  }));
}
export type RespondentRow = Awaited<ReturnType<typeof listRespondentSlices>>[number];

/** A slice of a survey's results: one of its target groups, or a unit or a sector of the company. */
export interface SliceRef {
  kind: 'group' | 'unit' | 'sector';
  id: number;
}

const catalogKindOf = { unit: 'UNIDADE', sector: 'SETOR' } as const;

/** The slices a survey's results page offers: its target groups, the audience's units and sectors. */
export async function listSliceOptions(db: Database, scope: TenantScope, surveyId: number) {
  const audience = db
    .selectDistinct({ unitId: users.unitId, sectorId: users.sectorId })
    .from(users)
    .innerJoin(groupMembers, eq(groupMembers.userId, users.id))
    .innerJoin(
      surveyGroups,
      and(eq(surveyGroups.groupId, groupMembers.groupId), eq(surveyGroups.surveyId, surveyId)),
    )
    .where(and(eq(users.companyId, scope.companyId), eq(users.active, true)))
    .as('audience');
  const [targetGroups, items] = await Promise.all([
    listSurveyGroups(db, scope, [surveyId]),
    db
      .selectDistinct({ id: catalogItems.id, kind: catalogItems.kind, name: catalogItems.name })
      .from(catalogItems)
      .innerJoin(audience, or(eq(audience.unitId, catalogItems.id), eq(audience.sectorId, catalogItems.id)))
      .where(
        and(eq(catalogItems.companyId, scope.companyId), inArray(catalogItems.kind, ['UNIDADE', 'SETOR'])),
      )
      .orderBy(asc(catalogItems.name)),
  ]);
  return [
    ...targetGroups.map((group) => ({ kind: 'group' as const, id: group.groupId, name: group.name })),
    ...items
      .filter((item) => item.kind === 'UNIDADE')
      .map((item) => ({ kind: 'unit' as const, id: item.id, name: item.name })),
    ...items
      .filter((item) => item.kind === 'SETOR')
      .map((item) => ({ kind: 'sector' as const, id: item.id, name: item.name })),
  ];
}

/**
 * The name of a slice the survey may be cut by (one of its target groups, or a unit or sector of
 * the company's catalogue); undefined when it is none of these.
 */
export async function findSliceName(
  db: Database,
  scope: TenantScope,
  surveyId: number,
  slice: SliceRef,
): Promise<string | undefined> {
  if (slice.kind === 'group') {
    const groupsOfSurvey = await listSurveyGroups(db, scope, [surveyId]);
    return groupsOfSurvey.find((group) => group.groupId === slice.id)?.name;
  }
  const [row] = await db
    .select({ name: catalogItems.name })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.id, slice.id),
        eq(catalogItems.companyId, scope.companyId),
        eq(catalogItems.kind, catalogKindOf[slice.kind]),
      ),
    );
  return row?.name;
}

/** The company's minimum of respondents for anonymous results; null when never set. */
export async function findMinRespondents(db: Database, companyId: number): Promise<number | null> {
  const [row] = await db
    .select({ minRespondents: surveySettings.minRespondents })
    .from(surveySettings)
    .where(eq(surveySettings.companyId, companyId));
  return row?.minRespondents ?? null;
}

/** Sets the company's minimum of respondents. */
export async function saveMinRespondents(db: Database, companyId: number, minRespondents: number) {
  await db
    .insert(surveySettings)
    .values({ companyId, minRespondents })
    .onConflictDoUpdate({
      target: surveySettings.companyId,
      set: { minRespondents, updatedAt: sql`now()` },
    });
}

// ---------------------------------------------------------------- administration

/** The company's surveys, newest first, with their answer counts. */
export async function listCompanySurveys(
  db: Database,
  scope: TenantScope,
  filter: { status?: string | undefined; search?: string | undefined },
) {
  const answered = sql<number>`(select count(*) from ${surveyApplications} sa
    where sa.survey_id = "surveys"."id" and sa.status = 3)`;
  const respondents = sql<number>`(select count(distinct sa.user_id) from ${surveyApplications} sa
    where sa.survey_id = "surveys"."id" and sa.status = 3)`;
  return db
    .select({ survey: surveys, answers: answered, respondents })
    .from(surveys)
    .where(
      and(
        eq(surveys.companyId, scope.companyId),
        filter.status ? eq(surveys.status, filter.status) : undefined,
        filter.search ? ilike(surveys.title, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
      ),
    )
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
}

/** The target groups of surveys. */
export async function listSurveyGroups(db: Database, scope: TenantScope, surveyIds: number[]) {
  if (surveyIds.length === 0) return [];
  return db
    .select({
      surveyId: surveyGroups.surveyId,
      groupId: groups.id,
      name: groups.name,
      abbreviation: groups.abbreviation,
    })
    .from(surveyGroups)
    .innerJoin(groups, eq(groups.id, surveyGroups.groupId))
    .where(and(eq(surveyGroups.companyId, scope.companyId), inArray(surveyGroups.surveyId, surveyIds)))
    .orderBy(asc(groups.name));
}

/** The company's groups with how many people are in each. */
export async function listCompanyGroups(db: Database, scope: TenantScope) {
  return db
    .select({
      groupId: groups.id,
      name: groups.name,
      abbreviation: groups.abbreviation,
      members: sql<number>`(select count(*) from ${groupMembers} gm where gm.group_id = "groups"."id")`,
    })
    .from(groups)
    .where(eq(groups.companyId, scope.companyId))
    .orderBy(desc(groups.isDefault), asc(groups.name));
}

export { findCompanyGroupIds } from '../../db/company-groups.ts';

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
    .where(
      and(
        eq(surveys.id, surveyId),
        eq(surveys.companyId, scope.companyId),
        version === undefined ? undefined : eq(surveys.version, version),
      ),
    )
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

/**
 * Active people in at least one of the survey's groups (its audience), and how many of them
 * finished; of one slice only, when given.
 */
export async function countAudience(db: Database, scope: TenantScope, surveyId: number, slice?: SliceRef) {
  const inSlice =
    slice === undefined
      ? undefined
      : slice.kind === 'unit'
        ? eq(users.unitId, slice.id)
        : slice.kind === 'sector'
          ? eq(users.sectorId, slice.id)
          : sql`exists (select 1 from ${groupMembers} gs
              where gs.user_id = "users"."id" and gs.group_id = ${slice.id})`;
  const [row] = await db
    .select({
      audience: sql<number>`count(distinct ${users.id})`,
      respondents: sql<number>`count(distinct ${users.id}) filter (where exists (
        select 1 from ${surveyApplications} sa
        where sa.survey_id = ${surveyId} and sa.user_id = "users"."id" and sa.status = 3))`,
    })
    .from(users)
    .innerJoin(groupMembers, eq(groupMembers.userId, users.id))
    .innerJoin(
      surveyGroups,
      and(eq(surveyGroups.groupId, groupMembers.groupId), eq(surveyGroups.surveyId, surveyId)),
    )
    .where(and(eq(users.companyId, scope.companyId), eq(users.active, true), inSlice));
  return { audience: Number(row?.audience ?? 0), respondents: Number(row?.respondents ?? 0) };
}

/** The active people of the survey's target groups (who is told it was published). */
export async function listAudienceUserIds(
  db: Database,
  scope: TenantScope,
  surveyId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(groupMembers, eq(groupMembers.userId, users.id))
    .innerJoin(
      surveyGroups,
      and(eq(surveyGroups.groupId, groupMembers.groupId), eq(surveyGroups.surveyId, surveyId)),
    )
    .where(and(eq(users.companyId, scope.companyId), eq(users.active, true)));
  return rows.map((row) => row.id);
}

/**
 * Finished survey answers (applications) of the company, leaving out those of anonymous surveys
 * fewer than `minRespondents` people answered (their count would tell who answered, and when).
 */
export async function countCompanyFinishedAnswers(
  db: Database,
  companyId: number,
  minRespondents: number,
): Promise<number> {
  const perSurvey = db
    .select({
      anonymous: surveys.anonymous,
      answers: sql<number>`count(*)`.as('answers'),
      people: sql<number>`count(distinct ${surveyApplications.userId})`.as('people'),
    })
    .from(surveyApplications)
    .innerJoin(surveys, eq(surveys.id, surveyApplications.surveyId))
    .where(and(eq(surveyApplications.companyId, companyId), isNotNull(surveyApplications.finishedAt)))
    .groupBy(surveys.id)
    .as('per_survey');
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${perSurvey.answers}), 0)::int` })
    .from(perSurvey)
    .where(or(eq(perSurvey.anonymous, false), sql`${perSurvey.people} >= ${minRespondents}`));
  return Number(row?.count ?? 0);
}

/**
 * One person's answers to the company's surveys that are not anonymous (their personal data
 * export): each application with its answers in question order; an upload answer gives the names
 * of the files sent.
 */
export async function listNamedAnswersOf(db: Database, scope: TenantScope) {
  const applications = await db
    .select({
      id: surveyApplications.id,
      surveyId: surveys.id,
      title: surveys.title,
      startedAt: surveyApplications.startedAt,
      finishedAt: surveyApplications.finishedAt,
    })
    .from(surveyApplications)
    .innerJoin(surveys, eq(surveys.id, surveyApplications.surveyId))
    .where(
      and(
        eq(surveyApplications.companyId, scope.companyId),
        eq(surveyApplications.userId, scope.userId),
        eq(surveys.anonymous, false),
      ),
    )
    .orderBy(asc(surveyApplications.startedAt), asc(surveyApplications.id));
  if (applications.length === 0) return [];
  const ids = applications.map((application) => application.id);
  const [answers, files] = await Promise.all([
    db
      .select({
        applicationId: surveyAnswers.applicationId,
        question: surveyQuestions.title,
        position: surveyQuestions.position,
        text: sql<string>`coalesce(${surveyAnswers.text}, ${surveyOptions.label}, '')`,
      })
      .from(surveyAnswers)
      .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyAnswers.questionId))
      .leftJoin(surveyOptions, eq(surveyOptions.id, surveyAnswers.optionId))
      .where(and(eq(surveyAnswers.companyId, scope.companyId), inArray(surveyAnswers.applicationId, ids)))
      .orderBy(asc(surveyQuestions.position), asc(surveyAnswers.id)),
    db
      .select({
        applicationId: surveyMedia.applicationId,
        question: surveyQuestions.title,
        position: surveyQuestions.position,
        text: surveyMedia.fileName,
      })
      .from(surveyMedia)
      .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyMedia.questionId))
      .where(
        and(
          eq(surveyMedia.companyId, scope.companyId),
          eq(surveyMedia.attached, true),
          inArray(surveyMedia.applicationId, ids),
        ),
      )
      .orderBy(asc(surveyQuestions.position), asc(surveyMedia.id)),
  ]);
  const all = [...answers, ...files].filter((answer) => answer.text !== '');
  all.sort((a, b) => a.position - b.position);
  return applications.map((application) => ({
    ...application,
    answers: all
      .filter((answer) => answer.applicationId === application.id)
      .map((answer) => ({ question: answer.question, text: answer.text })),
  }));
}
