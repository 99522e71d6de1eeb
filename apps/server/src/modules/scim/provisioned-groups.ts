import { limits } from '@elo/contract/limits';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { ProvisionedGroup, ScimRequest } from './model.ts';
import {
  findCompanyPeopleIds,
  findGroups,
  setGroupLink,
  type GroupLookup,
  type ScimGroupRow,
} from './repo.ts';

/** The company's groups matching the lookup (none of another company's, ever). */
export const listGroups = (request: ScimRequest, lookup: GroupLookup) =>
  findGroups(request.deps.db, request.companyId, lookup);

/** One group of the company, or 404. */
export async function getGroup(request: ScimRequest, groupId: number): Promise<ScimGroupRow> {
  const [row] = await findGroups(request.deps.db, request.companyId, { id: groupId });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * A group's abbreviation (2 to 5 characters) made from its name: the initials of its words, or
 * its first letters when it has one word ('Recursos Humanos' RH, 'Marketing' MARKE).
 */
export function abbreviationOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const initials = words.map((word) => word[0]).join('');
  const chosen = words.length > 1 ? initials : (words[0] ?? '');
  const cut = chosen.slice(0, limits.groupAbbreviation.max);
  return cut.length >= limits.groupAbbreviation.min ? cut : cut.padEnd(limits.groupAbbreviation.min, 'X');
}

/** The members named must be the company's people; a stranger's id is refused, not skipped. */
async function checkMembers(request: ScimRequest, memberIds: number[] | undefined) {
  if (!memberIds || memberIds.length === 0) return;
  const found = await findCompanyPeopleIds(request.deps.db, request.companyId, [...new Set(memberIds)]);
  if (found.length !== new Set(memberIds).size)
    throw invalidFields({ members: ['validation.groupMembersInvalid'] });
}

/** Makes the group's members by hand exactly these (with no roles), through the groups area's own calls. */
async function syncMembers(
  request: ScimRequest,
  groupId: number,
  wanted: number[],
  within: ScimRequest['deps']['db'],
) {
  const current =
    (await findGroups(within, request.companyId, { id: groupId }))[0]?.members.map((m) => m.id) ?? [];
  const adding = [...new Set(wanted)].filter((id) => !current.includes(id));
  const removing = current.filter((id) => !wanted.includes(id));
  if (adding.length > 0) {
    await request.deps.groups.addMembers(
      { groupId, userIds: adding, roles: { canPost: false, isAdmin: false } },
      request.actor,
      within,
    );
  }
  if (removing.length > 0) {
    await request.deps.groups.removeMembers({ groupId, userIds: removing }, request.actor, within);
  }
}

/**
 * Makes the portal group an identity provider's group stands for (`externalId`), through the
 * groups area's own save; a portal group of the same name that no identity provider's group holds
 * yet is taken over instead, so groups made by hand before provisioning started keep their posts.
 */
export async function createGroup(request: ScimRequest, group: ProvisionedGroup): Promise<ScimGroupRow> {
  const { deps } = request;
  await checkMembers(request, group.memberIds);
  const groupId = await deps.db.transaction(async (tx) => {
    if (
      group.externalId &&
      (await findGroups(tx, request.companyId, { externalId: group.externalId })).length > 0
    )
      throw new AppError('CONFLICT');
    const [existing] = await findGroups(tx, request.companyId, { name: group.name });
    let id: number;
    if (existing && !existing.linked) id = existing.id;
    else if (existing) throw new AppError('CONFLICT');
    else {
      const saved = await deps.groups.saveGroup(
        { name: group.name, abbreviation: abbreviationOf(group.name), isDefault: false, removePhoto: false },
        request.actor,
        tx,
      );
      id = saved.id;
    }
    await setGroupLink(tx, request.companyId, id, group.externalId);
    if (group.memberIds) await syncMembers(request, id, group.memberIds, tx);
    return id;
  });
  return getGroup(request, groupId);
}

/** Renames the group (its abbreviation kept), sets its identity provider's id and, when sent, its members. */
export async function replaceGroup(
  request: ScimRequest,
  groupId: number,
  group: ProvisionedGroup,
): Promise<ScimGroupRow> {
  const { deps } = request;
  await checkMembers(request, group.memberIds);
  await deps.db.transaction(async (tx) => {
    const before = await deps.groups.getGroup(request.companyId, groupId, tx);
    if (group.externalId) {
      const [holder] = await findGroups(tx, request.companyId, { externalId: group.externalId });
      if (holder && holder.id !== groupId) throw new AppError('CONFLICT');
      await setGroupLink(tx, request.companyId, groupId, group.externalId);
    }
    if (before.name !== group.name) {
      await deps.groups.saveGroup(
        {
          id: groupId,
          name: group.name,
          abbreviation: before.abbreviation,
          isDefault: before.isDefault,
          removePhoto: false,
        },
        request.actor,
        tx,
      );
    }
    if (group.memberIds) await syncMembers(request, groupId, group.memberIds, tx);
  });
  return getGroup(request, groupId);
}

/**
 * Deletes the group as the groups area does (audited; posts published only to it go with it);
 * the company's default group is never deleted (409).
 */
export async function deleteGroup(request: ScimRequest, groupId: number): Promise<void> {
  await getGroup(request, groupId);
  await request.deps.groups.removeGroup(groupId, request.actor);
}
