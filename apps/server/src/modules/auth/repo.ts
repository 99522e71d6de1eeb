import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, groupMembers, groups, users } from '../../db/schema/all.ts';
import { LoginType } from '@elo/contract/enums';
import { personPlacement } from '../../db/person-columns.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/** Sign-in lookups never return more than this many accounts for one login. */
const maxCandidates = 5;

/**
 * Accounts a login may name: by e-mail for people who sign in by e-mail, by matricula for people
 * who sign in by matricula. A matricula is unique only within a company, so several may come back.
 */
export async function findLoginCandidates(db: Database, login: string) {
  return db
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      passwordHash: users.passwordHash,
      active: users.active,
      firstAccessPending: users.firstAccessPending,
    })
    .from(users)
    .where(
      or(
        and(eq(users.loginType, LoginType.email), sql`lower(${users.email}) = lower(${login})`),
        and(eq(users.loginType, LoginType.matricula), eq(users.matricula, login)),
      ),
    )
    .orderBy(asc(users.id))
    .limit(maxCandidates);
}

/** Records a successful sign-in. */
export async function recordAccess(db: Database, scope: TenantScope): Promise<void> {
  await db
    .update(users)
    .set({ lastAccessAt: sql`now()` })
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
}

/** The user with the company they belong to. */
export async function findProfile(db: Database, scope: TenantScope) {
  const [row] = await db
    .select({ user: users, company: companies, placement: personPlacement })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return row;
}

/** The user's groups with the user's role in each, default group first. */
export async function listMemberships(db: Database, scope: TenantScope) {
  return db
    .select({ group: groups, isAdmin: groupMembers.isAdmin, canPost: groupMembers.canPost })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.companyId, groupMembers.companyId)))
    .where(and(eq(groupMembers.companyId, scope.companyId), eq(groupMembers.userId, scope.userId)))
    .orderBy(desc(groups.isDefault), asc(groups.name));
}

export { listPermissionNames } from '../../db/permission-names.ts';

/** The company's active people, and those of them who signed in since an instant. */
export async function countCompanyPeople(db: Database, companyId: number, signedInSince: Date) {
  const [row] = await db
    .select({
      active: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${users.lastAccessAt} >= ${signedInSince.toISOString()}::timestamptz))::int`,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), isNull(users.deletedAt)));
  return { active: Number(row?.active ?? 0), recent: Number(row?.recent ?? 0) };
}
