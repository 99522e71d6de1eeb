import { defineModule } from '../../platform/modules.ts';
import { userImportDownloadHandlers, userImportHandlers } from './routes.ts';
import { createUserImportService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'user-import': undefined;
  }
}

/** Importing people from a spreadsheet (simulated first), and its template. */
export const userImportModule = defineModule({
  name: 'user-import',
  needs: [],
  build: ({ db, hasher, sessions }) => {
    const userImport = createUserImportService({ db, hasher, sessions });
    return {
      exports: undefined,
      handlers: userImportHandlers({ userImport }),
      downloads: userImportDownloadHandlers({ userImport }),
    };
  },
});
