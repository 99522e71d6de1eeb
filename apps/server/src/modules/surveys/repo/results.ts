import { and, asc, count, countDistinct, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  catalogItems,
  groupMembers,
  surveyAnswers,
  surveyApplications,
  surveyGroups,
  surveyMedia,
  surveyOptions,
  surveyQuestions,
  surveySettings,
  surveys,
  users,
} from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { listSurveyGroups } from './surveys.ts';

// Results: the finished applications counted and cut into slices, the anonymity setting, and
// the figures other modules read.

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
