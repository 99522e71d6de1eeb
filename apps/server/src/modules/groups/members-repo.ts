import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { groupMembers, users } from '../../db/schema/all.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';

function personSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = foldedPattern(search);
  return sql`(${folded(sql`${users.name}`)} like ${pattern}
    or ${folded(sql`coalesce(${users.email}, '')`)} like ${pattern}
    or ${folded(sql`coalesce(${users.matricula}, '')`)} like ${pattern})`;
}

function memberWhere(companyId: number, groupId: number, search: string | undefined) {
  return and(
    eq(groupMembers.companyId, companyId),
    eq(groupMembers.groupId, groupId),
    isNull(users.deletedAt),
    personSearch(search),
  );
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  matricula: users.matricula,
  photoKey: users.photoKey,
  active: users.active,
  canPost: groupMembers.canPost,
  isAdmin: groupMembers.isAdmin,
  byHand: groupMembers.byHand,
  byRule: groupMembers.byRule,
};

/** A page of the group's members (not deleted) matching the words, by name. */
export async function listMembers(
  db: Database,
  companyId: number,
  groupId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  return db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(memberWhere(companyId, groupId, search))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** How many of the group's members match the words. */
export async function countMembers(
  db: Database,
  companyId: number,
  groupId: number,
  search: string | undefined,
) {
  const [row] = await db
    .select({ total: count() })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(memberWhere(companyId, groupId, search));
  return row?.total ?? 0;
}

/** One member of the group. */
export async function findMember(db: Database, companyId: number, groupId: number, userId: number) {
  const [row] = await db
    .select(memberColumns)
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(memberWhere(companyId, groupId, undefined), eq(groupMembers.userId, userId)))
    .limit(1);
  return row;
}

/** People of the company (not deleted) not in the group by hand, matching the words, by name. */
export async function listCandidates(
  db: Database,
  companyId: number,
  groupId: number,
  search: string | undefined,
  limit: number,
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      matricula: users.matricula,
      photoKey: users.photoKey,
      byRule: sql<boolean>`coalesce(${groupMembers.byRule}, false)`,
    })
    .from(users)
    .leftJoin(groupMembers, and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, groupId)))
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        sql`coalesce(${groupMembers.byHand}, false) = false`,
        personSearch(search),
      ),
    )
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(limit);
}

/** Of these ids, the company's people that are not deleted (id and name). */
export async function findPeople(db: Database, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds), isNull(users.deletedAt)));
}

/** Of these people, who is in the group by hand already. */
export async function findHandMemberIds(db: Database, companyId: number, groupId: number, userIds: number[]) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.byHand, true),
        inArray(groupMembers.userId, userIds),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Puts people in the group by hand with these roles (people in it already take the roles). */
export async function addHandMembers(
  db: Database,
  companyId: number,
  groupId: number,
  userIds: number[],
  roles: { canPost: boolean; isAdmin: boolean },
) {
  if (userIds.length === 0) return;
  await db
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ companyId, groupId, userId, ...roles, byHand: true, byRule: false })))
    .onConflictDoUpdate({
      target: [groupMembers.groupId, groupMembers.userId],
      set: { byHand: true, canPost: roles.canPost, isAdmin: roles.isAdmin },
    });
}

/** Changes a member's roles; answers whether they were a member. */
export async function updateMemberRoles(
  db: Database,
  companyId: number,
  groupId: number,
  userId: number,
  roles: { canPost: boolean; isAdmin: boolean },
): Promise<boolean> {
  const rows = await db
    .update(groupMembers)
    .set(roles)
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.userId, userId),
      ),
    )
    .returning({ id: groupMembers.userId });
  return rows.length > 0;
}

/**
 * Takes people out of the group by hand: members by rule stay, by rule only. Answers who left
 * and who stayed by rule.
 */
export async function removeHandMembers(db: Database, companyId: number, groupId: number, userIds: number[]) {
  const mine = and(
    eq(groupMembers.companyId, companyId),
    eq(groupMembers.groupId, groupId),
    inArray(groupMembers.userId, userIds),
  );
  const kept = await db
    .update(groupMembers)
    .set({ byHand: false })
    .where(and(mine, eq(groupMembers.byRule, true)))
    .returning({ id: groupMembers.userId });
  const removed = await db
    .delete(groupMembers)
    .where(and(mine, eq(groupMembers.byRule, false)))
    .returning({ id: groupMembers.userId });
  return { removed: removed.map((row) => row.id), keptByRule: kept.map((row) => row.id) };
}
