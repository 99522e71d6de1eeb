import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { AppSettingsService } from './service.ts';

/** App settings' calls: the company's logo, colours and function names. */
export function appSettingsHandlers({ appSettings }: { appSettings: AppSettingsService }) {
  return {
    consultaConfiguracoesAppAdmin: (_input, context) => appSettings.read(requireSession(context).companyId),
    salvaConfiguracoesAppAdmin: (input, context) =>
      appSettings.save(requireSession(context).companyId, input, context.files, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
