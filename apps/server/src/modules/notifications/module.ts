import { defineModule } from '../../platform/modules.ts';
import { registerNotificationDigests } from './digest.ts';
import { createNotifications, notificationHandlers, registerNotificationRoutes } from './routes.ts';
import type { NotificationsService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    notifications: NotificationsService;
  }
}

/** The bell: notifications, their live stream on every node, and the e-mail digests. */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: [],
  build: (platform) => {
    const { db, sessions, redis, log, jobs, mail, config } = platform;
    const notifications = createNotifications({ db, sessions, redis, log });
    platform.onSessionsEnded((sessionIds) => notifications.stream.endSessions(sessionIds));
    registerNotificationDigests(jobs, { db, mail, publicUrl: config.PUBLIC_URL, log });
    return {
      exports: notifications.service,
      handlers: notificationHandlers({ notifications: notifications.service }),
      register: (app) => registerNotificationRoutes(app, { notifications }),
    };
  },
});
