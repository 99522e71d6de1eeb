import { defineModule } from '../../platform/modules.ts';
import { registerMediaRoutes } from './routes.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    media: undefined;
  }
}

/** Stored files, each read by the rule of the module owning its kind (docs/architecture.md, Media). */
export const mediaModule = defineModule({
  name: 'media',
  needs: [],
  build: ({ sessions, storage, mediaAccess }) => ({
    exports: undefined,
    register: (app) => registerMediaRoutes(app, { sessions, storage, access: mediaAccess }),
  }),
});
