import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { CatalogService } from './service.ts';

/** The user settings' calls: catalogues and the fields employees change themselves. */
export function catalogHandlers({ catalog }: { catalog: CatalogService }) {
  return {
    consultaCatalogoAdmin: (input, context) => catalog.list(requireSession(context).companyId, input.tipo),
    salvaItemCatalogoAdmin: (input, context) =>
      catalog.save(requireSession(context).companyId, input, requireActor(context)),
    excluiItemCatalogoAdmin: (input, context) =>
      catalog.remove(requireSession(context).companyId, input, requireActor(context)),
    consultaConfiguracoesUsuarioAdmin: (_input, context) =>
      catalog.settings(requireSession(context).companyId),
    salvaConfiguracoesUsuarioAdmin: (input, context) =>
      catalog.saveSettings(requireSession(context).companyId, input, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
