import { invalidFields } from '../../../platform/http/app-error.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { findMessages, findViewerLastMessageIds } from '../messages/repo.ts';
import type { ChatModule, ChatUpdate, Conversation } from '../model.ts';
import { listOnlineIds } from '../people/presence.ts';
import { findActiveUsers } from '../people/repo.ts';
import { isReadFor } from '../reading/receipts.ts';
import { countUnreadByRoom } from '../reading/repo.ts';
import { requireMemberRoom } from './membership.ts';
import * as repo from './repo.ts';

/** The conversation list's entries for a viewer (all of theirs, or the one room). */
export async function listConversations(
  chat: ChatModule,
  scope: TenantScope,
  onlyRoomId?: number,
): Promise<Conversation[]> {
  const { db } = chat;
  let rooms = await repo.listMemberRooms(db, scope);
  if (onlyRoomId !== undefined) rooms = rooms.filter((entry) => entry.room.id === onlyRoomId);
  const roomIds = rooms.map((entry) => entry.room.id);
  const viewerLastIds = await findViewerLastMessageIds(
    db,
    scope,
    rooms.map((entry) => entry.room),
  );
  const lastIds = [...viewerLastIds.values()].filter((id): id is number => id !== null);
  const otherIds = rooms.flatMap((entry) =>
    entry.room.kind === 'pair'
      ? [entry.room.pairLowId === scope.userId ? entry.room.pairHighId! : entry.room.pairLowId!]
      : [],
  );
  const [members, lastMessages, others, unread, online] = await Promise.all([
    repo.listMembersOfRooms(db, scope.companyId, roomIds),
    findMessages(db, scope.companyId, lastIds),
    findActiveUsers(db, scope.companyId, otherIds),
    countUnreadByRoom(db, scope, onlyRoomId),
    listOnlineIds(chat, scope.companyId),
  ]);
  const onlineSet = new Set(online);
  const membersByRoom = new Map<number, typeof members>();
  for (const member of members) {
    const list = membersByRoom.get(member.roomId);
    if (list) list.push(member);
    else membersByRoom.set(member.roomId, [member]);
  }
  return rooms.map(({ room }) => {
    const roomMembers = membersByRoom.get(room.id) ?? [];
    const lastMessage = lastMessages.find((message) => message.id === viewerLastIds.get(room.id));
    return {
      room,
      other:
        room.kind === 'pair'
          ? others.find((person) => person.id === room.pairLowId || person.id === room.pairHighId)
          : undefined,
      lastMessage,
      lastMessageRead: lastMessage ? isReadFor(lastMessage, scope.userId, roomMembers) : true,
      memberIds: roomMembers.map((member) => member.userId),
      unread: unread.find((entry) => entry.roomId === room.id)?.unread ?? 0,
      othersOnline: roomMembers.some(
        (member) => member.userId !== scope.userId && onlineSet.has(member.userId),
      ),
    };
  });
}

/** Type 0: the room of two with another person, reused when it exists. */
export async function startPersonChat(
  chat: ChatModule,
  scope: TenantScope,
  otherId: number,
): Promise<ChatUpdate> {
  if (otherId === scope.userId) throw invalidFields({ idUsuarioDestino: ['validation.chatSelf'] });
  const [other] = await findActiveUsers(chat.db, scope.companyId, [otherId]);
  if (!other) throw invalidFields({ idUsuarioDestino: ['validation.chatUserInvalid'] });
  const { roomId } = await repo.findOrCreatePairRoom(chat.db, scope.companyId, [scope.userId, otherId]);
  const [conversation] = await listConversations(chat, scope, roomId);
  return { kind: 'roomChanged', roomId, conversation };
}

/** Type 1: checks the caller may open the room; the answer is a receipt with no messages. */
export async function joinRoom(chat: ChatModule, scope: TenantScope, roomId: number): Promise<ChatUpdate> {
  await requireMemberRoom(chat, scope, roomId);
  return { kind: 'read', roomId, readerId: scope.userId, messageIds: [], readByAll: false };
}
