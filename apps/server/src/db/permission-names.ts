import { asc, eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { companyPermissionNames } from './schema/all.ts';

/**
 * The names the company gave its functions, by permission: what the app settings edit and every
 * session's menu shows.
 */
export async function listPermissionNames(db: Database, companyId: number) {
  return db
    .select({ permission: companyPermissionNames.permission, name: companyPermissionNames.name })
    .from(companyPermissionNames)
    .where(eq(companyPermissionNames.companyId, companyId))
    .orderBy(asc(companyPermissionNames.permission));
}
