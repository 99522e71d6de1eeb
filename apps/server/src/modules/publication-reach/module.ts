import { defineModule } from '../../platform/modules.ts';
import { registerReadingReminders } from './reminders.ts';
import { publicationReachDownloadHandlers, publicationReachHandlers } from './routes.ts';
import { createPublicationReachService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'publication-reach': undefined;
  }
}

/** Who a publication reached: views, confirmations of mandatory readings, their reminders. */
export const publicationReachModule = defineModule({
  name: 'publication-reach',
  needs: ['timeline', 'publications', 'notifications'],
  build: ({ db, limiters, config, jobs, log }, use) => {
    const reach = createPublicationReachService({
      db,
      timeline: use('timeline'),
      limiters,
      viewReportsPerMinute: config.VIEW_REPORTS_PER_MINUTE,
      findPublication: use('publications').findPublication,
    });
    registerReadingReminders(jobs, { db, notifications: use('notifications'), log });
    return {
      exports: undefined,
      handlers: publicationReachHandlers({ reach }),
      downloads: publicationReachDownloadHandlers({ reach }),
    };
  },
});
