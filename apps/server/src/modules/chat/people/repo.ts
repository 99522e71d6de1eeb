import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { personPlacement } from '../../../db/person-columns.ts';
import { folded, foldedPattern } from '../../../db/text-search.ts';

const personColumns = {
  id: users.id,
  name: users.name,
  photoKey: users.photoKey,
  profileText: users.profileText,
  ...personPlacement,
};
export type PersonRow = { id: number; name: string; photoKey: string | null } & Partial<
  Record<'profileText' | 'unit' | 'branch' | 'sector' | 'jobTitle', string | null>
>;

/** Active people of the company among the ids. */
export async function findActiveUsers(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), inArray(users.id, ids)));
}

/** The chat's directory: the company's active people but the caller (a condition on the table `users`). */
export function directoryPersonSql(scope: TenantScope): SQL {
  return and(eq(users.companyId, scope.companyId), eq(users.active, true), ne(users.id, scope.userId))!;
}

/** The company's active people but the caller, by name (case ignored), one page. */
export async function pageCompanyUsers(
  db: Database,
  scope: TenantScope,
  options: { name: string; offset: number; limit: number },
) {
  const conditions = [directoryPersonSql(scope)];
  if (options.name) {
    conditions.push(sql`${folded(sql`${users.name}`)} like ${foldedPattern(options.name)}`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
