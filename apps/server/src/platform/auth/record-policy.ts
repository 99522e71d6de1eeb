import type { AdminPermissionCode } from '@elo/contract/enums';
import { adminStatusOf, type AdminStatuses } from './policy.ts';

/**
 * Who acts on a record, for the record rules (`modules/<feature>/policy.ts`): the per-call gate
 * (`policy.ts`) has already let the call through; a record policy decides whether this actor may
 * do this action to this record. Built from the session by `recordActorOf`.
 */
export interface RecordActor {
  companyId: number;
  userId: number;
  /** The company's master user (idUsuario = idUsuarioPai): every permission at E, and more. */
  isMaster: boolean;
  /** The actor's status per administration permission (absent = N). */
  adminPermissions: AdminStatuses;
}

/** The record actor of a signed-in person (a session, or anything shaped like one). */
export function recordActorOf(person: {
  companyId: number;
  userId: number;
  adminPermissions: AdminStatuses;
}): RecordActor {
  return {
    companyId: person.companyId,
    userId: person.userId,
    isMaster: person.userId === person.companyId,
    adminPermissions: person.adminPermissions,
  };
}

/** Whether the actor holds an administration permission at E (edit). */
export function editsArea(actor: RecordActor, code: AdminPermissionCode): boolean {
  return adminStatusOf(actor.adminPermissions, code) === 'E';
}

/** Whether the actor holds an administration permission at L or E. */
export function readsArea(actor: RecordActor, code: AdminPermissionCode): boolean {
  return adminStatusOf(actor.adminPermissions, code) !== 'N';
}
