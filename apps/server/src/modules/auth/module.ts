import { defineModule } from '../../platform/modules.ts';
import { authHandlers } from './routes.ts';
import { createAuthService, type AuthService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    auth: AuthService;
  }
}

/** Signing in and out, and the signed-in user (with their unread HR answers). */
export const authModule = defineModule({
  name: 'auth',
  needs: ['hr-tickets'],
  build: ({ db, hasher, sessions, limiters, config }, use) => {
    const auth = createAuthService({
      db,
      hasher,
      sessions,
      limiters,
      countUnreadTickets: use('hr-tickets').countUnreadTickets,
      login: {
        maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        blockMinutes: config.LOGIN_BLOCK_MINUTES,
      },
    });
    return { exports: auth, handlers: authHandlers({ auth }) };
  },
});
