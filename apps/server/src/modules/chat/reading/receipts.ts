import type { TenantScope } from '../../../platform/tenancy.ts';
import { newestMessageId } from '../messages/repo.ts';
import type { ChatModule, UnreadCounts } from '../model.ts';
import { requireMemberRoom } from '../rooms/membership.ts';
import { listMembersOfRooms } from '../rooms/repo.ts';
import * as repo from './repo.ts';

/**
 * Whether a message reads as read to a viewer, given every member's read mark: someone else's
 * once the viewer's mark passed it, the viewer's own once every other member's did.
 */
export function isReadFor(
  message: { id: number; senderId: number },
  viewerId: number,
  members: readonly { userId: number; lastReadMessageId: number }[],
): boolean {
  if (message.senderId !== viewerId) {
    return (members.find((member) => member.userId === viewerId)?.lastReadMessageId ?? 0) >= message.id;
  }
  const others = members.filter((member) => member.userId !== viewerId);
  return others.length > 0 && others.every((member) => member.lastReadMessageId >= message.id);
}

/** The caller's unread messages, in all and per room. */
export async function countUnread(chat: ChatModule, scope: TenantScope): Promise<UnreadCounts> {
  const rooms = await repo.countUnreadByRoom(chat.db, scope);
  return { total: rooms.reduce((sum, row) => sum + row.unread, 0), rooms };
}

/** Which messages of a room the reader has read. */
export interface ReadMark {
  roomId: number;
  /** The messages on screen; none means all of the room's. */
  messageIds: number[];
}

/** Type 4: moves the reader's mark; the reader's sockets get the counts, the others a receipt. */
export async function markRead(chat: ChatModule, scope: TenantScope, mark: ReadMark): Promise<void> {
  const { db, deliver } = chat;
  const { room } = await requireMemberRoom(chat, scope, mark.roomId);
  const upTo =
    mark.messageIds.length > 0
      ? await repo.newestOfRoomMessages(db, scope.companyId, room.id, mark.messageIds)
      : await newestMessageId(db, scope.companyId, room.id);
  const newlyRead = upTo > 0 ? await repo.markRoomRead(db, scope, room.id, upTo) : [];
  const [unread, members] = await Promise.all([
    countUnread(chat, scope),
    listMembersOfRooms(db, scope.companyId, [room.id]),
  ]);
  deliver([scope.userId], {
    kind: 'markedRead',
    roomId: room.id,
    messageIds: newlyRead,
    roomUnread: unread.rooms.find((row) => row.roomId === room.id)?.unread ?? 0,
    totalUnread: unread.total,
  });
  if (newlyRead.length > 0) {
    const newest = newlyRead[newlyRead.length - 1]!;
    deliver(
      members.map((member) => member.userId).filter((id) => id !== scope.userId),
      {
        kind: 'read',
        roomId: room.id,
        readerId: scope.userId,
        messageIds: newlyRead,
        readByAll: members.every((member) => member.lastReadMessageId >= newest),
      },
    );
  }
}
