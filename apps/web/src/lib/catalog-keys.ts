import type { CatalogKindValue } from '@elo/contract/calls/catalog';

/**
 * Cache keys of the user settings (the catalogues and the self-editable fields): the catalogue's
 * pages read them and the import, which may create catalogue items, refreshes them.
 */
export const userSettingsKeys = {
  all: ['admin-user-settings'] as const,
  catalog: (tipo: CatalogKindValue) => ['admin-user-settings', 'catalog', tipo] as const,
  fields: ['admin-user-settings', 'fields'] as const,
};
