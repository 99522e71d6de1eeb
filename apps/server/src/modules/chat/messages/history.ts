import { pageOf, rowsOf, type PageQuery } from '../../../platform/paging.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import type { ChatModule, ChatUpdate } from '../model.ts';
import { isReadFor } from '../reading/receipts.ts';
import { listMembersOfRooms } from '../rooms/repo.ts';
import { requireMemberRoom } from '../rooms/membership.ts';
import * as repo from './repo.ts';

/** A message of the company by id. */
export async function loadMessage(chat: ChatModule, companyId: number, messageId: number) {
  const [row] = await repo.findMessages(chat.db, companyId, [messageId]);
  return row;
}

/** A room's own last message (the newest not deleted for everyone). */
export async function lastMessageOfRoom(
  chat: ChatModule,
  companyId: number,
  room: { lastMessageId: number | null },
) {
  return room.lastMessageId ? loadMessage(chat, companyId, room.lastMessageId) : undefined;
}

/** Which page of a room's history to read. */
export interface HistoryQuery {
  roomId: number;
  /** The anchor page 1 answered; absent on page 1, which anchors at the room's newest message. */
  anchorId: number | undefined;
  page: PageQuery;
}

/** Type 3: a page of history, newest first, counted down from the anchor. */
export async function loadHistory(
  chat: ChatModule,
  scope: TenantScope,
  query: HistoryQuery,
): Promise<ChatUpdate> {
  const { db } = chat;
  const { room } = await requireMemberRoom(chat, scope, query.roomId);
  const anchorId = query.anchorId ?? (await repo.newestMessageId(db, scope.companyId, room.id));
  const [{ rows, total }, members] = await Promise.all([
    repo.pageRoomMessages(db, scope, { roomId: room.id, anchorId, ...rowsOf(query.page) }),
    listMembersOfRooms(db, scope.companyId, [room.id]),
  ]);
  const entries = rows.map((message) => ({ message, read: isReadFor(message, scope.userId, members) }));
  return {
    kind: 'history',
    roomId: room.id,
    page: pageOf(query.page, entries, total),
    anchorId: anchorId > 0 ? anchorId : null,
  };
}
