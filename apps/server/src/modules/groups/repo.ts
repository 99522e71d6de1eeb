import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogNameOf } from '../../db/person-columns.ts';
import { nextVersion } from '../../db/schema/columns.ts';
import {
  catalogItems,
  companies,
  groupAudienceRules,
  groupMembers,
  groups,
  postGroups,
  posts,
  users,
} from '../../db/schema/all.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';

/** An id list as a PostgreSQL int array literal, for `= any(...)`. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

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
    .where(
      and(
        eq(groups.companyId, companyId),
        eq(groups.id, groupId),
        version === undefined ? undefined : eq(groups.version, version),
      ),
    )
    .returning({ id: groups.id });
  return rows.length > 0;
}

/**
 * Bumps the version of a group's audience rules, in the transaction that replaces them. With
 * `version`, only while the stored one is that one: answers false when it is not (someone saved
 * the rules since).
 */
export async function bumpRulesVersion(
  db: Database,
  companyId: number,
  groupId: number,
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(groups)
    .set({ rulesVersion: nextVersion(groups.rulesVersion) })
    .where(
      and(
        eq(groups.companyId, companyId),
        eq(groups.id, groupId),
        version === undefined ? undefined : eq(groups.rulesVersion, version),
      ),
    )
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

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Audience rules
// ---------------------------------------------------------------------------------------------

/** Whether a person (users `u`) matches a rule (group_audience_rules `r`): every criterion it sets. */
const matchesRule = sql.raw(`u.company_id = r.company_id and u.deleted_at is null and u.active
  and (r.unit_id is null or u.unit_id = r.unit_id)
  and (r.branch_id is null or u.branch_id = r.branch_id)
  and (r.sector_id is null or u.sector_id = r.sector_id)
  and (r.job_title_id is null or u.job_title_id = r.job_title_id)`);

/** The group's rules in the order they were made, with the items' names and how many they match. */
export async function listRules(db: Database, companyId: number, groupId: number) {
  return db
    .select({
      id: groupAudienceRules.id,
      unitId: groupAudienceRules.unitId,
      unit: catalogNameOf(groupAudienceRules.unitId),
      branchId: groupAudienceRules.branchId,
      branch: catalogNameOf(groupAudienceRules.branchId),
      sectorId: groupAudienceRules.sectorId,
      sector: catalogNameOf(groupAudienceRules.sectorId),
      jobTitleId: groupAudienceRules.jobTitleId,
      jobTitle: catalogNameOf(groupAudienceRules.jobTitleId),
      people: sql<number>`(select count(*)::int from ${users} u, ${groupAudienceRules} r
        where r.id = "group_audience_rules"."id" and ${matchesRule})`,
    })
    .from(groupAudienceRules)
    .where(and(eq(groupAudienceRules.companyId, companyId), eq(groupAudienceRules.groupId, groupId)))
    .orderBy(asc(groupAudienceRules.id));
}
export type RuleRow = Awaited<ReturnType<typeof listRules>>[number];

/** A rule's criteria. */
export interface RuleValues {
  unitId: number | null;
  branchId: number | null;
  sectorId: number | null;
  jobTitleId: number | null;
}

/** Replaces the group's rules. */
export async function replaceRules(db: Database, companyId: number, groupId: number, rules: RuleValues[]) {
  await db
    .delete(groupAudienceRules)
    .where(and(eq(groupAudienceRules.companyId, companyId), eq(groupAudienceRules.groupId, groupId)));
  if (rules.length > 0) {
    await db.insert(groupAudienceRules).values(rules.map((rule) => ({ companyId, groupId, ...rule })));
  }
}

/** Of these catalogue items, the company's, with their kind. */
export async function findCatalogItems(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: catalogItems.id, kind: catalogItems.kind })
    .from(catalogItems)
    .where(and(eq(catalogItems.companyId, companyId), inArray(catalogItems.id, ids)));
}

/** The company's units, branches, sectors and positions, by name. */
export async function listPlacementItems(db: Database, companyId: number) {
  return db
    .select({
      id: catalogItems.id,
      kind: catalogItems.kind,
      name: catalogItems.name,
      active: catalogItems.active,
    })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.companyId, companyId),
        inArray(catalogItems.kind, ['UNIDADE', 'FILIAL', 'SETOR', 'CARGO']),
      ),
    )
    .orderBy(asc(sql`lower(${catalogItems.name})`), asc(catalogItems.id));
}

/**
 * Brings the members by rule up to date with the rules, for one group (`groupId`), for some
 * people (`userIds`) or both: people a rule matches are in by rule (added when they were not
 * members), people no rule matches are not, and a membership left neither by hand nor by rule
 * ends.
 */
export async function syncRuleMembers(
  db: Database,
  companyId: number,
  scope: { groupId?: number; userIds?: readonly number[] },
): Promise<void> {
  if (scope.userIds !== undefined && scope.userIds.length === 0) return;
  const groupOf = (alias: string) =>
    scope.groupId === undefined ? sql`` : sql`and ${sql.raw(alias)}.group_id = ${scope.groupId}`;
  const userOf = (column: string) =>
    scope.userIds === undefined ? sql`` : sql`and ${sql.raw(column)} = any(${intArray(scope.userIds)})`;
  await db.execute(sql`
    insert into group_members (company_id, group_id, user_id, by_hand, by_rule)
    select distinct r.company_id, r.group_id, u.id, false, true
    from group_audience_rules r join users u on ${matchesRule}
    where r.company_id = ${companyId} ${groupOf('r')} ${userOf('u.id')}
    on conflict (group_id, user_id) do update set by_rule = true where not group_members.by_rule`);
  await db.execute(sql`
    update group_members gm set by_rule = false
    where gm.company_id = ${companyId} and gm.by_rule ${groupOf('gm')} ${userOf('gm.user_id')}
      and not exists (
        select 1 from group_audience_rules r join users u on ${matchesRule}
        where r.group_id = gm.group_id and u.id = gm.user_id)`);
  await db.execute(sql`
    delete from group_members gm
    where gm.company_id = ${companyId} and not gm.by_rule and not gm.by_hand
      ${groupOf('gm')} ${userOf('gm.user_id')}`);
}

/** How many groups have a rule naming this catalogue item. */
export async function countGroupsWithRulesNaming(db: Database, companyId: number, itemId: number) {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${groupAudienceRules.groupId})::int` })
    .from(groupAudienceRules)
    .where(
      and(
        eq(groupAudienceRules.companyId, companyId),
        sql`${itemId} in (${groupAudienceRules.unitId}, ${groupAudienceRules.branchId}, ${groupAudienceRules.sectorId}, ${groupAudienceRules.jobTitleId})`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** How many people the group holds by rule. */
export async function countRuleMembers(db: Database, companyId: number, groupId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.groupId, groupId),
        eq(groupMembers.byRule, true),
      ),
    );
  return row?.total ?? 0;
}
