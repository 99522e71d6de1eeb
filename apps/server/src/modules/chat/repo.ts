import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  chatAttachments,
  chatLinkPreviews,
  chatMembers,
  chatMessageHides,
  chatMessages,
  chatRooms,
  users,
  type StoredLinkMetadata,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { personPlacement } from '../../db/person-columns.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';

// ------------------------------------------------------------------ people

const personColumns = {
  id: users.id,
  name: users.name,
  photoKey: users.photoKey,
  profileText: users.profileText,
  ...personPlacement,
};
export type PersonRow = { id: number; name: string; photoKey: string | null } & Partial<
  Record<'profileText' | 'unit' | 'branch' | 'sector' | 'jobTitle', string | null>
>;

/** Active people of the company among the ids. */
export async function findActiveUsers(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.active, true), inArray(users.id, ids)));
}

/** The company's active people but the caller, by name (case ignored), one page. */
export async function pageCompanyUsers(
  db: Database,
  scope: TenantScope,
  options: { name: string; offset: number; limit: number },
) {
  const conditions = [
    eq(users.companyId, scope.companyId),
    eq(users.active, true),
    ne(users.id, scope.userId),
  ];
  if (options.name) {
    conditions.push(sql`${folded(sql`${users.name}`)} like ${foldedPattern(options.name)}`);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .offset(options.offset)
      .limit(options.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

// ------------------------------------------------------------------ rooms

/** The caller's membership row of a room, within the caller's company. */
function callerMembership(scope: TenantScope, roomId: number): SQL {
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

// ------------------------------------------------------------------ messages

const messageColumns = {
  id: chatMessages.id,
  clientId: chatMessages.clientId,
  companyId: chatMessages.companyId,
  roomId: chatMessages.roomId,
  senderId: chatMessages.senderId,
  senderName: users.name,
  senderPhotoKey: users.photoKey,
  text: chatMessages.text,
  mentionedIds: chatMessages.mentionedIds,
  durationSeconds: chatMessages.durationSeconds,
  audioSamples: chatMessages.audioSamples,
  linkMetadata: chatMessages.linkMetadata,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
  roomKind: chatRooms.kind,
  pairLowId: chatRooms.pairLowId,
  pairHighId: chatRooms.pairHighId,
  fileType: chatAttachments.fileType,
  fileName: chatAttachments.fileName,
  fileSize: chatAttachments.sizeBytes,
  fileKey: chatAttachments.storageKey,
};

function selectMessages(db: Database) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId));
}

export type MessageRow = Awaited<ReturnType<typeof findMessages>>[number];

/** Messages of the company by id, with sender, room and attachment. */
export async function findMessages(db: Database, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectMessages(db)
    .where(and(eq(chatMessages.companyId, companyId), inArray(chatMessages.id, ids)))
    .orderBy(desc(chatMessages.id));
}

/** The message a sender stored under a client id, if any. */
export async function findMessageByClientId(db: Database, scope: TenantScope, clientId: string) {
  const [row] = await selectMessages(db).where(
    and(
      eq(chatMessages.companyId, scope.companyId),
      eq(chatMessages.senderId, scope.userId),
      eq(chatMessages.clientId, clientId),
    ),
  );
  return row;
}

/**
 * Stores a message (once per sender and client id), claims its attachment, moves the room's
 * preview and the sender's read mark to it. Undefined when the client id was used already.
 * Call inside a transaction.
 */
export async function insertMessage(
  db: Database,
  values: {
    scope: TenantScope;
    roomId: number;
    clientId: string;
    text: string;
    mentionedIds: number[];
    attachmentId: number | null;
    durationSeconds: number | null;
    audioSamples: number[] | null;
  },
): Promise<number | undefined> {
  const { scope } = values;
  const [row] = await db
    .insert(chatMessages)
    .values({
      companyId: scope.companyId,
      roomId: values.roomId,
      senderId: scope.userId,
      clientId: values.clientId,
      text: values.text,
      mentionedIds: values.mentionedIds,
      attachmentId: values.attachmentId,
      durationSeconds: values.durationSeconds,
      audioSamples: values.audioSamples,
    })
    .onConflictDoNothing({ target: [chatMessages.senderId, chatMessages.clientId] })
    .returning({ id: chatMessages.id });
  if (!row) return undefined;
  await db
    .update(chatRooms)
    .set({ lastMessageId: row.id, lastActivityAt: sql`now()` })
    .where(and(eq(chatRooms.id, values.roomId), eq(chatRooms.companyId, scope.companyId)));
  await db
    .update(chatMembers)
    .set({ lastReadMessageId: sql`greatest(${chatMembers.lastReadMessageId}, ${row.id})` })
    .where(callerMembership(scope, values.roomId));
  return row.id;
}

/**
 * Stores a text message in one statement: the message (once per sender and client id), the
 * room's preview and the sender's read mark. Answers what the new-message event needs besides
 * the room; undefined when the client id was used already.
 */
export async function insertTextMessage(
  db: Database,
  values: { scope: TenantScope; roomId: number; clientId: string; text: string; mentionedIds: number[] },
) {
  const { scope } = values;
  const result = (await db.execute(sql`
    with m as (
      insert into ${chatMessages} (company_id, room_id, sender_id, client_id, text, mentioned_ids)
      values (${scope.companyId}, ${values.roomId}, ${scope.userId}, ${values.clientId}, ${values.text},
              ${sql.param(values.mentionedIds)}::int[])
      on conflict (sender_id, client_id) do nothing
      returning id, created_at
    ), r as (
      update ${chatRooms} set last_message_id = m.id, last_activity_at = m.created_at
      from m where ${chatRooms.id} = ${values.roomId} and ${chatRooms.companyId} = ${scope.companyId}
    ), u as (
      update ${chatMembers} set last_read_message_id = greatest(${chatMembers.lastReadMessageId}, m.id)
      from m where ${chatMembers.roomId} = ${values.roomId} and ${chatMembers.userId} = ${scope.userId}
    )
    select m.id, m.created_at as "createdAt", p.name, p.photo_key as "photoKey"
    from m join ${users} p on p.id = ${scope.userId}`)) as unknown as {
    rows: { id: number; createdAt: Date | string; name: string; photoKey: string | null }[];
  };
  const [row] = result.rows;
  return row && { ...row, id: Number(row.id), createdAt: new Date(row.createdAt) };
}

/** The caller's own message, not deleted for everyone. */
function ownLiveMessage(scope: TenantScope, messageId: number): SQL {
  return and(
    eq(chatMessages.id, messageId),
    eq(chatMessages.companyId, scope.companyId),
    eq(chatMessages.senderId, scope.userId),
    isNull(chatMessages.deletedAt),
  )!;
}

/** Changes a message's text (its author's, not deleted); clears its preview. */
export async function updateMessageText(
  db: Database,
  scope: TenantScope,
  messageId: number,
  text: string,
): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ text, editedAt: sql`now()`, linkMetadata: null })
    .where(ownLiveMessage(scope, messageId))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Sets a message's link preview, when its text still holds that link. */
