import { defineModule } from '../../platform/modules.ts';
import { remindersHandlers } from './routes.ts';
import { createRemindersService, registerReminderJobs } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    reminders: undefined;
  }
}

/** Personal reminders, fired at their minute by the job queue. */
export const remindersModule = defineModule({
  name: 'reminders',
  needs: ['notifications'],
  build: ({ db, jobs, mail, config, log }, use) => {
    const reminders = createRemindersService({
      db,
      jobs,
      notifications: use('notifications'),
      mail,
      publicUrl: config.PUBLIC_URL,
      log,
    });
    registerReminderJobs(jobs, reminders);
    return { exports: undefined, handlers: remindersHandlers({ reminders }) };
  },
});
