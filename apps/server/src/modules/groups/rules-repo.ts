import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogNameOf } from '../../db/person-columns.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { catalogItems, groupAudienceRules, groupMembers, groups, users } from '../../db/schema/all.ts';

/** An id list as a PostgreSQL int array literal, for `= any(...)`. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

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

export { findCatalogItems } from '../../db/catalog-items.ts';

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

/**
 * The groups a person is in by rule, by name, each with its rules that match the person (the
 * names of what each sets; null for a criterion it leaves open), in the order they were made.
 */
export async function listRuleMembershipsOf(db: Database, companyId: number, userId: number) {
  const rows = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      unit: catalogNameOf(groupAudienceRules.unitId),
      branch: catalogNameOf(groupAudienceRules.branchId),
      sector: catalogNameOf(groupAudienceRules.sectorId),
      jobTitle: catalogNameOf(groupAudienceRules.jobTitleId),
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(
      groupAudienceRules,
      and(
        eq(groupAudienceRules.groupId, groupMembers.groupId),
        sql`exists (select 1 from ${users} u, ${groupAudienceRules} r
          where u.id = ${groupMembers.userId} and r.id = "group_audience_rules"."id" and ${matchesRule})`,
      ),
    )
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.byRule, true),
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id), asc(groupAudienceRules.id));
  const byGroup = new Map<number, { groupId: number; groupName: string; rules: RuleNames[] }>();
  for (const { groupId, groupName, ...rule } of rows) {
    const group = byGroup.get(groupId) ?? { groupId, groupName, rules: [] };
    group.rules.push(rule);
    byGroup.set(groupId, group);
  }
  return [...byGroup.values()];
}

/** What a rule names, by kind (null: any). */
export interface RuleNames {
  unit: string | null;
  branch: string | null;
  sector: string | null;
  jobTitle: string | null;
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
    .where(recordAtVersion(groups, companyId, groupId, version, groups.rulesVersion))
    .returning({ id: groups.id });
  return rows.length > 0;
}
