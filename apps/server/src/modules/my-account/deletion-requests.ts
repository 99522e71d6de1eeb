import { AuditAction } from '@elo/contract/calls/audit';
import { DeletionRequestStatus, type DeletionRequestStatusValue } from '@elo/contract/calls/my-account';
import type { Database } from '../../db/client.ts';
import { actorAt, type Actor } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pageOf, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import { eraseEverywhere } from '../../platform/personal-data.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { recordAudit } from '../audit/service.ts';
import { refreshRuleMembershipsOf } from '../groups/service.ts';
import { requireAccount, userTarget } from './profile.ts';
import {
  deactivatePerson,
  findOpenRequestOf,
  findRequest,
  insertRequest,
  pageRequests,
  removedPersonName,
  setRequestStatus,
  type RequestRow,
} from './repo.ts';
import type { MyAccountDeps } from './service.ts';

/** The erasure job's payload: whose data, by which request, decided by whom. */
export type ErasureJob = { companyId: number; requestId: number; userId: number; actorUserId: number };

const requestTarget = (id: number, name: string) => ({ type: 'deletion_request', id, name });

/** A request of the company still waiting for a decision, locked in the transaction. */
async function requirePendingRequest(tx: Database, companyId: number, requestId: number) {
  const request = await findRequest(tx, companyId, requestId, { lock: true });
  if (!request) throw new AppError('NOT_FOUND');
  if (request.status !== DeletionRequestStatus.pending) throw new AppError('DELETION_REQUEST_CLOSED');
  return request;
}

/**
 * Cancels a request still waiting for a decision (the person withdrawing it, or an
 * administrator), within the transaction; answers the request as it was.
 */
async function cancelPendingRequest(
  tx: Database,
  companyId: number,
  requestId: number,
  decidedBy: number | null,
) {
  const request = await requirePendingRequest(tx, companyId, requestId);
  await setRequestStatus(tx, companyId, request.id, {
    status: DeletionRequestStatus.cancelled,
    decidedBy,
    decided: true,
  });
  return request;
}

async function requestOf(
  myAccount: { db: Database },
  companyId: number,
  requestId: number,
): Promise<RequestRow> {
  return (await findRequest(myAccount.db, companyId, requestId))!;
}

/** Asks the administration to delete the caller's account (409 when one is open already). */
export async function requestDeletion(
  myAccount: MyAccountDeps,
  scope: TenantScope,
  actor: Actor,
  comment: string,
): Promise<{ id: number; status: DeletionRequestStatusValue }> {
  // The company's master user is the company (idUsuarioPai): their account is never deleted.
  if (scope.userId === scope.companyId) throw new AppError('DELETION_MASTER_REFUSED');
  const row = await requireAccount(myAccount, scope);
  const created = await myAccount.db.transaction(async (tx) => {
    const inserted = await insertRequest(tx, scope, comment);
    if (!inserted) throw new AppError('DELETION_REQUEST_OPEN');
    await recordAudit(tx, actor, {
      action: AuditAction.deletionRequestCreate,
      target: requestTarget(inserted.id, row.name),
    });
    return inserted;
  });
  return { id: created.id, status: created.status as DeletionRequestStatusValue };
}

/** Withdraws the caller's open request while no administrator has decided on it. */
export async function withdrawDeletion(
  myAccount: MyAccountDeps,
  scope: TenantScope,
  actor: Actor,
): Promise<void> {
  const open = await findOpenRequestOf(myAccount.db, scope);
  if (!open) throw new AppError('NOT_FOUND');
  await myAccount.db.transaction(async (tx) => {
    const request = await cancelPendingRequest(tx, scope.companyId, open.id, scope.userId);
    await recordAudit(tx, actor, {
      action: AuditAction.deletionRequestWithdraw,
      target: requestTarget(request.id, request.userName),
    });
  });
}

/** A page of the company's deletion requests, newest first, optionally of one status. */
export async function pageDeletionRequests(
  myAccount: MyAccountDeps,
  companyId: number,
  status: DeletionRequestStatusValue | undefined,
  query: PageQuery,
): Promise<Page<RequestRow>> {
  const { rows, total } = await pageRequests(myAccount.db, companyId, { status, ...rowsOf(query) });
  return pageOf(query, rows, total);
}

