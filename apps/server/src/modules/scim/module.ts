import { scimBasePath } from '@elo/contract/calls/scim';
import { defineModule } from '../../platform/modules.ts';
import { declareScimResources } from './protocol.ts';
import { registerScimRoutes, scimHandlers } from './routes.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    scim: undefined;
  }
}

/**
 * SCIM 2.0 provisioning (issue 31): identity providers create, change, deactivate and delete the
 * company's people and groups through the users' and groups' own rules, with a bearer token the
 * app settings make. docs/scim.md.
 */
export const scimModule = defineModule({
  name: 'scim',
  needs: ['users', 'groups'],
  build: ({ db, log, config }, use) => {
    const baseUrl = new URL(scimBasePath, config.PUBLIC_URL).href;
    declareScimResources(baseUrl);
    const deps = { db, log, people: use('users'), groups: use('groups') };
    return {
      exports: undefined,
      handlers: scimHandlers({ deps, baseUrl }),
      register: (app) => registerScimRoutes(app, deps),
    };
  },
});
