import { defineModule } from '../../platform/modules.ts';
import { hrSettingsHandlers } from './routes.ts';
import { createHrSettingsService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'hr-settings': undefined;
  }
}

/** The HR portal's settings: subjects with their deadlines, the calendar, canned answers. */
export const hrSettingsModule = defineModule({
  name: 'hr-settings',
  needs: ['hr-tickets'],
  build: ({ db }, use) => ({
    exports: undefined,
    handlers: hrSettingsHandlers({
      hrSettings: createHrSettingsService({
        db,
        countOpenTicketsBySubject: use('hr-tickets').countOpenTicketsBySubject,
      }),
    }),
  }),
});
