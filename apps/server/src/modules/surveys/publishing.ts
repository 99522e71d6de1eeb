import { AuditAction } from '@elo/contract/calls/audit';
import { NotificationType } from '@elo/contract/enums';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { requireCompanySurvey } from './access.ts';
import { getAdminSurvey, type AdminSurvey } from './administration.ts';
import type { SurveyReader, SurveysModule } from './model.ts';
import { deleteSurvey, findAnsweredParts, setSurveyStatus } from './repo/authoring.ts';
import { listAudienceUserIds, listQuestions, listSurveyGroups } from './repo/surveys.ts';
import { auditedRemoval, auditedStatus, surveyTarget } from './wire.ts';

// A survey's life after authoring: published to its audience, closed, or deleted while unanswered.

/** Draft → published (with questions, a future end and target groups: 422 otherwise); tells the audience. */
export async function publishSurvey(
  module: SurveysModule,
  scope: SurveyReader,
  surveyId: number,
  actor: Actor,
): Promise<AdminSurvey> {
  const { db } = module;
  const survey = await requireCompanySurvey(module, scope, surveyId);
  if (survey.status !== 'draft') throw new AppError('SURVEY_STATE_INVALID');
  const errors: Record<string, FieldMessage[]> = {};
  if ((await listQuestions(db, scope, surveyId)).length === 0) {
    errors.questoes = ['validation.surveyNeedsQuestions'];
  }
  if (survey.endsAt <= new Date()) errors.dtFimPesquisa = ['validation.surveyEndInPast'];
  if ((await listSurveyGroups(db, scope, [surveyId])).length === 0)
    errors.idsGrupos = ['validation.required'];
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  await db.transaction(async (tx) => {
    await setSurveyStatus(tx, scope, surveyId, 'published');
    await recordAudit(tx, actor, {
      action: AuditAction.surveyPublish,
      target: surveyTarget(surveyId, survey.title),
      changes: changedFields(auditedStatus(survey.status), auditedStatus('published')),
    });
  });
  const audience = await listAudienceUserIds(db, scope, surveyId);
  await module.notifications.notify({
    companyId: scope.companyId,
    userIds: audience.filter((userId) => userId !== scope.userId),
    type: NotificationType.surveyPublished,
    title: (t) => t('bell.surveyPublished'),
    body: survey.title,
    link: `/painel/pesquisas/acessar/${surveyId}`,
  });
  return getAdminSurvey(module, scope, surveyId);
}

/** Published → closed: no more answers, the results stay. */
export async function closeSurvey(
  module: SurveysModule,
  scope: SurveyReader,
  surveyId: number,
  actor: Actor,
): Promise<AdminSurvey> {
  const survey = await requireCompanySurvey(module, scope, surveyId);
  if (survey.status !== 'published') throw new AppError('SURVEY_STATE_INVALID');
  await module.db.transaction(async (tx) => {
    await setSurveyStatus(tx, scope, surveyId, 'closed');
    await recordAudit(tx, actor, {
      action: AuditAction.surveyClose,
      target: surveyTarget(surveyId, survey.title),
      changes: changedFields(auditedStatus(survey.status), auditedStatus('closed')),
    });
  });
  return getAdminSurvey(module, scope, surveyId);
}

/** Deletes a survey nobody started answering (409 SURVEY_HAS_ANSWERS otherwise). */
export async function removeSurvey(
  module: SurveysModule,
  scope: TenantScope,
  surveyId: number,
  actor: Actor,
): Promise<void> {
  const survey = await requireCompanySurvey(module, scope, surveyId);
  if ((await findAnsweredParts(module.db, scope, surveyId)).applications > 0) {
    throw new AppError('SURVEY_HAS_ANSWERS');
  }
  await module.db.transaction(async (tx) => {
    await deleteSurvey(tx, scope, surveyId);
    await recordAudit(tx, actor, {
      action: AuditAction.surveyDelete,
      target: surveyTarget(surveyId, survey.title),
      changes: changedFields(auditedRemoval(survey), null),
    });
  });
}
