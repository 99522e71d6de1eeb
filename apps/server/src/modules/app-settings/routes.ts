import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { AppSettingsService } from './service.ts';

/** App settings' calls: the company's logo, colours and function names. */
export function appSettingsHandlers({ appSettings }: { appSettings: AppSettingsService }) {
  return {
    consultaConfiguracoesAppAdmin: (_input, context) => appSettings.read(context.session.companyId),
    salvaConfiguracoesAppAdmin: (input, context) =>
      appSettings.save(context.session.companyId, input, context.files, context.actor),
  } satisfies Partial<CallHandlers>;
}