/** Cancels an open request (409 when it is no longer open); answers it as it is now. */
export async function cancelRequest(
  myAccount: MyAccountDeps,
  actor: Actor,
  requestId: number,
): Promise<RequestRow> {
  await myAccount.db.transaction(async (tx) => {
    const request = await cancelPendingRequest(tx, actor.companyId, requestId, actor.userId);
    await recordAudit(tx, actor, {
      action: AuditAction.deletionRequestCancel,
      target: requestTarget(request.id, request.userName),
      changes: { status: { antes: request.status, depois: DeletionRequestStatus.cancelled } },
    });
  });
  return requestOf(myAccount, actor.companyId, requestId);
}

/**
 * Forces a deletion, in one transaction: the request turns EM_EXCLUSAO, the person is
 * deactivated, the erasure job is stored, and (last) every session of theirs ends, which
 * closes their chat sockets on every node at once. The job erases their data and turns the
 * request EXCLUIDA. Answers the request as it is now.
 */
export async function forceDeletion(
  myAccount: MyAccountDeps,
  actor: Actor,
  requestId: number,
): Promise<RequestRow> {
  await myAccount.db.transaction(async (tx) => {
    const request = await requirePendingRequest(tx, actor.companyId, requestId);
    if (request.userId === actor.companyId) throw new AppError('DELETION_MASTER_REFUSED');
    const person = { companyId: actor.companyId, userId: request.userId };
    await setRequestStatus(tx, actor.companyId, request.id, {
      status: DeletionRequestStatus.deleting,
      decidedBy: actor.userId,
      decided: true,
    });
    await deactivatePerson(tx, person);
    await recordAudit(tx, actor, {
      action: AuditAction.deletionRequestForce,
      target: requestTarget(request.id, request.userName),
      changes: { status: { antes: request.status, depois: DeletionRequestStatus.deleting } },
    });
    await myAccount.jobs.send(
      'erase-account',
      { ...person, requestId: request.id, actorUserId: actor.userId ?? person.userId },
      { transaction: tx },
    );
    await myAccount.sessions.endSessions(person, 'account_deleted', tx);
  });
  return requestOf(myAccount, actor.companyId, requestId);
}

/**
 * The erasure job: the person's photo file leaves storage, then in one transaction their row
 * loses every personal field, their memberships, permissions, sessions, notifications and
 * saved posts go, and the request turns EXCLUIDA with the audit entry. Safe to run again: a
 * finished request is left as it is, and each step finds nothing more to do.
 */
export async function eraseAccount(deps: MyAccountDeps, job: ErasureJob): Promise<void> {
  const { db } = deps;
  const person = { companyId: job.companyId, userId: job.userId };
  const request = await findRequest(db, job.companyId, job.requestId);
  if (!request || request.status !== DeletionRequestStatus.deleting) return;
  // Every module's declared erasure in one transaction (modules/personal-data-owners.ts); the
  // files they let go leave storage once it has committed.
  const files = await db.transaction(async (tx) => {
    const locked = await findRequest(tx, job.companyId, job.requestId, { lock: true });
    if (locked?.status !== DeletionRequestStatus.deleting) return [];
    const released = await eraseEverywhere(tx, deps.personalData, person);
    // Nobody erased matches a group's rule any more: whatever held them in by rule goes too.
    await refreshRuleMembershipsOf(tx, job.companyId, [job.userId]);
    await setRequestStatus(tx, job.companyId, job.requestId, { status: DeletionRequestStatus.deleted });
    await recordAudit(tx, actorAt({ companyId: job.companyId, userId: job.actorUserId }, {}), {
      action: AuditAction.accountDeleted,
      target: userTarget(job.userId, removedPersonName),
    });
    return released;
  });
  for (const key of files) {
    // A file that cannot go now is only unreferenced: log it, the erasure itself is done.
    await deps.storage
      .remove(key)
      .catch((error: unknown) => deps.log.warn({ err: error, key }, 'erased file not removed'));
  }
}
