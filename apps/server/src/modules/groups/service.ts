import type { Database } from '../../db/client.ts';
import type { GroupsDeps } from './authoring.ts';
import {
  countGroupsWithRulesNaming as countRulesNaming,
  listRuleMembershipsOf,
  syncRuleMembers,
} from './rules-repo.ts';

/**
 * Brings these people's memberships by rule up to date with every group's rules, in the caller's
 * transaction: the users, import and account-erasure modules call it whenever a person is
 * created, moved (unit, branch, sector, position), activated, deactivated or erased.
 */
export async function refreshRuleMembershipsOf(tx: Database, companyId: number, userIds: readonly number[]) {
  await syncRuleMembers(tx, companyId, { userIds: [...new Set(userIds)] });
}

/** Brings a group's members by rule up to date with its rules (the demo seed sets rules directly). */
export async function refreshRuleMembershipsOfGroup(tx: Database, companyId: number, groupId: number) {
  await syncRuleMembers(tx, companyId, { groupId });
}

/**
 * The groups a person is in by one of their rules, with the rules that hold them: the user form
 * shows them apart, since no hand can take the person out of them.
 */
export async function ruleMembershipsOf(db: Database, companyId: number, userId: number) {
  return listRuleMembershipsOf(db, companyId, userId);
}
export type RuleMembership = Awaited<ReturnType<typeof ruleMembershipsOf>>[number];

/** How many groups' audience rules name a catalogue item (it cannot be deleted while any does). */
export async function countGroupsWithRulesNaming(tx: Database, companyId: number, itemId: number) {
  return countRulesNaming(tx, companyId, itemId);
}

export type GroupsService = ReturnType<typeof createGroupsService>;

/**
 * The groups administration: groups (authoring.ts), their members by hand (membership.ts) and
 * their audiences by rule (audience-rules.ts). The service is their dependencies.
 */
export function createGroupsService(deps: GroupsDeps) {
  return { ...deps };
}
