import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { groupsHandlers } from './routes.ts';
import { createGroupsService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    groups: undefined;
  }
}

/** Groups: members, audience rules, photos. */
export const groupsModule = defineModule({
  name: 'groups',
  needs: ['timeline', 'announcements'],
  build: ({ db, storage, log, mediaAccess }, use) => {
    mediaAccess.openToCompany(MediaKind.groups);
    return {
      exports: undefined,
      handlers: groupsHandlers({
        groups: createGroupsService({
          db,
          storage,
          log,
          timeline: use('timeline'),
          announcements: use('announcements'),
        }),
      }),
    };
  },
});
