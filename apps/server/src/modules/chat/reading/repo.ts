import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { chatMembers, chatMessages } from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { notHiddenFor } from '../messages/repo.ts';
import { callerMembership } from '../rooms/repo.ts';

/** Of the ids, the largest that is a message of the room (0 when none is). */
export async function newestOfRoomMessages(
  db: Database,
  companyId: number,
  roomId: number,
  ids: number[],
): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.companyId, companyId),
        eq(chatMessages.roomId, roomId),
        inArray(chatMessages.id, ids),
      ),
    );
  return Number(row?.id ?? 0);
}

/**
 * Moves a member's read mark forward to `upTo`; returns the ids newly read (others' messages).
 * One statement: the member's row is locked while it is read (a receipt racing this one waits,
 * then sees the moved mark), so a read receipt holds no transaction open across round trips.
 */
export async function markRoomRead(db: Database, scope: TenantScope, roomId: number, upTo: number) {
  const result = await db.execute(sql`
    with previous as (
      select ${chatMembers.lastReadMessageId} as last_read from ${chatMembers}
      where ${callerMembership(scope, roomId)}
      for update),
    moved as (
      update ${chatMembers} set last_read_message_id = ${upTo}
      from previous
      where ${callerMembership(scope, roomId)} and previous.last_read < ${upTo}
      returning previous.last_read)
    select c.id from ${chatMessages} c, moved
    where c.company_id = ${scope.companyId} and c.room_id = ${roomId}
      and c.id > moved.last_read and c.id <= ${upTo} and c.sender_id <> ${scope.userId}
    order by c.id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/** Unread messages per room of the caller (others' messages past the read mark, not deleted or hidden). */
export async function countUnreadByRoom(db: Database, scope: TenantScope, roomId?: number) {
  const conditions = [eq(chatMembers.companyId, scope.companyId), eq(chatMembers.userId, scope.userId)];
  if (roomId !== undefined) conditions.push(eq(chatMembers.roomId, roomId));
  return db
    .select({ roomId: chatMembers.roomId, unread: count(chatMessages.id) })
    .from(chatMembers)
    .innerJoin(
      chatMessages,
      and(
        eq(chatMessages.roomId, chatMembers.roomId),
        gt(chatMessages.id, chatMembers.lastReadMessageId),
        ne(chatMessages.senderId, scope.userId),
        isNull(chatMessages.deletedAt),
        notHiddenFor(scope.userId),
      ),
    )
    .where(and(...conditions))
    .groupBy(chatMembers.roomId);
}
