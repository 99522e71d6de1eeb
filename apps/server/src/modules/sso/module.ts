import { defineModule } from '../../platform/modules.ts';
import { createOidc } from './oidc.ts';
import { registerSsoRoutes, ssoHandlers } from './routes.ts';
import { passwordRefused, signOutUrl, type SsoService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    sso: undefined;
  }
}

/**
 * Single sign-on per company (OIDC and SAML): its settings, the sign-in routes, passwords refused
 * to companies that sign in only through their provider, and the provider's sign-out.
 */
export const ssoModule = defineModule({
  name: 'sso',
  needs: ['auth', 'users'],
  build: ({ db, hasher, sessions, config }, use) => {
    const auth = use('auth');
    const sso: SsoService = {
      db,
      hasher,
      sessions,
      auth,
      people: use('users'),
      publicUrl: config.PUBLIC_URL,
      oidc: createOidc({ allowInsecure: config.SSO_ALLOW_INSECURE_ISSUER }),
    };
    auth.guardPasswords((scope) => passwordRefused(sso, scope));
    auth.followSignOut((token) => signOutUrl(sso, token));
    return { exports: undefined, handlers: ssoHandlers({ sso }), register: registerSsoRoutes(sso) };
  },
});
