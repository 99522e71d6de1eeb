import { asc, eq } from 'drizzle-orm';
import type { FunctionNameLanguage } from '@elo/contract/enums';
import type { Database } from './client.ts';
import { companyPermissionNames } from './schema/all.ts';

/** A function's name as the company gave it: the default name and its names by language. */
export interface PermissionName {
  permission: string;
  name: string;
  /** Only the languages given a name of their own; the others show `name`. */
  byLanguage: Partial<Record<FunctionNameLanguage, string>>;
}

/**
 * The names the company gave its functions, by permission: what the app settings edit and every
 * session's menu shows.
 */
export async function listPermissionNames(db: Database, companyId: number): Promise<PermissionName[]> {
  const rows = await db
    .select({
      permission: companyPermissionNames.permission,
      name: companyPermissionNames.name,
      en: companyPermissionNames.nameEn,
      es: companyPermissionNames.nameEs,
    })
    .from(companyPermissionNames)
    .where(eq(companyPermissionNames.companyId, companyId))
    .orderBy(asc(companyPermissionNames.permission));
  return rows.map(({ permission, name, en, es }) => ({
    permission,
    name,
    byLanguage: { ...(en ? { en } : {}), ...(es ? { es } : {}) },
  }));
}
