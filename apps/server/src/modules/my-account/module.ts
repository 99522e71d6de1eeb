import { defineModule } from '../../platform/modules.ts';
import { personalDataOwners } from '../personal-data-owners.ts';
import { myAccountDownloadHandlers, myAccountHandlers } from './routes.ts';
import { createMyAccountService, registerAccountErasure } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'my-account': undefined;
  }
}

/** One's own account: profile, sessions, one's data to download, and erasure requests. */
export const myAccountModule = defineModule({
  name: 'my-account',
  needs: ['timeline', 'chat', 'surveys', 'hr-tickets'],
  build: ({ db, storage, sessions, jobs, log }, use) => {
    const myAccount = createMyAccountService({
      db,
      storage,
      sessions,
      jobs,
      timeline: use('timeline'),
      chat: use('chat'),
      surveys: use('surveys'),
      hrTickets: use('hr-tickets').service,
      personalData: personalDataOwners,
      log,
    });
    registerAccountErasure(jobs, myAccount);
    return {
      exports: undefined,
      handlers: myAccountHandlers({ myAccount }),
      downloads: myAccountDownloadHandlers({ myAccount }),
    };
  },
});
