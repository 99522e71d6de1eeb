import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  groupMembers,
  groups,
  type surveyAnswers,
  surveyApplications,
  surveyGroups,
  surveyMedia,
  surveyOptions,
  surveyQuestions,
  surveys,
  users,
} from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';

// The surveys and their questions as the employees and the administration read them.

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

/**
 * The rule of the surveys a person sees (sent to them): of their company, published or closed,
 * started, and aimed at one of their groups. A condition on the table `surveys` (not aliased), for
 * the employee's list and for other modules' statements (the portal's search).
 */
export function audienceSurveySql(scope: TenantScope): SQL {
  return and(
    eq(surveys.companyId, scope.companyId),
    inArray(surveys.status, ['published', 'closed']),
    sql`${surveys.startsAt} <= now()`,
    sql`exists (select 1 from ${surveyGroups} sg join ${groupMembers} gm
      on gm.group_id = sg.group_id and gm.user_id = ${scope.userId}
      where sg.survey_id = "surveys"."id")`,
  )!;
}

/** Published or closed surveys that have started, targeted at one of the caller's groups. */
export async function listAudienceSurveys(db: Database, scope: TenantScope) {
  const rows = await db
    .select({ survey: surveys, headerKey: surveyMedia.storageKey })
    .from(surveys)
    .leftJoin(surveyMedia, eq(surveyMedia.id, surveys.headerMediaId))
    .where(audienceSurveySql(scope))
    .orderBy(desc(surveys.endsAt), desc(surveys.id));
  return rows.map((row) => ({ ...row.survey, headerKey: row.headerKey }));
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

export { findCompanyGroupIds } from '../../../db/company-groups.ts';

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
