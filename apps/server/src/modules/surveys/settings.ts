import { AuditAction } from '@elo/contract/calls/audit';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { minimumOf } from './access.ts';
import type { SurveyReader, SurveysModule } from './model.ts';
import { authorizeMinimumChange, effectiveMinimum } from './policy.ts';
import { countCompanyFinishedAnswers, findMinRespondents, saveMinRespondents } from './repo/results.ts';
import { auditedSettings } from './wire.ts';

// The company's survey settings: the minimum of respondents anonymous results wait for.

/** The company's survey settings. */
export async function getSurveySettings(module: SurveysModule, companyId: number) {
  return { minRespondents: await minimumOf(module, companyId) };
}

/** Changes the minimum of respondents (ADMIN_PESQUISAS at E, 3 to 100), audited. */
export async function saveSurveySettings(
  { db }: SurveysModule,
  scope: SurveyReader,
  minRespondents: number,
  actor: Actor,
) {
  authorizeMinimumChange(recordActorOf(scope), minRespondents);
  await db.transaction(async (tx) => {
    const before = effectiveMinimum(await findMinRespondents(tx, scope.companyId));
    await saveMinRespondents(tx, scope.companyId, minRespondents);
    await recordAudit(tx, actor, {
      action: AuditAction.surveySettingsUpdate,
      target: { type: 'survey_settings', id: scope.companyId },
      changes: changedFields(auditedSettings(before), auditedSettings(minRespondents)),
    });
  });
  return { minRespondents };
}

/**
 * The company's finished survey answers, for the administration's figures, leaving out those of
 * anonymous surveys too few people answered.
 */
export async function countFinishedAnswers(module: SurveysModule, companyId: number) {
  return countCompanyFinishedAnswers(module.db, companyId, await minimumOf(module, companyId));
}
