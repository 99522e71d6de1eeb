import type { AccessMode, Audience } from '@elo/contract/define-call';
import {
  anyAdministrator,
  AdminPermissionStatus,
  adminPermissionCodes,
  type AdminPermissionCode,
  type AdminPermissionStatusValue,
  type PermissionCode,
} from '@elo/contract/enums';
import { AppError } from '../http/app-error.ts';

/** An administrator's statuses: a permission absent from the map is N (no access). */
export type AdminStatuses = ReadonlyMap<AdminPermissionCode, 'L' | 'E'>;

const noStatuses: AdminStatuses = new Map();
const allAtEdit: AdminStatuses = new Map(adminPermissionCodes.map((code) => [code, 'E' as const]));
const knownCodes = new Set<string>(adminPermissionCodes);

/** Whether a person is an administrator still waiting for approval (the master never waits). */
export function awaitsAdminApproval(person: {
  userId: number;
  companyId: number;
  isAdministrator: boolean;
  approved?: boolean | undefined;
}): boolean {
  return person.userId !== person.companyId && person.isAdministrator && person.approved === false;
}

/**
 * The statuses a person holds: none unless an approved administrator; every permission at E for
 * the company's master user (idUsuario = idUsuarioPai); otherwise their rows (`PERMISSION:status`).
 * An administrator not yet approved (flAprovado N) holds none, so enters no administration call.
 */
export function adminStatusesOf(person: {
  userId: number;
  companyId: number;
  isAdministrator: boolean;
  /** flAprovado; absent counts as approved. */
  approved?: boolean | undefined;
  adminPermissions: readonly string[];
}): AdminStatuses {
  if (person.userId === person.companyId) return allAtEdit;
  if (!person.isAdministrator || awaitsAdminApproval(person)) return noStatuses;
  const statuses = new Map<AdminPermissionCode, 'L' | 'E'>();
  for (const entry of person.adminPermissions) {
    const [code, status] = entry.split(':');
    if (code && knownCodes.has(code) && (status === 'L' || status === 'E')) {
      statuses.set(code as AdminPermissionCode, status);
    }
  }
  return statuses;
}

/** The status of one permission (N when not held). */
export function adminStatusOf(
  statuses: AdminStatuses,
  code: AdminPermissionCode,
): AdminPermissionStatusValue {
  return statuses.get(code) ?? AdminPermissionStatus.none;
}

/** Whether a status allows a mode: L and E read, only E writes. */
export function statusAllows(status: AdminPermissionStatusValue, mode: AccessMode): boolean {
  if (status === AdminPermissionStatus.edit) return true;
  return status === AdminPermissionStatus.read && mode === 'read';
}

/** What the policy needs of the caller. */
export interface Caller {
  isAdministrator: boolean;
  permissions: ReadonlySet<string>;
  adminPermissions: AdminStatuses;
  /** An administrator not yet approved: refused the administration with ADMIN_NOT_APPROVED. */
  awaitsAdminApproval?: boolean | undefined;
}

/** What a call or download declares about who may make it (the contract's access fields). */
export interface DeclaredAccess {
  audience: Audience;
  permission?: PermissionCode | AdminPermissionCode | typeof anyAdministrator | undefined;
  /** A second administrator permission needed at the same status as the first. */
  alsoPermission?: AdminPermissionCode | undefined;
  mode: AccessMode;
}

/**
 * The one policy of the API: decides from a call's declaration and the caller. Throws
 * SESSION_EXPIRED (401) without a caller, FORBIDDEN (403) when the declaration refuses them,
 * ADMIN_NOT_APPROVED (403) for an administration call of an administrator not yet approved.
 * Handlers never test roles themselves.
 */
export function authorize<C extends Caller>(access: DeclaredAccess, caller: C | undefined): C | undefined {
  if (access.audience === 'public') return caller;
  // A device call is for a device token only (authorizeDevice): no session ever grants it.
  if (access.audience === 'device') throw new AppError('TV_NAO_AUTORIZADA');
  if (!caller) throw new AppError('SESSION_EXPIRED');
  if (access.audience === 'admin') {
    // An administrator is someone holding some permission at L or E (the web's rule too): a flag
    // with every permission at N opens nothing, and one not yet approved holds none (told so).
    if (caller.adminPermissions.size === 0) {
      throw new AppError(caller.awaitsAdminApproval ? 'ADMIN_NOT_APPROVED' : 'FORBIDDEN');
    }
    if (access.permission === anyAdministrator) return caller;
    const code = access.permission as AdminPermissionCode | undefined;
    for (const needed of access.alsoPermission ? [code, access.alsoPermission] : [code]) {
      if (!needed || !statusAllows(adminStatusOf(caller.adminPermissions, needed), access.mode)) {
        throw new AppError('FORBIDDEN');
      }
    }
    return caller;
  }
  if (access.permission && !caller.permissions.has(access.permission)) throw new AppError('FORBIDDEN');
  return caller;
}

/**
 * Whether the one policy lets this caller in (for checks that refuse in their own way, such as a
 * chat socket's frames): the same decision as `authorize`, as a boolean.
 */
export function allows(access: DeclaredAccess, caller: Caller | undefined): boolean {
  try {
    authorize(access, caller);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * The policy for calls of the 'device' audience: a device the injected resolver recognised from
 * the request's bearer token, else 401 TV_NAO_AUTORIZADA. A device grants no other audience: the
 * other calls only ever look at the session cookie.
 */
export function authorizeDevice<D>(access: DeclaredAccess, device: D | undefined): D {
  if (access.audience !== 'device' || !device) throw new AppError('TV_NAO_AUTORIZADA');
  return device;
}

/** Whether the caller may read (or write) an administration area: for figures and menus. */
export function mayAccess(caller: Caller, code: AdminPermissionCode, mode: AccessMode = 'read'): boolean {
  return statusAllows(adminStatusOf(caller.adminPermissions, code), mode);
}
