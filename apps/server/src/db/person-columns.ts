import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { catalogItems } from './schema/catalog.ts';
import { users } from './schema/users.ts';

/** The name of the catalogue item a column points at (null when it points at none). */
export function catalogNameOf(column: AnyColumn | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${catalogItems.name} from ${catalogItems} where ${catalogItems.id} = ${column})`;
}

/**
 * A person's unit, branch, sector and position as names, for a query that reads `users`: the one
 * way every module shows where someone works.
 */
export const personPlacement = {
  unit: catalogNameOf(users.unitId),
  branch: catalogNameOf(users.branchId),
  sector: catalogNameOf(users.sectorId),
  jobTitle: catalogNameOf(users.jobTitleId),
};

/** Who a person is, for a query that reads `users`: id, name, e-mail and matricula. */
export const personIdentity = {
  id: users.id,
  name: users.name,
  email: users.email,
  matricula: users.matricula,
};

/** The person's own record beyond who they are: how they sign in, mobile phone and dates. */
export const personRecord = {
  ...personIdentity,
  loginType: users.loginType,
  mobilePhone: users.mobilePhone,
  birthDate: users.birthDate,
  admissionDate: users.admissionDate,
};

/** The same names for raw SQL over an aliased users table (`u.job_title_id`). */
export function placementOfAlias(
  alias: string,
  column: 'unit_id' | 'branch_id' | 'sector_id' | 'job_title_id',
) {
  return sql.raw(`(select c.name from catalog_items c where c.id = ${alias}.${column})`);
}
