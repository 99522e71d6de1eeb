import { defineModule } from '../../platform/modules.ts';
import { catalogHandlers } from './routes.ts';
import { createCatalogService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    catalog: undefined;
  }
}

/** The company's catalogues: sectors, roles, units. */
export const catalogModule = defineModule({
  name: 'catalog',
  needs: [],
  build: ({ db }) => ({
    exports: undefined,
    handlers: catalogHandlers({ catalog: createCatalogService({ db }) }),
  }),
});