export async function updateMessageLinkMetadata(
  db: Database,
  companyId: number,
  messageId: number,
  metadata: StoredLinkMetadata,
): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ linkMetadata: metadata })
    .where(
      and(
        eq(chatMessages.id, messageId),
        eq(chatMessages.companyId, companyId),
        isNull(chatMessages.deletedAt),
        sql`position(${metadata.url} in ${chatMessages.text}) > 0`,
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Deletes a message for everyone: its content goes, its place in the history stays. Returns its attachment's key. */
export async function deleteMessageForEveryone(db: Database, scope: TenantScope, messageId: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatMessages)
      .set({
        deletedAt: sql`now()`,
        text: '',
        mentionedIds: [],
        linkMetadata: null,
        audioSamples: null,
        durationSeconds: null,
      })
      .where(ownLiveMessage(scope, messageId))
      .returning({ roomId: chatMessages.roomId, attachmentId: chatMessages.attachmentId });
    if (!row) return undefined;
    let storageKey: string | undefined;
    if (row.attachmentId !== null) {
      const [attachment] = await tx
        .delete(chatAttachments)
        .where(and(eq(chatAttachments.id, row.attachmentId), eq(chatAttachments.companyId, scope.companyId)))
        .returning({ key: chatAttachments.storageKey });
      storageKey = attachment?.key;
    }
    await refreshRoomLastMessage(tx, scope.companyId, row.roomId);
    return { roomId: row.roomId, storageKey };
  });
}

/** Hides a message from one member's view. */
export async function hideMessage(db: Database, scope: TenantScope, messageId: number): Promise<void> {
  await db
    .insert(chatMessageHides)
    .values({ messageId, userId: scope.userId, companyId: scope.companyId })
    .onConflictDoNothing();
}

