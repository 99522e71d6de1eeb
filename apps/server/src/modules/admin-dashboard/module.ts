import { defineModule } from '../../platform/modules.ts';
import { adminDashboardHandlers } from './routes.ts';
import { createAdminDashboardService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'admin-dashboard': undefined;
  }
}

/** The administration's home: the company's figures. */
export const adminDashboardModule = defineModule({
  name: 'admin-dashboard',
  needs: ['auth', 'timeline', 'publications', 'chat', 'surveys'],
  build: (_platform, use) => ({
    exports: undefined,
    handlers: adminDashboardHandlers({
      dashboard: createAdminDashboardService({
        auth: use('auth'),
        timeline: use('timeline'),
        publications: use('publications'),
        chat: use('chat'),
        surveys: use('surveys'),
      }),
    }),
  }),
});
