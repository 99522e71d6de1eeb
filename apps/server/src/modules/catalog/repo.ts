import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { catalogItems, companies } from '../../db/schema/all.ts';

/** A catalogue's kind as stored (UNIDADE, FILIAL, SETOR, CARGO, ASSUNTO_CHAMADO). */
export type CatalogKindCode = 'UNIDADE' | 'FILIAL' | 'SETOR' | 'CARGO' | 'ASSUNTO_CHAMADO';

/** The person's column that points at items of each kind (ticket subjects: none). */
const personColumnOf = {
  UNIDADE: 'unit_id',
  FILIAL: 'branch_id',
  SETOR: 'sector_id',
  CARGO: 'job_title_id',
} as const;

/**
 * How many use an item: people (not deleted) pointing at it, or for a ticket subject the
 * administrators assigned to it. Written with explicit table names: the subquery must not read
 * the outer `id` as the person's.
 */
function usageOf(kind: CatalogKindCode) {
  if (kind === 'ASSUNTO_CHAMADO') {
    return sql<number>`(select count(*)::int from admin_ticket_subjects s where s.item_id = "catalog_items"."id")`;
  }
  return sql<number>`(select count(*)::int from users u where u.${sql.raw(personColumnOf[kind])} = "catalog_items"."id" and u.deleted_at is null)`;
}

/** An item with how many use it. */
const itemColumns = (kind: CatalogKindCode) => ({
  id: catalogItems.id,
  name: catalogItems.name,
  active: catalogItems.active,
  usage: usageOf(kind),
});

/** A catalogue's items by name, with how many use each. */
export async function listCatalogItems(db: Database, companyId: number, kind: CatalogKindCode) {
  return db
    .select(itemColumns(kind))
    .from(catalogItems)
    .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.kind, kind)))
    .orderBy(asc(sql`lower(${catalogItems.name})`), asc(catalogItems.id));
}

/** One item of the company and kind, with its usage; undefined when it is not theirs. */
export async function findCatalogItem(db: Database, companyId: number, kind: CatalogKindCode, id: number) {
  const [row] = await db
    .select(itemColumns(kind))
    .from(catalogItems)
    .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.kind, kind), eq(catalogItems.id, id)))
    .for('update');
  return row;
}

/** Whether another item of the kind already has the name (case ignored). */
export async function catalogNameTaken(
  db: Database,
  companyId: number,
  kind: CatalogKindCode,
  name: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.companyId, companyId),
        eq(catalogItems.kind, kind),
        sql`lower(${catalogItems.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(catalogItems.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertCatalogItem(
  db: Database,
  companyId: number,
  values: { kind: CatalogKindCode; name: string; active: boolean },
): Promise<number> {
  const [row] = await db
    .insert(catalogItems)
    .values({ companyId, ...values })
    .returning({ id: catalogItems.id });
  return row!.id;
}

/**
 * Renames or (de)activates an item and bumps its version. With `version`, only while the stored
 * version is that one: answers false when it is not (someone saved since).
 */
export async function updateCatalogItem(
  db: Database,
  companyId: number,
  id: number,
  values: { name: string; active: boolean },
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(catalogItems)
    .set({ ...values, version: nextVersion(catalogItems.version) })
    .where(recordAtVersion(catalogItems, companyId, id, version))
    .returning({ id: catalogItems.id });
  return rows.length > 0;
}

export async function deleteCatalogItem(db: Database, companyId: number, id: number): Promise<void> {
  await db.delete(catalogItems).where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.id, id)));
}

/** Items of the kinds named, by lower-cased name: what an import resolves names against. */
export async function listCatalogNames(db: Database, companyId: number, kinds: CatalogKindCode[]) {
  return db
    .select({ id: catalogItems.id, kind: catalogItems.kind, name: catalogItems.name })
    .from(catalogItems)
    .where(and(eq(catalogItems.companyId, companyId), inArray(catalogItems.kind, kinds)));
}

/** Creates many items at once; answers their ids with kind and name. */
export async function insertCatalogItems(
  db: Database,
  companyId: number,
  values: { kind: CatalogKindCode; name: string }[],
) {
  if (values.length === 0) return [];
  return db
    .insert(catalogItems)
    .values(values.map((value) => ({ companyId, kind: value.kind, name: value.name, active: true })))
    .returning({ id: catalogItems.id, kind: catalogItems.kind, name: catalogItems.name });
}

/** Which of the ids are items of the company and kind. */
export async function findCatalogIds(db: Database, companyId: number, kind: CatalogKindCode, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(
      and(eq(catalogItems.companyId, companyId), eq(catalogItems.kind, kind), inArray(catalogItems.id, ids)),
    );
  return rows.map((row) => row.id);
}

/** The profile fields employees may change themselves. */
export async function findSelfEditableFields(db: Database, companyId: number): Promise<string[]> {
  const [row] = await db
    .select({ fields: companies.selfEditableFields })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.fields ?? [];
}

export async function updateSelfEditableFields(
  db: Database,
  companyId: number,
  fields: string[],
): Promise<void> {
  await db.update(companies).set({ selfEditableFields: fields }).where(eq(companies.id, companyId));
}
