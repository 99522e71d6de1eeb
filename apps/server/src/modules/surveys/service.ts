import { AdminPermission } from '@elo/contract/enums';
import { mayAccess, type Caller } from '../../platform/auth/policy.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { SurveysModule } from './model.ts';
import { mayReadSurveyMedia } from './repo/applications.ts';
import { listNamedAnswersOf } from './repo/results.ts';
import { audienceSurveySql } from './repo/surveys.ts';
import { countFinishedAnswers } from './settings.ts';

export type SurveysService = ReturnType<typeof createSurveysService>;

/**
 * Surveys: the employees' answering and results, and the administration's authoring and results.
 * The use cases are functions of their own files (answering, results, exports, administration,
 * authoring, publishing, settings) taking `module`; the routes call them with it. What other
 * modules, app.ts and the media route call is here.
 */
export function createSurveysService(deps: SurveysModule) {
  const module: SurveysModule = { db: deps.db, storage: deps.storage, notifications: deps.notifications };
  return {
    module,

    /**
     * The rule of the surveys sent to the person (their list's), as a condition on the table
     * `surveys` for another module's statement (the portal's search).
     */
    audienceSurveyCondition: (scope: TenantScope) => audienceSurveySql(scope),

    /** The company's finished survey answers, for the administration's figures. */
    countFinishedAnswers: (companyId: number) => countFinishedAnswers(module, companyId),

    /** One person's answers to surveys that are not anonymous, for their personal data export. */
    listNamedAnswers: (scope: TenantScope) => listNamedAnswersOf(module.db, scope),

    /**
     * The media route's rule for survey files: a header image is for everyone of the company; an
     * answer's file for the person who sent it and survey administrators (ADMIN_PESQUISAS, L or E).
     */
    mayReadMedia(reader: TenantScope & Caller, key: string): Promise<boolean> {
      return mayReadSurveyMedia(module.db, reader, {
        key,
        surveyAdministrator: mayAccess(reader, AdminPermission.surveys),
      });
    },
  };
}
