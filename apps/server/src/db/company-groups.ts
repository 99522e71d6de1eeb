import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from './client.ts';
import { groups } from './schema/all.ts';

/** Of these group ids, the ones that are the company's (the one check every form with groups makes). */
export async function findCompanyGroupIds(db: Database, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, ids)));
  return rows.map((row) => row.id);
}

/** A group as the administration's group pickers offer it. */
export interface GroupChoice {
  id: number;
  name: string;
}

/** The company's groups by name, as the administration's group pickers list them. */
export async function listGroupChoices(db: Database, companyId: number): Promise<GroupChoice[]> {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(groups.name), asc(groups.id));
}
