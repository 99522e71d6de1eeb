import { AdminPermission, MediaKind, type Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { defineModule } from '../../platform/modules.ts';
import { saveUser, setUsersActive } from './editing.ts';
import { createInvitationsService, registerInvitations } from './invitations.ts';
import { usersDownloadHandlers, usersHandlers } from './routes.ts';
import {
  createUsersService,
  requireUser,
  type UserForm,
  type UserRecord,
  type UsersScope,
} from './service.ts';

/**
 * The administration's own ways of changing people, for modules that act on them for the company
 * (SCIM provisioning): the same rules, audit entries and session endings as the users area. Given
 * `within` (a transaction), they run inside it.
 */
export interface PeopleEditing {
  getUser(scope: { companyId: number }, userId: number, within?: Database): Promise<UserRecord>;
  saveUser(
    scope: UsersScope,
    form: UserForm,
    actor: Actor,
    language: Language,
    within?: Database,
  ): Promise<UserRecord>;
  setUsersActive(
    scope: UsersScope,
    userIds: number[],
    active: boolean,
    actor: Actor,
    within?: Database,
  ): Promise<number>;
}

/** The statuses the company's own provisioning acts with: the users' and administrators' areas at E. */
const provisioningStatuses: AdminStatuses = new Map([
  [AdminPermission.users, 'E'],
  [AdminPermission.administrators, 'E'],
]);

/**
 * The scope of a change the company's identity provider makes (SCIM provisioning, a person created
 * at their first corporate sign-in): as an administrator holding the users' and administrators'
 * areas at E, and as nobody in particular, so the record rules still keep the master user's access
 * to the master alone.
 */
export function provisioningScope(companyId: number): UsersScope {
  return { companyId, userId: 0, adminPermissions: provisioningStatuses };
}

/**
 * The form of a person the identity provider brings (SCIM, a first corporate sign-in): their login,
 * name and contact; nothing of the placement, dates or profile the administration fills, no group
 * beyond those every new person joins, and no invitation.
 */
export function provisionedPersonForm(
  person: Pick<
    UserForm,
    'loginType' | 'email' | 'matricula' | 'name' | 'mobilePhone' | 'active' | 'password'
  >,
): UserForm {
  return {
    ...person,
    unitId: null,
    branchId: null,
    sectorId: null,
    jobTitleId: null,
    birthDate: null,
    admissionDate: null,
    profileText: null,
    groupIds: [],
    sendInvitation: false,
  };
}

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    users: PeopleEditing;
  }
}

/** The administration's people: the list, the form, exports, and first-access invitations. */
export const usersModule = defineModule({
  name: 'users',
  needs: [],
  build: ({ db, hasher, sessions, storage, mail, sms, config, log, jobs, mediaAccess }) => {
    const users = createUsersService({
      db,
      hasher,
      sessions,
      storage,
      mail,
      publicUrl: config.PUBLIC_URL,
      log,
    });
    // First-access invitations in bulk: the call queues them, the job sets the password and mails it.
    const invitations = createInvitationsService({
      db,
      hasher,
      storage,
      mail,
      sms,
      publicUrl: config.PUBLIC_URL,
      jobs,
    });
    registerInvitations(jobs, invitations);
    mediaAccess.openToCompany(MediaKind.avatars);
    const editing: PeopleEditing = {
      getUser: (scope, userId, within) => requireUser(within ?? db, scope, userId),
      saveUser: (scope, form, actor, language, within) =>
        saveUser({ ...users, db: within ?? db }, scope, form, actor, language),
      setUsersActive: (scope, userIds, active, actor, within) =>
        setUsersActive({ ...users, db: within ?? db }, scope, userIds, active, actor),
    };
    return {
      exports: editing,
      handlers: usersHandlers({ users, invitations }),
      downloads: usersDownloadHandlers({ users }),
    };
  },
});
