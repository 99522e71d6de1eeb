import { defineModule } from '../../platform/modules.ts';
import { administratorsHandlers } from './routes.ts';
import { createAdministratorsService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    administrators: undefined;
  }
}

/** Administrators and their permissions. */
export const administratorsModule = defineModule({
  name: 'administrators',
  needs: [],
  build: ({ db, hasher, sessions }) => ({
    exports: undefined,
    handlers: administratorsHandlers({
      administrators: createAdministratorsService({ db, hasher, sessions }),
    }),
  }),
});
