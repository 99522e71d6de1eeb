import { AppError } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { SurveysModule } from './model.ts';
import { effectiveMinimum } from './policy.ts';
import { listUserStates, type UserSurveyState } from './repo/applications.ts';
import { findMinRespondents } from './repo/results.ts';
import { findSurvey, isInAudience, type SurveyWithHeader } from './repo/surveys.ts';

// Which surveys a caller reaches, and what they may do with them: shared by the use cases.

/** Open when published and now is between its dates; closed once closed or past its end. */
export function isOpen(survey: SurveyWithHeader, now = new Date()): boolean {
  return survey.status === 'published' && survey.startsAt <= now && survey.endsAt > now;
}

/** What the employee may do with a survey, from their applications. */
export function employeeAbilities(survey: SurveyWithHeader, state: UserSurveyState) {
  const open = isOpen(survey);
  return {
    open,
    canAnswer: open && (state.inProgressId !== null || !survey.oneAnswerPerUser || state.finishedCount === 0),
    canEdit: open && state.finishedId !== null,
    canSeeResults: state.finishedCount > 0 || !open,
  };
}

/**
 * The survey when the caller may see it: of their company, published or closed, started
 * (else 404), and aimed at one of their groups (else 403).
 */
export async function requireVisibleSurvey({ db }: SurveysModule, scope: TenantScope, surveyId: number) {
  const survey = await findSurvey(db, scope, surveyId);
  if (!survey || survey.status === 'draft' || survey.startsAt > new Date()) {
    throw new AppError('SURVEY_NOT_FOUND');
  }
  if (!(await isInAudience(db, scope, surveyId))) throw new AppError('SURVEY_ACCESS_DENIED');
  return survey;
}

/** Where the caller's applications to a survey stand. */
export async function userState({ db }: SurveysModule, scope: TenantScope, surveyId: number) {
  return (await listUserStates(db, scope, [surveyId])).get(surveyId)!;
}

/** A survey taking answers now (closed or past its end: 409). */
export async function requireOpenSurvey(module: SurveysModule, scope: TenantScope, surveyId: number) {
  const survey = await requireVisibleSurvey(module, scope, surveyId);
  const state = await userState(module, scope, surveyId);
  if (!employeeAbilities(survey, state).open) throw new AppError('SURVEY_CLOSED');
  return { survey, state };
}

/** A survey of the caller's company, whatever its state (the administration's side). */
export async function requireCompanySurvey({ db }: SurveysModule, scope: TenantScope, surveyId: number) {
  const survey = await findSurvey(db, scope, surveyId);
  if (!survey) throw new AppError('SURVEY_NOT_FOUND');
  return survey;
}

/** The company's minimum of respondents for anonymous results, as the rules apply it. */
export async function minimumOf({ db }: SurveysModule, companyId: number): Promise<number> {
  return effectiveMinimum(await findMinRespondents(db, companyId));
}
