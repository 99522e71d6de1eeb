import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { createInvitationsService, registerInvitations } from './invitations.ts';
import { usersDownloadHandlers, usersHandlers } from './routes.ts';
import { createUsersService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    users: undefined;
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
    return {
      exports: undefined,
      handlers: usersHandlers({ users, invitations }),
      downloads: usersDownloadHandlers({ users }),
    };
  },
});
