import { MediaKind, type Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
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