function notHiddenFor(userId: number): SQL {
  return sql`not exists (select 1 from ${chatMessageHides} h where h.message_id = ${chatMessages.id} and h.user_id = ${userId})`;
}

/**
 * Each room's last message as the viewer sees it: the room's own last message (the newest not
 * deleted for everyone) unless the viewer hid it, then the newest one they did not hide (or null).
 */
export async function findViewerLastMessageIds(
  db: Database,
  scope: TenantScope,
  rooms: readonly { id: number; lastMessageId: number | null }[],
): Promise<Map<number, number | null>> {
  const lastIds = new Map(rooms.map((room) => [room.id, room.lastMessageId]));
  const candidates = rooms.flatMap((room) => (room.lastMessageId ? [room.lastMessageId] : []));
  if (candidates.length === 0) return lastIds;
  const hidden = await db
    .select({ messageId: chatMessageHides.messageId })
    .from(chatMessageHides)
    .where(and(eq(chatMessageHides.userId, scope.userId), inArray(chatMessageHides.messageId, candidates)));
  if (hidden.length === 0) return lastIds;
  const hiddenIds = new Set(hidden.map((row) => row.messageId));
  const affected = rooms.filter((room) => room.lastMessageId !== null && hiddenIds.has(room.lastMessageId));
  for (const room of affected) lastIds.set(room.id, null);
  const visible = await db
    .select({ roomId: chatMessages.roomId, id: sql<number>`max(${chatMessages.id})`.mapWith(Number) })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.companyId, scope.companyId),
        inArray(
          chatMessages.roomId,
          affected.map((room) => room.id),
        ),
        isNull(chatMessages.deletedAt),
        notHiddenFor(scope.userId),
      ),
    )
    .groupBy(chatMessages.roomId);
  for (const row of visible) lastIds.set(row.roomId, row.id);
  return lastIds;
}

