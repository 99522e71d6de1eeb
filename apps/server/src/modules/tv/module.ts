import { defineModule } from '../../platform/modules.ts';
import { createTv, tvHandlers } from './routes.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    tv: { contentChanged: (companyId: number) => void };
  }
}

/**
 * The corporate TV: screens, pairing and what they show. Its device tokens authorise the 'device'
 * calls, as sessions do the others. It needs the notifications' server-sent events plugin, which
 * serves the screens' stream too.
 */
export const tvModule = defineModule({
  name: 'tv',
  needs: ['notifications'],
  build: ({ db, redis, limiters, secret, log, config, storage, sessions }) => {
    const tv = createTv({
      db,
      redis,
      limiters,
      secret,
      log,
      maxCallsPerAddress: config.TV_MAX_CALLS_PER_ADDRESS,
      maxCodeFailuresPerAddress: config.TV_MAX_CODE_FAILURES_PER_ADDRESS,
      maxDeviceCallsPerMinute: config.TV_MAX_DEVICE_CALLS_PER_MINUTE,
    });
    return {
      exports: { contentChanged: tv.contentChanged },
      handlers: tvHandlers({ tv: tv.service }),
      devices: tv.resolveDevice,
      register: (app) => tv.register(app, { storage, sessions }),
    };
  },
});
