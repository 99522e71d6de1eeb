import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { chatAttachments, chatMembers, chatMessages, chatRooms, users } from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { personPlacement } from '../../../db/person-columns.ts';

/** The caller's membership row of a room, within the caller's company. */
export function callerMembership(scope: TenantScope, roomId: number): SQL {
  return and(
    eq(chatMembers.companyId, scope.companyId),
    eq(chatMembers.roomId, roomId),
    eq(chatMembers.userId, scope.userId),
  )!;
}

export type RoomRow = typeof chatRooms.$inferSelect;

/** The room of two for a pair, made (with both as members) when it does not exist yet. */
export async function findOrCreatePairRoom(
  db: Database,
  companyId: number,
  pair: [number, number],
): Promise<{ roomId: number; created: boolean }> {
  const [low, high] = pair[0] < pair[1] ? pair : [pair[1], pair[0]];
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(chatRooms)
      .values({ companyId, kind: 'pair', pairLowId: low, pairHighId: high })
      .onConflictDoNothing({
        target: [chatRooms.companyId, chatRooms.pairLowId, chatRooms.pairHighId],
        where: sql`kind = 'pair'`,
      })
      .returning({ id: chatRooms.id });
    if (inserted) {
      await tx.insert(chatMembers).values([
        { roomId: inserted.id, userId: low, companyId },
        { roomId: inserted.id, userId: high, companyId },
      ]);
      return { roomId: inserted.id, created: true };
    }
    const [existing] = await tx
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(
        and(
          eq(chatRooms.companyId, companyId),
          eq(chatRooms.kind, 'pair'),
          eq(chatRooms.pairLowId, low),
          eq(chatRooms.pairHighId, high),
        ),
      );
    // Someone may have left nothing behind but the room; make sure both are members again.
    await tx
      .insert(chatMembers)
      .values([
        { roomId: existing!.id, userId: low, companyId },
        { roomId: existing!.id, userId: high, companyId },
      ])
      .onConflictDoNothing();
    return { roomId: existing!.id, created: false };
  });
}

/**
 * The room with its members' ids, when the caller is one of them (undefined otherwise, or when of
 * another company): one query, as every frame about a room starts with it.
 */
export async function findMemberRoom(db: Database, scope: TenantScope, roomId: number) {
  const [row] = await db
    .select({
      room: chatRooms,
      lastReadMessageId: chatMembers.lastReadMessageId,
      memberIds: sql<number[]>`array(select cm.user_id from ${chatMembers} cm
        where cm.room_id = ${chatRooms.id} order by cm.user_id)`,
    })
    .from(chatRooms)
    .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, scope.userId)))
    .where(and(eq(chatRooms.id, roomId), eq(chatRooms.companyId, scope.companyId)))
    .limit(1);
  return row && { ...row, memberIds: row.memberIds.map(Number) };
}

/**
 * Who belongs to the rooms and how far each has read, by room and person (the key's order: no
 * sort). No names: the conversation list shows a group's own name and a pair's other person, and
 * a group's members are named when its details are opened (listGroupMembers).
 */
export async function listMembersOfRooms(db: Database, companyId: number, roomIds: number[]) {
  if (roomIds.length === 0) return [];
  return db
    .select({
      roomId: chatMembers.roomId,
      userId: chatMembers.userId,
      lastReadMessageId: chatMembers.lastReadMessageId,
    })
    .from(chatMembers)
    .where(and(eq(chatMembers.companyId, companyId), inArray(chatMembers.roomId, roomIds)))
    .orderBy(asc(chatMembers.roomId), asc(chatMembers.userId));
}

/** A group's members as its details show them: name, photo, position and sector, by name. */
export async function listGroupMembers(db: Database, companyId: number, roomId: number) {
  return db
    .select({
      userId: chatMembers.userId,
      name: users.name,
      photoKey: users.photoKey,
      jobTitle: personPlacement.jobTitle,
      sector: personPlacement.sector,
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.companyId, companyId), eq(chatMembers.roomId, roomId)))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Makes a group room with its creator and members. Its image, an unused attachment of the
 * creator's, becomes the room's: its members may read it.
 */
export async function insertGroupRoom(
  db: Database,
  values: {
    scope: TenantScope;
    name: string;
    image: { attachmentId: number; key: string } | null;
    memberIds: number[];
  },
): Promise<number> {
  const { scope, image } = values;
  return db.transaction(async (tx) => {
    const [room] = await tx
      .insert(chatRooms)
      .values({
        companyId: scope.companyId,
        kind: 'group',
        name: values.name,
        imageKey: image?.key ?? null,
        creatorId: scope.userId,
      })
      .returning({ id: chatRooms.id });
    if (image) {
      await tx
        .update(chatAttachments)
        .set({ roomId: room!.id })
        .where(
          and(eq(chatAttachments.id, image.attachmentId), eq(chatAttachments.companyId, scope.companyId)),
        );
    }
    const everyone = [...new Set([scope.userId, ...values.memberIds])];
    await tx
      .insert(chatMembers)
      .values(everyone.map((userId) => ({ roomId: room!.id, userId, companyId: scope.companyId })));
    return room!.id;
  });
}

/** Adds people to a room; returns those who were not members yet. New members start with everything read. */
export async function insertRoomMembers(
  db: Database,
  values: { companyId: number; roomId: number; userIds: number[] },
): Promise<number[]> {
  if (values.userIds.length === 0) return [];
  const [room] = await db
    .select({ lastMessageId: chatRooms.lastMessageId })
    .from(chatRooms)
    .where(and(eq(chatRooms.id, values.roomId), eq(chatRooms.companyId, values.companyId)));
  const rows = await db
    .insert(chatMembers)
    .values(
      values.userIds.map((userId) => ({
        roomId: values.roomId,
        userId,
        companyId: values.companyId,
        lastReadMessageId: room?.lastMessageId ?? 0,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: chatMembers.userId });
  return rows.map((row) => row.userId);
}

/** Takes a person out of a room. */
export async function deleteRoomMember(db: Database, scope: TenantScope, roomId: number): Promise<boolean> {
  const rows = await db
    .delete(chatMembers)
    .where(callerMembership(scope, roomId))
    .returning({ userId: chatMembers.userId });
  return rows.length > 0;
}

/** Points the room's preview at its newest message not deleted for everyone. */
export async function refreshRoomLastMessage(db: Database, companyId: number, roomId: number): Promise<void> {
  await db
    .update(chatRooms)
    .set({
      lastMessageId: sql`(select max(m.id) from ${chatMessages} m where m.room_id = ${roomId} and m.deleted_at is null)`,
    })
    .where(and(eq(chatRooms.id, roomId), eq(chatRooms.companyId, companyId)));
}

/** The caller's rooms with their last message and sender: the conversation list, newest activity first. */
export async function listMemberRooms(db: Database, scope: TenantScope) {
  return db
    .select({
      room: chatRooms,
      lastReadMessageId: chatMembers.lastReadMessageId,
    })
    .from(chatMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
    .where(and(eq(chatMembers.companyId, scope.companyId), eq(chatMembers.userId, scope.userId)))
    .orderBy(desc(chatRooms.lastActivityAt), desc(chatRooms.id));
}