/** One page of a room's history, newest first, counted from the anchor down; hidden ones left out. */
export async function pageRoomMessages(
  db: Database,
  scope: TenantScope,
  options: { roomId: number; anchorId: number; offset: number; limit: number },
) {
  const inRoom = and(
    eq(chatMessages.roomId, options.roomId),
    lte(chatMessages.id, options.anchorId),
    notHiddenFor(scope.userId),
  );
  const [rows, [total]] = await Promise.all([
    selectMessages(db)
      .where(and(eq(chatMessages.companyId, scope.companyId), inRoom))
      .orderBy(desc(chatMessages.id))
      .offset(options.offset)
      .limit(options.limit),
    // Every page asks the total. The company is checked on the room, once, rather than on each
    // message (a room's messages are all of its company): so the count reads only the room's index
    // and not one table page per message.
    db
      .select({ total: count() })
      .from(chatMessages)
      .where(
        and(
          inRoom,
          sql`exists (select 1 from ${chatRooms} r where r.id = ${options.roomId} and r.company_id = ${scope.companyId})`,
        ),
      ),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The newest message id of a room (0 when empty). */
export async function newestMessageId(db: Database, companyId: number, roomId: number): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${chatMessages.id})` })
    .from(chatMessages)
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.roomId, roomId)));
  return Number(row?.id ?? 0);
}

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

// ------------------------------------------------------------------ attachments

/** Records an uploaded file. */
export async function insertAttachment(
  db: Database,
  values: Omit<typeof chatAttachments.$inferInsert, 'id' | 'messageId' | 'createdAt'>,
) {
  const [row] = await db.insert(chatAttachments).values(values).returning();
  return row!;
}

/**
 * Gives an unused attachment of the sender to a message, and so to its room (whose members may
 * read it); false when it is not theirs, used, or for another room. Call inside a transaction.
 */
export async function claimAttachment(
  db: Database,
  scope: TenantScope,
  values: { attachmentId: number; roomId: number; messageId: number },
): Promise<boolean> {
  const rows = await db
    .update(chatAttachments)
    .set({ messageId: values.messageId, roomId: values.roomId })
    .where(
      and(
        eq(chatAttachments.id, values.attachmentId),
        eq(chatAttachments.companyId, scope.companyId),
        eq(chatAttachments.uploaderId, scope.userId),
        isNull(chatAttachments.messageId),
        sql`(${chatAttachments.roomId} is null or ${chatAttachments.roomId} = ${values.roomId})`,
      ),
    )
    .returning({ id: chatAttachments.id });
  return rows.length > 0;
}

/**
 * The attachment stored under a key, when the person may read it: a member of its room, or its
 * uploader while it has no room yet. One statement on the key's index and the members' key.
 */
export async function findReadableAttachment(
  db: Database,
  scope: TenantScope,
  storageKey: string,
): Promise<{ fileName: string } | undefined> {
  const [row] = await db
    .select({ fileName: chatAttachments.fileName })
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.storageKey, storageKey),
        eq(chatAttachments.companyId, scope.companyId),
        sql`case when ${chatAttachments.roomId} is null then ${chatAttachments.uploaderId} = ${scope.userId}
          else exists (select 1 from ${chatMembers} m
            where m.room_id = ${chatAttachments.roomId} and m.user_id = ${scope.userId}) end`,
      ),
    )
    .limit(1);
  return row;
}

/** An unused attachment of the caller, found by its storage key (a group's image). */
export async function findOwnAttachmentByKey(db: Database, scope: TenantScope, storageKey: string) {
  const [row] = await db
    .select()
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.companyId, scope.companyId),
        eq(chatAttachments.uploaderId, scope.userId),
        eq(chatAttachments.storageKey, storageKey),
      ),
    );
  return row;
}

/** The unused attachment of the caller with this id. */
export async function findOwnUnusedAttachment(db: Database, scope: TenantScope, attachmentId: number) {
  const [row] = await db
    .select()
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.id, attachmentId),
        eq(chatAttachments.companyId, scope.companyId),
        eq(chatAttachments.uploaderId, scope.userId),
        isNull(chatAttachments.messageId),
      ),
    );
  return row;
}

// ------------------------------------------------------------------ link previews

/** A preview as cached: null when the page gave none. */
export type StoredPreview = StoredLinkMetadata | null;

/** A cached preview: undefined when never fetched, `{metadata: null}` when fetched and empty. */
export async function findLinkPreview(db: Database, companyId: number, url: string) {
  const [row] = await db
    .select({ metadata: chatLinkPreviews.metadata })
    .from(chatLinkPreviews)
    .where(and(eq(chatLinkPreviews.companyId, companyId), eq(chatLinkPreviews.url, url)));
  return row;
}

/** Caches a fetched preview (or that there was none). */
export async function saveLinkPreview(
  db: Database,
  companyId: number,
  url: string,
  metadata: StoredLinkMetadata | null,
): Promise<void> {
  await db
    .insert(chatLinkPreviews)
    .values({ companyId, url, metadata })
    .onConflictDoUpdate({
      target: [chatLinkPreviews.companyId, chatLinkPreviews.url],
      set: { metadata, fetchedAt: sql`now()` },
    });
}

/** Chat messages the company's people sent since an instant (deleted ones not counted). */
export async function countCompanyMessagesSince(
  db: Database,
  companyId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.companyId, companyId),
        isNull(chatMessages.deletedAt),
        gte(chatMessages.createdAt, since),
      ),
    );
  return Number(row?.count ?? 0);
}

/** The messages one person sent, oldest first, with their attachment's file name (personal data export). */
export async function listSentMessages(db: Database, scope: TenantScope) {
  return db
    .select({
      id: chatMessages.id,
      roomId: chatMessages.roomId,
      text: chatMessages.text,
      attachmentName: chatAttachments.fileName,
      createdAt: chatMessages.createdAt,
      editedAt: chatMessages.editedAt,
      deletedAt: chatMessages.deletedAt,
    })
    .from(chatMessages)
    .leftJoin(chatAttachments, eq(chatAttachments.id, chatMessages.attachmentId))
    .where(and(eq(chatMessages.companyId, scope.companyId), eq(chatMessages.senderId, scope.userId)))
    .orderBy(asc(chatMessages.id));
}

/**
 * Erasure: deletes the files a person uploaded to the chat (the messages keep their place, without
 * the file) and their "hide for me" marks; answers the files' storage keys.
 */
export async function forgetChatPerson(db: Database, scope: TenantScope): Promise<string[]> {
  const files = await db
    .delete(chatAttachments)
    .where(and(eq(chatAttachments.companyId, scope.companyId), eq(chatAttachments.uploaderId, scope.userId)))
    .returning({ key: chatAttachments.storageKey });
  await db
    .delete(chatMessageHides)
    .where(and(eq(chatMessageHides.companyId, scope.companyId), eq(chatMessageHides.userId, scope.userId)));
  return files.map((file) => file.key);
}
