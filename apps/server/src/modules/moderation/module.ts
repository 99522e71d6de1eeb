import { defineModule } from '../../platform/modules.ts';
import { moderationHandlers } from './routes.ts';
import { createModerationService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    moderation: undefined;
  }
}

/** The administration's timeline: hiding and removing posts and comments. */
export const moderationModule = defineModule({
  name: 'moderation',
  needs: ['timeline', 'notifications', 'tv'],
  build: ({ db }, use) => ({
    exports: undefined,
    handlers: moderationHandlers({
      moderation: createModerationService({
        db,
        timeline: use('timeline'),
        notifications: use('notifications'),
        onContentChanged: use('tv').contentChanged,
      }),
    }),
  }),
});
