import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { timelineHandlers } from './routes.ts';
import { createTimelineService, type TimelineService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    timeline: TimelineService;
  }
}

/** The timeline: posts of one's groups and the wall, comments, reactions, saved posts. */
export const timelineModule = defineModule({
  name: 'timeline',
  needs: ['notifications'],
  build: ({ db, config, mediaAccess }, use) => {
    const timeline = createTimelineService({
      db,
      cardCacheSize: config.TIMELINE_CARD_CACHE,
      notifications: use('notifications'),
    });
    mediaAccess.own(MediaKind.posts, timeline.mayReadMedia);
    return { exports: timeline, handlers: timelineHandlers({ timeline }) };
  },
});
