import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { companies, groupMembers, groups, postGroups, posts, users } from '../../db/schema/all.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';

/** Members that count: active people, not deleted. */
const memberCount = sql<number>`(select count(*)::int from ${groupMembers} gm join ${users} u on u.id = gm.user_id
  where gm.group_id = "groups"."id" and gm.company_id = "groups"."company_id" and u.deleted_at is null and u.active)`;

/** Posts published to the group (scheduled ones too), not deleted. */
const postCount = sql<number>`(select count(*)::int from ${postGroups} pg join ${posts} p on p.id = pg.post_id
  where pg.group_id = "groups"."id" and p.status = 'published' and p.deleted_at is null)`;

const groupColumns = {
  id: groups.id,
  name: groups.name,
  abbreviation: groups.abbreviation,
  photoKey: groups.photoKey,
  isDefault: groups.isDefault,
  version: groups.version,
  rulesVersion: groups.rulesVersion,
  members: memberCount,
  posts: postCount,
};

function groupSearch(companyId: number, search: string | undefined): SQL {
  const conditions: SQL[] = [eq(groups.companyId, companyId)];
  if (search) {
    const pattern = foldedPattern(search);
    conditions.push(
      sql`(${folded(sql`${groups.name}`)} like ${pattern} or ${folded(sql`${groups.abbreviation}`)} like ${pattern})`,
    );
  }
  return and(...conditions)!;
}

/** A page of the company's groups matching the words, the default first, then by name. */
export async function listGroups(
  db: Database,
  companyId: number,
  search: string | undefined,
  page: { limit: number; offset: number },
) {
  return db
    .select(groupColumns)
    .from(groups)
    .where(groupSearch(companyId, search))
    .orderBy(desc(groups.isDefault), asc(sql`lower(${groups.name})`), asc(groups.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];

/** How many of the company's groups match the words. */
export async function countGroups(db: Database, companyId: number, search: string | undefined) {
  const [row] = await db.select({ total: count() }).from(groups).where(groupSearch(companyId, search));
  return row?.total ?? 0;
}

/** One group of the company with its counts; locked for the transaction when `lock`. */
export async function findGroup(db: Database, companyId: number, groupId: number, lock = false) {
  const query = db
    .select(groupColumns)
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: groups }) : await query;
  return row;
}

/** The group's fields the form writes. */
export interface GroupValues {
  name: string;
  abbreviation: string;
  isDefault: boolean;
  photoKey?: string | null | undefined;
}

/** Creates a group; answers its id. */
export async function insertGroup(db: Database, companyId: number, values: GroupValues): Promise<number> {
  const [row] = await db
    .insert(groups)
    .values({ companyId, ...values })
    .returning({ id: groups.id });
  return row!.id;
}

/**
 * Changes a group's fields (and photo, when given) and bumps its version. With `version`, only
 * while the stored version is that one: answers false when it is not (someone saved since).
 */
export async function updateGroup(
  db: Database,
  companyId: number,
  groupId: number,
  values: GroupValues,
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(groups)
    .set({ ...values, version: nextVersion(groups.version) })
    .where(recordAtVersion(groups, companyId, groupId, version))
    .returning({ id: groups.id });
  return rows.length > 0;
}

/**
 * Locks the company's row until the transaction ends, so saves that change its default group run
 * one after the other (`no key update`: rows of other tables referencing the company still insert).
 */
export async function lockCompanyDefault(db: Database, companyId: number) {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}

/** The company's default group other than `exceptId` stops being the default; answers its id. */
export async function clearDefault(db: Database, companyId: number, exceptId: number | undefined) {
  const rows = await db
    .update(groups)
    .set({ isDefault: false, version: nextVersion(groups.version) })
    .where(
      and(
        eq(groups.companyId, companyId),
        eq(groups.isDefault, true),
        exceptId === undefined ? undefined : ne(groups.id, exceptId),
      ),
    )
    .returning({ id: groups.id, name: groups.name });
  return rows[0];
}

/**
 * Deletes a group; its memberships, rules and place in posts, announcements and surveys go with it
 * (the posts and announcements only it held are deleted first by their modules: see the service).
 */
export async function deleteGroup(db: Database, companyId: number, groupId: number) {
  await db.delete(groups).where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)));
}
