import { defineModule } from '../../platform/modules.ts';
import { pushHandlers } from './routes.ts';
import { createPushService, pushOnBell, registerPushJobs } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    push: undefined;
  }
}

/** Web push from the portal's own server: what reaches the bell reaches the person's devices. */
export const pushModule = defineModule({
  name: 'push',
  needs: ['notifications'],
  build: ({ db, jobs, config, log }, use) => {
    const push = createPushService({
      db,
      jobs,
      log,
      publicUrl: config.PUBLIC_URL,
      subject: config.VAPID_SUBJECT,
      allow: config.PUSH_ENDPOINTS_ALLOW ?? [],
      configuredKeys: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
    });
    registerPushJobs(push);
    use('notifications').onBell(pushOnBell(push));
    return { exports: undefined, handlers: pushHandlers({ push }) };
  },
});
