import { ChatFileType } from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import { invalidFields } from '../../../platform/http/app-error.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { findOwnAttachmentByKey } from '../attachments/repo.ts';
import { lastMessageOfRoom } from '../messages/history.ts';
import type { ChatModule, GroupDetails } from '../model.ts';
import { requireColleagues } from '../people/directory.ts';
import { findActiveUsers } from '../people/repo.ts';
import { memberIdsOf, requireMemberGroup } from './membership.ts';
import * as repo from './repo.ts';

const tooManyMembers = () =>
  invalidFields({
    membros: [{ key: 'validation.groupMembersTooMany', params: { max: limits.chat.groupMembersMax } }],
  });

/** A group the caller belongs to, with its members. */
export async function getGroup(chat: ChatModule, scope: TenantScope, roomId: number): Promise<GroupDetails> {
  const room = await requireMemberGroup(chat, scope, roomId);
  const [members, lastMessage] = await Promise.all([
    repo.listGroupMembers(chat.db, scope.companyId, room.id),
    lastMessageOfRoom(chat, scope.companyId, room),
  ]);
  const [creator] = await findActiveUsers(chat.db, scope.companyId, room.creatorId ? [room.creatorId] : []);
  return {
    room,
    creatorName: creator?.name ?? '',
    lastMessage,
    members: members.map((member) => ({ ...member, isCreator: member.userId === room.creatorId })),
  };
}

/** A group to make. */
export interface NewGroup {
  name: string;
  /** Whom to add besides the creator. */
  memberIds: number[];
  /** The storage key of an image the creator uploaded and has not used yet. */
  imageKey: string | undefined;
}

/** Makes a group with the caller (its creator) and the people named; they hear of it at once. */
export async function createGroup(
  chat: ChatModule,
  scope: TenantScope,
  group: NewGroup,
): Promise<{ roomId: number; group: GroupDetails }> {
  const memberIds = await requireColleagues(chat, scope, group.memberIds, 'membros');
  if (memberIds.length === 0) throw invalidFields({ membros: ['validation.groupMembersRequired'] });
  if (memberIds.length + 1 > limits.chat.groupMembersMax) throw tooManyMembers();
  let image: { attachmentId: number; key: string } | null = null;
  if (group.imageKey !== undefined) {
    const attachment = await findOwnAttachmentByKey(chat.db, scope, group.imageKey);
    // An image already of a room (sent there, or another group's) stays that room's alone.
    if (!attachment || attachment.fileType !== ChatFileType.image || attachment.roomId !== null)
      throw invalidFields({ urlImagemGrupo: ['validation.groupImageInvalid'] });
    image = { attachmentId: attachment.id, key: attachment.storageKey };
  }
  const roomId = await repo.insertGroupRoom(chat.db, { scope, name: group.name, image, memberIds });
  chat.deliver(memberIds, { kind: 'roomChanged', roomId });
  return { roomId, group: await getGroup(chat, scope, roomId) };
}

/** Adds people to a group the caller belongs to; the members, old and new, hear of it. */
export async function addGroupMembers(
  chat: ChatModule,
  scope: TenantScope,
  roomId: number,
  memberIds: number[],
): Promise<GroupDetails> {
  const room = await requireMemberGroup(chat, scope, roomId);
  const wanted = await requireColleagues(chat, scope, memberIds, 'membros');
  const current = await memberIdsOf(chat, scope.companyId, room.id);
  if (new Set([...current, ...wanted]).size > limits.chat.groupMembersMax) throw tooManyMembers();
  const added = await repo.insertRoomMembers(chat.db, {
    companyId: scope.companyId,
    roomId: room.id,
    userIds: wanted,
  });
  if (added.length > 0) chat.deliver([...current, ...added], { kind: 'roomChanged', roomId: room.id });
  return getGroup(chat, scope, room.id);
}

/** The caller leaves a group (its messages stay for the others, who hear of it). */
export async function leaveGroup(chat: ChatModule, scope: TenantScope, roomId: number): Promise<void> {
  const room = await requireMemberGroup(chat, scope, roomId);
  await repo.deleteRoomMember(chat.db, scope, room.id);
  const remaining = await memberIdsOf(chat, scope.companyId, room.id);
  chat.deliver([scope.userId], { kind: 'roomChanged', roomId: room.id, removed: true });
  if (remaining.length > 0) chat.deliver(remaining, { kind: 'roomChanged', roomId: room.id });
}
