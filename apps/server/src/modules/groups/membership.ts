import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { pageFrom, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { requireGroup } from './authoring.ts';
import {
  addHandMembers,
  countMembers,
  findHandMemberIds,
  findMember,
  findPeople,
  listCandidates,
  listMembers,
  removeHandMembers,
  updateMemberRoles,
  type MemberRow,
} from './members-repo.ts';
import { auditedMembersAdded, auditedMembersRemoved, auditedRoles } from './wire.ts';

/** What a member may do in a group: post in it, and administer it. */
export interface MemberRoles {
  canPost: boolean;
  isAdmin: boolean;
}

/** Candidates offered to add, at most. */
const candidatesMax = 20;

/** A page of the group's members. */
export async function pageMembers(
  deps: { db: Database },
  companyId: number,
  query: { groupId: number; search: string | undefined; page: PageQuery },
): Promise<Page<MemberRow>> {
  await requireGroup(deps.db, companyId, query.groupId);
  return pageFrom(
    query.page,
    listMembers(deps.db, companyId, query.groupId, query.search, rowsOf(query.page)),
    countMembers(deps.db, companyId, query.groupId, query.search),
  );
}

/** People to add: not in the group by hand yet, matching the words. */
export async function listMemberCandidates(
  deps: { db: Database },
  companyId: number,
  groupId: number,
  search: string | undefined,
) {
  await requireGroup(deps.db, companyId, groupId);
  return listCandidates(deps.db, companyId, groupId, search, candidatesMax);
}

/** Adds people by hand with these roles; answers how many were not in the group by hand before. */
export async function addMembers(
  deps: { db: Database },
  input: { groupId: number; userIds: number[]; roles: MemberRoles },
  actor: Actor,
): Promise<number> {
  const { companyId } = actor;
  const ids = [...new Set(input.userIds)];
  return deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, companyId, input.groupId, true);
    const people = await findPeople(tx, companyId, ids);
    if (people.length !== ids.length)
      throw invalidFields({ idsUsuarios: ['validation.groupMembersInvalid'] });
    const already = await findHandMemberIds(tx, companyId, input.groupId, ids);
    await addHandMembers(tx, companyId, input.groupId, ids, input.roles);
    await recordAudit(tx, actor, {
      action: AuditAction.groupMembersAdd,
      target: { type: 'group', id: group.id, name: group.name },
      changes: auditedMembersAdded(ids, input.roles),
    });
    return ids.filter((id) => !already.has(id)).length;
  });
}

/** Changes a member's roles; answers the member after. */
export async function updateMember(
  deps: { db: Database },
  input: { groupId: number; userId: number; roles: MemberRoles },
  actor: Actor,
): Promise<MemberRow> {
  const { companyId } = actor;
  return deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, companyId, input.groupId, true);
    const before = await findMember(tx, companyId, input.groupId, input.userId);
    if (!before) throw new AppError('NOT_FOUND');
    await updateMemberRoles(tx, companyId, input.groupId, input.userId, input.roles);
    const after = (await findMember(tx, companyId, input.groupId, input.userId))!;
    await recordAudit(tx, actor, {
      action: AuditAction.groupMemberUpdate,
      target: { type: 'group', id: group.id, name: group.name },
      changes: {
        membro: { antes: null, depois: input.userId },
        ...changedFields(auditedRoles(before), auditedRoles(input.roles)),
      },
    });
    return after;
  });
}

/** Takes people out by hand; those also in by rule stay, by rule. Answers how many of each. */
export async function removeMembers(
  deps: { db: Database },
  input: { groupId: number; userIds: number[] },
  actor: Actor,
): Promise<{ removed: number; keptByRule: number }> {
  const { companyId } = actor;
  const ids = [...new Set(input.userIds)];
  return deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, companyId, input.groupId, true);
    const { removed, keptByRule } = await removeHandMembers(tx, companyId, input.groupId, ids);
    await recordAudit(tx, actor, {
      action: AuditAction.groupMembersRemove,
      target: { type: 'group', id: group.id, name: group.name },
      changes: auditedMembersRemoved(removed, keptByRule),
    });
    return { removed: removed.length, keptByRule: keptByRule.length };
  });
}
