import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { CatalogService } from './service.ts';

/** The user settings' calls: catalogues and the fields employees change themselves. */
export function catalogHandlers({ catalog }: { catalog: CatalogService }) {
  return {
    consultaCatalogoAdmin: (input, context) => catalog.list(context.session.companyId, input.tipo),
    salvaItemCatalogoAdmin: (input, context) => catalog.save(context.session.companyId, input, context.actor),
    excluiItemCatalogoAdmin: (input, context) =>
      catalog.remove(context.session.companyId, input, context.actor),
    consultaConfiguracoesUsuarioAdmin: (_input, context) => catalog.settings(context.session.companyId),
    salvaConfiguracoesUsuarioAdmin: (input, context) =>
      catalog.saveSettings(context.session.companyId, input, context.actor),
  } satisfies Partial<CallHandlers>;
}
