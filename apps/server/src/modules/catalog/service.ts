import { AuditAction } from '@elo/contract/calls/audit';
import type { SelfEditableFieldValue } from '@elo/contract/calls/catalog';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { countGroupsWithRulesNaming } from '../groups/service.ts';
import {
  catalogNameTaken,
  deleteCatalogItem,
  findCatalogIds,
  findCatalogItem,
  findSelfEditableFields,
  insertCatalogItem,
  insertCatalogItems,
  listCatalogItems,
  listCatalogNames,
  updateCatalogItem,
  updateSelfEditableFields,
  type CatalogKindCode,
} from './repo.ts';

import { auditedItem, auditedSelfEditableFields } from './wire.ts';

export type { CatalogKindCode } from './repo.ts';

/** The order the self-editable fields are kept and answered in. */
const selfEditableOrder: SelfEditableFieldValue[] = ['TEXTO_PERFIL', 'FOTO', 'CELULAR'];

/** A catalogue item as it is kept: its name, whether it is offered, and how many use it. */
export interface CatalogItem {
  id: number;
  name: string;
  active: boolean;
  usage: number;
}

/** A catalogue item as a form creates or changes it (no id: a new one). */
export interface CatalogItemForm {
  kind: CatalogKindCode;
  id?: number | undefined;
  name: string;
  active: boolean;
  /** The item's version the change was made on (an HR subject's versao): a stale one writes nothing. */
  version?: number | undefined;
}

/** The database may count as text: the usage as a number. */
const itemOf = (row: CatalogItem): CatalogItem => ({ ...row, usage: Number(row.usage) });

const itemTarget = (kind: CatalogKindCode, id: number, name: string) => ({
  type: `catalog_${kind.toLowerCase()}`,
  id,
  name,
});

/** Lower case, trimmed, inner spaces collapsed: the key an item's name is unique by. */
export const catalogNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Resolves catalogue names to item ids within a transaction, creating the unknown ones (active).
 * `wanted` maps each kind to the names to resolve; answers kind → lower-cased name → id and the
 * items created. Used by the bulk import (one round trip per step, not per row).
 */
export async function resolveOrCreateCatalogItems(
  tx: Database,
  companyId: number,
  wanted: Partial<Record<CatalogKindCode, Iterable<string>>>,
): Promise<{
  ids: Map<CatalogKindCode, Map<string, number>>;
  created: { kind: CatalogKindCode; name: string }[];
}> {
  const kinds = Object.keys(wanted) as CatalogKindCode[];
  const ids = new Map<CatalogKindCode, Map<string, number>>(kinds.map((kind) => [kind, new Map()]));
  if (kinds.length === 0) return { ids, created: [] };
  for (const row of await listCatalogNames(tx, companyId, kinds)) {
    ids.get(row.kind as CatalogKindCode)?.set(catalogNameKey(row.name), row.id);
  }
  const missing: { kind: CatalogKindCode; name: string }[] = [];
  for (const kind of kinds) {
    const known = ids.get(kind)!;
    const seen = new Set<string>();
    for (const name of wanted[kind] ?? []) {
      const key = catalogNameKey(name);
      if (!key || known.has(key) || seen.has(key)) continue;
      seen.add(key);
      missing.push({ kind, name: name.trim().replace(/\s+/g, ' ') });
    }
  }
  for (const row of await insertCatalogItems(tx, companyId, missing)) {
    ids.get(row.kind as CatalogKindCode)!.set(catalogNameKey(row.name), row.id);
  }
  return { ids, created: missing };
}

/** Names of the company's items of the kinds, kind → lower-cased name → id (nothing created). */
export async function catalogIdsByName(db: Database, companyId: number, kinds: CatalogKindCode[]) {
  const ids = new Map<CatalogKindCode, Map<string, number>>(kinds.map((kind) => [kind, new Map()]));
  for (const row of await listCatalogNames(db, companyId, kinds)) {
    ids.get(row.kind as CatalogKindCode)?.set(catalogNameKey(row.name), row.id);
  }
  return ids;
}

