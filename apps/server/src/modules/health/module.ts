import { defineModule } from '../../platform/modules.ts';
import { registerHealthRoutes } from './routes.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    health: undefined;
  }
}

/** Liveness and readiness for the load balancer. */
export const healthModule = defineModule({
  name: 'health',
  needs: [],
  build: ({ database }) => ({
    exports: undefined,
    register: (app) => registerHealthRoutes(app, { ping: database.ping }),
  }),
});
