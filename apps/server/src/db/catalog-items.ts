import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from './client.ts';
import { catalogItems } from './schema/all.ts';

/**
 * Of these catalogue items, the company's, with their kind: the check every form that places a
 * person (unit, branch, sector, position) makes before it stores the ids.
 */
export async function findCatalogItems(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: catalogItems.id, kind: catalogItems.kind })
    .from(catalogItems)
    .where(and(eq(catalogItems.companyId, companyId), inArray(catalogItems.id, ids)));
}
