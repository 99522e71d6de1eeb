import { defineModule } from '../../platform/modules.ts';
import { publicationsHandlers } from './routes.ts';
import { createPublicationsService, findCompanyPublication, registerPublicationJobs } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    publications: {
      /** One publication of a company as the administration shows it (null when there is none). */
      findPublication: (companyId: number, postId: number) => ReturnType<typeof findCompanyPublication>;
    };
  }
}

/** The administration's publications: writing, scheduling, mandatory readings. */
export const publicationsModule = defineModule({
  name: 'publications',
  needs: ['notifications', 'tv'],
  build: ({ db, storage, jobs, log }, use) => {
    const publications = createPublicationsService({
      db,
      storage,
      jobs,
      notifications: use('notifications'),
      log,
      onContentChanged: use('tv').contentChanged,
    });
    registerPublicationJobs(jobs, publications);
    return {
      exports: {
        findPublication: (companyId, postId) => findCompanyPublication(db, { companyId, postId }),
      },
      handlers: publicationsHandlers({ publications }),
    };
  },
});
