import { AuditAction } from '@elo/contract/calls/audit';
import { ScheduleCancelAction } from '@elo/contract/calls/publications';
import { scheduleProblem } from '@elo/contract/publication-schedule';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { queueNotification, type NotifyingDeps } from './notifying.ts';
import { excerpt, type Publication } from './publication.ts';
import { findPublication, lockPublication, softDeletePublication, updatePublication } from './repo.ts';
import { auditedFields, auditedSchedule } from './wire.ts';

/** Cancelling a schedule: delete, keep as a draft, or publish now. */
export type ScheduleCancelValue = (typeof ScheduleCancelAction)[keyof typeof ScheduleCancelAction];

/**
 * A schedule must be ahead of now and within publicationLimits.scheduleMaxDays: the contract's
 * rule (publication-schedule.ts), which the publish screen checks too; the server checks it again
 * on a save and a reschedule.
 */
export function scheduleProblems(at: Date, now: Date): FieldMessage[] {
  const problem = scheduleProblem(at, now);
  return problem ? [problem] : [];
}

/** The name an audit entry gives a publication: the start of its text. */
export const auditName = (text: string | null) => excerpt(text).slice(0, 100) || null;

/** The publication of the company (in `within`, a transaction), or 404. */
export async function requirePublication(
  within: Database,
  scope: TenantScope,
  postId: number,
): Promise<Publication> {
  const publication = await findPublication(within, scope.companyId, postId);
  if (!publication) throw new AppError('NOT_FOUND');
  return publication;
}

/** Locks a scheduled publication that has not fired, or refuses (404, not scheduled, already out). */
async function lockScheduled(tx: Database, scope: TenantScope, postId: number) {
  const locked = await lockPublication(tx, scope.companyId, postId);
  if (!locked) throw new AppError('NOT_FOUND');
  if (locked.status !== 'published') throw new AppError('PUBLICATION_NOT_SCHEDULED');
  if (!locked.scheduled) throw new AppError('PUBLICATION_ALREADY_PUBLISHED');
  return locked;
}

/** Moves a scheduled publication to another time; the job queued for the old time does nothing. */
export async function reschedulePublication(
  deps: NotifyingDeps,
  scope: TenantScope,
  postId: number,
  at: Date,
  actor: Actor,
): Promise<Publication> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockScheduled(tx, scope, postId);
    const problems = scheduleProblems(at, new Date());
    if (problems.length > 0) throw invalidFields({ dtAgendamento: problems });
    await updatePublication(tx, scope.companyId, postId, { publishAt: at });
    await queueNotification(deps, tx, postId, at);
    await recordAudit(tx, actor, {
      action: AuditAction.publicationReschedule,
      target: { type: 'publication', id: postId, name: auditName(locked.text) },
      changes: changedFields(auditedSchedule(locked.publishAt), auditedSchedule(at)),
    });
  });
  return requirePublication(deps.db, scope, postId);
}

/**
 * Cancels a schedule that has not fired: delete, keep as a draft, or publish now. Answers the
 * publication as it is now; undefined when it was deleted.
 */
export async function cancelSchedule(
  deps: NotifyingDeps,
  scope: TenantScope,
  postId: number,
  action: ScheduleCancelValue,
  actor: Actor,
): Promise<Publication | undefined> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockScheduled(tx, scope, postId);
    const now = new Date();
    if (action === ScheduleCancelAction.delete) await softDeletePublication(tx, scope.companyId, postId);
    else if (action === ScheduleCancelAction.draft)
      await updatePublication(tx, scope.companyId, postId, { status: 'draft', publishAt: now });
    else {
      await updatePublication(tx, scope.companyId, postId, { publishAt: now });
      await queueNotification(deps, tx, postId, now);
    }
    await recordAudit(tx, actor, {
      action: AuditAction.publicationScheduleCancel,
      target: { type: 'publication', id: postId, name: auditName(locked.text) },
      changes: changedFields(auditedSchedule(locked.publishAt), auditedSchedule(null, action)),
    });
  });
  deps.onContentChanged?.(scope.companyId);
  if (action === ScheduleCancelAction.delete) return undefined;
  return requirePublication(deps.db, scope, postId);
}

/** Deletes a publication of any status (soft: it leaves every timeline and list). */
export async function removePublication(
  deps: Pick<NotifyingDeps, 'db' | 'onContentChanged'>,
  scope: TenantScope,
  postId: number,
  actor: Actor,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockPublication(tx, scope.companyId, postId);
    if (!locked) throw new AppError('NOT_FOUND');
    const before = auditedFields(await requirePublication(tx, scope, postId));
    await softDeletePublication(tx, scope.companyId, postId);
    await recordAudit(tx, actor, {
      action: AuditAction.publicationDelete,
      target: { type: 'publication', id: postId, name: auditName(locked.text) },
      changes: changedFields(before, null),
    });
  });
  deps.onContentChanged?.(scope.companyId);
}
