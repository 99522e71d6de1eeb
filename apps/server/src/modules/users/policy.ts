import { AdminPermission } from '@elo/contract/enums';
import { AppError } from '../../platform/http/app-error.ts';
import { editsArea, type RecordActor } from '../../platform/auth/record-policy.ts';

/**
 * What is done to a person's record, and from where:
 * - `editProfile`: the ordinary fields (name, placement, groups, phone, dates, profile text,
 *   photo), from the users area or the import;
 * - `editAccess`: how they sign in and whether they may (login type, e-mail, matricula, password,
 *   active flag), from the users area or the import;
 * - `endSessions`: signing them out everywhere, from the users area;
 * - `administer`: their administrator record (access fields, permissions, approval, ticket
 *   assignments), from the administrators area.
 */
export type PersonAction = 'editProfile' | 'editAccess' | 'endSessions' | 'administer';

/** What the rules need of the person acted on. */
export interface PersonRecord {
  id: number;
  companyId: number;
  /** An administrator (approved or not). */
  isAdministrator: boolean;
}

/** The refusal codes of these rules (both 403). */
export type PersonRefusal = 'ACCESS_FIELDS_PROTECTED' | 'MASTER_ACCESS_PROTECTED';

/**
 * Who may do what to whom (docs/security.md, "Record rules: people and administrators"):
 * - anyone the call's gate let in may edit an employee, and anyone's ordinary fields;
 * - the master user's access is changed only by the master, and never from the users area or
 *   the import (their own account page, or the administrators area as themselves);
 * - an administrator's access, sessions and administrator record are changed only by someone
 *   holding ADMIN_ADMINISTRADORES at E (the master holds it).
 * Answers the refusal's code, or null when allowed; `authorizePerson` throws it.
 */
export function personRefusal(
  actor: RecordActor,
  action: PersonAction,
  person: PersonRecord,
): PersonRefusal | null {
  if (person.companyId !== actor.companyId) throw new AppError('NOT_FOUND');
  if (action === 'editProfile') return null;
  // Signing oneself out everywhere is nobody else's business.
  if (action === 'endSessions' && person.id === actor.userId) return null;
  const isMaster = person.id === person.companyId;
  const administersAdministrators = editsArea(actor, AdminPermission.administrators);
  if (isMaster) {
    if (!administersAdministrators) return 'ACCESS_FIELDS_PROTECTED';
    if (!actor.isMaster) return 'MASTER_ACCESS_PROTECTED';
    // The master acts on themselves: in the administrators area (or their own account page).
    return action === 'administer' ? null : 'MASTER_ACCESS_PROTECTED';
  }
  if (!person.isAdministrator && action !== 'administer') return null;
  return administersAdministrators ? null : 'ACCESS_FIELDS_PROTECTED';
}

/** Throws the 403 of `personRefusal` when the actor may not do this to this person. */
export function authorizePerson(actor: RecordActor, action: PersonAction, person: PersonRecord): void {
  const refusal = personRefusal(actor, action, person);
  if (refusal) throw new AppError(refusal);
}
