import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { appSettingsHandlers } from './routes.ts';
import { createAppSettingsService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    'app-settings': undefined;
  }
}

/** The app's branding and the names of its functions. */
export const appSettingsModule = defineModule({
  name: 'app-settings',
  needs: [],
  build: ({ db, storage, mediaAccess }) => {
    mediaAccess.openToCompany(MediaKind.branding);
    return {
      exports: undefined,
      handlers: appSettingsHandlers({ appSettings: createAppSettingsService({ db, storage }) }),
    };
  },
});
