import type { ItemCatalogo, SelfEditableFieldValue } from '@elo/contract/calls/catalog';
import type { CatalogKindCode } from './repo.ts';
import { fromFlag, toFlag, type Flag } from '../../platform/http/wire.ts';
import type { CatalogItem, CatalogItemForm } from './service.ts';

/** The item form's body in the domain's words. */
export const catalogItemFormOf = (input: {
  tipo: CatalogKindCode;
  id?: number | undefined;
  nome: string;
  flAtivo: Flag;
}): CatalogItemForm => ({
  kind: input.tipo,
  id: input.id,
  name: input.nome,
  active: fromFlag(input.flAtivo),
});

/** One item as the catalogue's table lists it. */
export const presentCatalogItem = (item: CatalogItem): ItemCatalogo => ({
  id: item.id,
  nome: item.name,
  flAtivo: toFlag(item.active),
  qtdUsuarios: item.usage,
});

/** An item as the audit log compares it. */
export const auditedItem = (item: { name: string; active: boolean }) => ({
  nome: item.name,
  ativo: item.active,
});

/** The profile fields employees change themselves, as the audit log compares them. */
export const auditedSelfEditableFields = (fields: SelfEditableFieldValue[]) => ({ camposEditaveis: fields });
