import { defineModule } from '../../platform/modules.ts';
import { publicationsHandlers } from './routes.ts';
import type { PublicationFilter } from './publication.ts';
import {
  countCompanyPublications,
  createPublicationsService,
  findCompanyPublication,
  registerPublicationJobs,
} from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    publications: {
      /** One publication of a company as the administration shows it (null when there is none). */
      findPublication: (companyId: number, postId: number) => ReturnType<typeof findCompanyPublication>;
      /** How many publications of a company the administration's list shows with this filter. */
      countPublications: (companyId: number, filter: PublicationFilter) => Promise<number>;
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
        countPublications: (companyId, filter) => countCompanyPublications(db, { companyId, filter }),
      },
      handlers: publicationsHandlers({ publications }),
    };
  },
});
