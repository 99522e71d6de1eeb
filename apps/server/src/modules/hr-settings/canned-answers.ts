import { AuditAction } from '@elo/contract/calls/audit';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { CannedAnswer, CannedAnswerForm, HrSettingsModule, HrSettingsScope } from './model.ts';
import { auditedCannedAnswer } from './presenter.ts';
import {
  deleteCannedAnswer,
  findCannedAnswer,
  insertCannedAnswer,
  listCannedAnswers,
  updateCannedAnswer,
} from './repo.ts';
import { findTicketSubject } from './subjects.ts';

const cannedTarget = (row: { id: number; title: string }) => ({
  type: 'hr_canned_answer',
  id: row.id,
  name: row.title,
});

/** The canned answers; with a subject, its own and those for every subject. */
export async function cannedAnswers(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  subjectId: number | undefined,
): Promise<CannedAnswer[]> {
  return listCannedAnswers(module.db, scope.companyId, subjectId);
}

/** Creates or edits a canned answer, for one of the company's subjects or for all (no subject). */
export async function saveCannedAnswer(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  form: CannedAnswerForm,
  actor: Actor,
): Promise<CannedAnswer> {
  return module.db.transaction(async (tx) => {
    const before = form.id === undefined ? undefined : await findCannedAnswer(tx, scope.companyId, form.id);
    if (form.id !== undefined && !before) throw new AppError('NOT_FOUND');
    if (form.subjectId !== null && !(await findTicketSubject(tx, scope.companyId, form.subjectId)))
      throw invalidFields({ idAssunto: ['validation.catalogItemInvalid'] });
    const values = { subjectId: form.subjectId, title: form.title, body: form.body };
    const row = before
      ? await updateCannedAnswer(tx, scope.companyId, before.id, values)
      : await insertCannedAnswer(tx, scope.companyId, values);
    await recordAudit(tx, actor, {
      action: before ? AuditAction.hrCannedAnswerUpdate : AuditAction.hrCannedAnswerCreate,
      target: cannedTarget(row),
      changes: changedFields(before ? auditedCannedAnswer(before) : null, auditedCannedAnswer(row)),
    });
    return row;
  });
}

export async function removeCannedAnswer(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  answerId: number,
  actor: Actor,
): Promise<void> {
  await module.db.transaction(async (tx) => {
    const row = await findCannedAnswer(tx, scope.companyId, answerId);
    if (!row) throw new AppError('NOT_FOUND');
    await deleteCannedAnswer(tx, scope.companyId, row.id);
    await recordAudit(tx, actor, {
      action: AuditAction.hrCannedAnswerDelete,
      target: cannedTarget(row),
      changes: changedFields(auditedCannedAnswer(row), null),
    });
  });
}