/** Whether every id is an item of the company and kind (a user form's unit, sector…). */
export async function catalogItemsBelong(
  db: Database,
  companyId: number,
  kind: CatalogKindCode,
  ids: number[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  return (await findCatalogIds(db, companyId, kind, unique)).length === unique.length;
}

/**
 * Creates or renames/(de)activates an item in the caller's transaction, audited there; a name taken
 * by another item of the kind is a 422 on `nome`, an unknown id a 404. Answers the saved item. The
 * HR settings save a ticket subject with its SLA through here, in one transaction.
 */
export async function saveCatalogItem(
  tx: Database,
  companyId: number,
  form: CatalogItemForm,
  actor: Actor,
): Promise<CatalogItem> {
  const name = form.name.trim().replace(/\s+/g, ' ');
  const { active } = form;
  const before = form.id === undefined ? undefined : await findCatalogItem(tx, companyId, form.kind, form.id);
  if (form.id !== undefined && !before) throw new AppError('NOT_FOUND');
  if (await catalogNameTaken(tx, companyId, form.kind, name, form.id)) {
    throw invalidFields({ nome: ['validation.catalogNameTaken'] });
  }
  let id = form.id;
  if (id === undefined) id = await insertCatalogItem(tx, companyId, { kind: form.kind, name, active });
  else if (!(await updateCatalogItem(tx, companyId, id, { name, active }, form.version)))
    throw new AppError('REGISTRO_ALTERADO');
  await recordAudit(tx, actor, {
    action: before ? AuditAction.catalogItemUpdate : AuditAction.catalogItemCreate,
    target: itemTarget(form.kind, id, name),
    changes: changedFields(before ? auditedItem(before) : null, auditedItem({ name, active })),
  });
  return itemOf((await findCatalogItem(tx, companyId, form.kind, id))!);
}

/** The catalogue module: what its calls' use cases need. */
export interface CatalogService {
  db: Database;
}

/** The user settings: the catalogues and which profile fields employees change themselves. */
export function createCatalogService(deps: { db: Database }): CatalogService {
  return { db: deps.db };
}

/** A catalogue's items, by name, active and inactive, with how many use each. */
export async function listItems(catalog: CatalogService, companyId: number, kind: CatalogKindCode) {
  return (await listCatalogItems(catalog.db, companyId, kind)).map(itemOf);
}

/** Creates or renames/(de)activates an item; a name taken by another item of the kind is a 422. */
export async function saveItem(
  catalog: CatalogService,
  companyId: number,
  form: CatalogItemForm,
  actor: Actor,
) {
  return catalog.db.transaction((tx) => saveCatalogItem(tx, companyId, form, actor));
}

/** Deletes an unused item; one in use answers 409 CATALOG_ITEM_IN_USE with how many use it. */
export async function removeItem(
  catalog: CatalogService,
  companyId: number,
  item: { kind: CatalogKindCode; id: number },
  actor: Actor,
): Promise<void> {
  await catalog.db.transaction(async (tx) => {
    const row = await findCatalogItem(tx, companyId, item.kind, item.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (Number(row.usage) > 0) {
      throw new AppError('CATALOG_ITEM_IN_USE', { params: { count: Number(row.usage) } });
    }
    const groupsNaming = await countGroupsWithRulesNaming(tx, companyId, item.id);
    if (groupsNaming > 0) throw new AppError('CATALOG_ITEM_IN_RULES', { params: { count: groupsNaming } });
    await deleteCatalogItem(tx, companyId, item.id);
    await recordAudit(tx, actor, {
      action: AuditAction.catalogItemDelete,
      target: itemTarget(item.kind, row.id, row.name),
      changes: changedFields(auditedItem(row), null),
    });
  });
}

/** The profile fields employees may change themselves, in their usual order. */
export async function selfEditableFields(catalog: CatalogService, companyId: number) {
  const fields = await findSelfEditableFields(catalog.db, companyId);
  return selfEditableOrder.filter((field) => fields.includes(field));
}

/** Sets which profile fields employees may change themselves; answers them in their usual order. */
export async function saveSelfEditableFields(
  catalog: CatalogService,
  companyId: number,
  wanted: SelfEditableFieldValue[],
  actor: Actor,
): Promise<SelfEditableFieldValue[]> {
  const fields = selfEditableOrder.filter((field) => wanted.includes(field));
  await catalog.db.transaction(async (tx) => {
    const before = await findSelfEditableFields(tx, companyId);
    await updateSelfEditableFields(tx, companyId, fields);
    await recordAudit(tx, actor, {
      action: AuditAction.userSettingsUpdate,
      target: { type: 'user_settings', id: companyId },
      changes: changedFields(
        auditedSelfEditableFields(selfEditableOrder.filter((field) => before.includes(field))),
        auditedSelfEditableFields(fields),
      ),
    });
  });
  return fields;
}
