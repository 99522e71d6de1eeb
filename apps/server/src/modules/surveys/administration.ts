import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { minimumOf, requireCompanySurvey } from './access.ts';
import type { SurveyReader, SurveyState, SurveysModule } from './model.ts';
import { authorizeSurveyResult, surveyResultRecord } from './policy.ts';
import { findAnsweredParts } from './repo/authoring.ts';
import { countResults } from './repo/results.ts';
import {
  listCompanyGroups,
  listCompanySurveys,
  listQuestions,
  listSurveyGroups,
  type QuestionWithOptions,
  type SurveyWithHeader,
} from './repo/surveys.ts';

// The administration's views of its surveys: the list, one survey as the authoring form edits
// it, and the groups a survey may aim at.

/** A survey's target group. */
export type TargetGroup = { groupId: number; name: string; abbreviation: string };

/** What the administration may know of a survey's answers before reading its results. */
export interface KnownAnswers {
  /** Finished applications; null while an anonymous survey's results are hidden. */
  answers: number | null;
  answered: { questionIds: Set<number>; optionIds: Set<number>; applications: number };
}

/** A survey as the authoring form edits it, with what its answers lock. */
export type AdminSurvey = KnownAnswers & {
  survey: SurveyWithHeader;
  groups: TargetGroup[];
  questions: QuestionWithOptions[];
};

/**
 * What the administration may know of a survey's answers before reading its results: the
 * finished count, and which questions and options have answers. While an anonymous survey's
 * results are hidden, neither is told: with answers, every question and option reads (and is
 * kept) as answered, since which ones were chosen would tell what the few respondents said.
 */
export async function knownAnswers(
  module: SurveysModule,
  scope: SurveyReader,
  survey: SurveyWithHeader,
  questions: QuestionWithOptions[],
): Promise<KnownAnswers> {
  const [answered, counts, minimum] = await Promise.all([
    findAnsweredParts(module.db, scope, survey.id),
    countResults(module.db, scope, survey.id),
    minimumOf(module, scope.companyId),
  ]);
  const decision = authorizeSurveyResult(
    recordActorOf(scope),
    'count',
    surveyResultRecord(survey, counts.respondents, minimum),
  );
  if (decision.show || answered.applications === 0) {
    return { answers: decision.show ? counts.applications : null, answered };
  }
  return {
    answers: null,
    answered: {
      applications: answered.applications,
      questionIds: new Set(questions.map((question) => question.id)),
      optionIds: new Set(questions.flatMap((question) => question.options.map((option) => option.id))),
    },
  };
}

/** The company's surveys, newest first, with their answer counts where the rules tell them. */
export async function listAdminSurveys(
  module: SurveysModule,
  scope: SurveyReader,
  filter: { status?: SurveyState | undefined; search?: string | undefined },
) {
  const minimum = await minimumOf(module, scope.companyId);
  const actor = recordActorOf(scope);
  const rows = await listCompanySurveys(module.db, scope, {
    status: filter.status,
    search: filter.search || undefined,
  });
  const groups = await listSurveyGroups(
    module.db,
    scope,
    rows.map((row) => row.survey.id),
  );
  return rows.map((row) => ({
    survey: { ...row.survey, headerKey: null },
    groups: groups.filter((group) => group.surveyId === row.survey.id),
    answers: authorizeSurveyResult(
      actor,
      'count',
      surveyResultRecord(row.survey, Number(row.respondents), minimum),
    ).show
      ? Number(row.answers)
      : null,
  }));
}

/** One survey of the company as the authoring form edits it. */
export async function getAdminSurvey(
  module: SurveysModule,
  scope: SurveyReader,
  surveyId: number,
): Promise<AdminSurvey> {
  const survey = await requireCompanySurvey(module, scope, surveyId);
  const [groups, questions] = await Promise.all([
    listSurveyGroups(module.db, scope, [surveyId]),
    listQuestions(module.db, scope, surveyId),
  ]);
  return { survey, groups, questions, ...(await knownAnswers(module, scope, survey, questions)) };
}

/** The company's groups a survey may aim at, with how many people are in each. */
export async function listTargetGroups({ db }: SurveysModule, scope: TenantScope) {
  const rows = await listCompanyGroups(db, scope);
  return rows.map((row) => ({ ...row, members: Number(row.members) }));
}
