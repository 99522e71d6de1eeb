import { MediaKind } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { defineModule } from '../../platform/modules.ts';
import { getGroup, removeGroup, saveGroup, type GroupForm } from './authoring.ts';
import { addMembers, removeMembers, type MemberRoles } from './membership.ts';
import type { GroupRow } from './repo.ts';
import { groupsHandlers } from './routes.ts';
import { createGroupsService } from './service.ts';

/**
 * The administration's own ways of changing groups and their members by hand, for modules that
 * act for the company (SCIM provisioning): the same rules and audit entries as the groups area.
 * Given `within` (a transaction), they run inside it. The actor's company is the group's.
 */
export interface GroupsEditing {
  getGroup(companyId: number, groupId: number, within?: Database): Promise<GroupRow>;
  saveGroup(form: GroupForm, actor: Actor, within?: Database): Promise<GroupRow>;
  removeGroup(groupId: number, actor: Actor, within?: Database): Promise<unknown>;
  addMembers(
    input: { groupId: number; userIds: number[]; roles: MemberRoles },
    actor: Actor,
    within?: Database,
  ): Promise<number>;
  removeMembers(
    input: { groupId: number; userIds: number[] },
    actor: Actor,
    within?: Database,
  ): Promise<unknown>;
}

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    groups: GroupsEditing;
  }
}

/** Groups: members, audience rules, photos. */
export const groupsModule = defineModule({
  name: 'groups',
  needs: ['timeline', 'announcements'],
  build: ({ db, storage, log, mediaAccess }, use) => {
    mediaAccess.openToCompany(MediaKind.groups);
    const groups = createGroupsService({
      db,
      storage,
      log,
      timeline: use('timeline'),
      announcements: use('announcements'),
    });
    const inside = (within: Database | undefined) => ({ ...groups, db: within ?? db });
    const editing: GroupsEditing = {
      getGroup: (companyId, groupId, within) => getGroup(inside(within), companyId, groupId),
      saveGroup: (form, actor, within) => saveGroup(inside(within), form, [], actor),
      removeGroup: (groupId, actor, within) => removeGroup(inside(within), groupId, actor),
      addMembers: (input, actor, within) => addMembers(inside(within), input, actor),
      removeMembers: (input, actor, within) => removeMembers(inside(within), input, actor),
    };
    return {
      exports: editing,
      handlers: groupsHandlers({ groups }),
    };
  },
});
