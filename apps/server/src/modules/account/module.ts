import { defineModule } from '../../platform/modules.ts';
import { registerAccountCleanup } from './cleanup.ts';
import { accountHandlers } from './routes.ts';
import { createAccountService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    account: undefined;
  }
}

/** First access, SMS codes, password requests and resets. */
export const accountModule = defineModule({
  name: 'account',
  needs: ['auth'],
  build: (platform, use) => {
    const { db, hasher, sessions, limiters, storage, secret, config, mail, sms, log, jobs } = platform;
    const auth = use('auth');
    const account = createAccountService({
      db,
      hasher,
      sessions,
      limiters,
      storage,
      secret,
      publicUrl: config.PUBLIC_URL,
      mail,
      sms,
      log,
      maxCallsPerAddress: config.ACCOUNT_MAX_CALLS_PER_ADDRESS,
      maxCallsPerLogin: config.ACCOUNT_MAX_CALLS_PER_LOGIN,
      auth,
    });
    registerAccountCleanup(jobs, { db, log });
    return { exports: undefined, handlers: accountHandlers({ account, auth }) };
  },
});
