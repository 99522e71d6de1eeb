import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { readAppSettings, saveAppSettings, type AppSettingsService } from './service.ts';
import { appSettingsFormOf, presentAppSettings } from './wire.ts';

/** App settings' calls: the company's logo, colours and function names. */
export function appSettingsHandlers({ appSettings }: { appSettings: AppSettingsService }) {
  return {
    consultaConfiguracoesAppAdmin: async (_input, { session }) => ({
      configuracoes: presentAppSettings(await readAppSettings(appSettings, session.companyId)),
    }),
    salvaConfiguracoesAppAdmin: async (input, { session, files, actor }) => ({
      configuracoes: presentAppSettings(
        await saveAppSettings(appSettings, session.companyId, appSettingsFormOf(input), files, actor),
      ),
    }),
  } satisfies Partial<CallHandlers>;
}
