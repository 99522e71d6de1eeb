import type { CallHandlers } from '../../platform/http/register-calls.ts';
import {
  listItems,
  removeItem,
  saveItem,
  saveSelfEditableFields,
  selfEditableFields,
  type CatalogService,
} from './service.ts';
import { catalogItemFormOf, presentCatalogItem } from './wire.ts';

/** The user settings' calls: catalogues and the fields employees change themselves. */
export function catalogHandlers({ catalog }: { catalog: CatalogService }) {
  return {
    consultaCatalogoAdmin: async (input, { session }) => ({
      listItens: (await listItems(catalog, session.companyId, input.tipo)).map(presentCatalogItem),
    }),
    salvaItemCatalogoAdmin: async (input, { session, actor }) => ({
      item: presentCatalogItem(await saveItem(catalog, session.companyId, catalogItemFormOf(input), actor)),
    }),
    excluiItemCatalogoAdmin: async (input, { session, actor }) => {
      await removeItem(catalog, session.companyId, { kind: input.tipo, id: input.id }, actor);
      return { ok: true as const };
    },
    consultaConfiguracoesUsuarioAdmin: async (_input, { session }) => ({
      camposEditaveis: await selfEditableFields(catalog, session.companyId),
    }),
    salvaConfiguracoesUsuarioAdmin: async (input, { session, actor }) => ({
      camposEditaveis: await saveSelfEditableFields(catalog, session.companyId, input.camposEditaveis, actor),
    }),
  } satisfies Partial<CallHandlers>;
}
