import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  chatAttachments,
  chatLinkPreviews,
  chatMembers,
  chatMessageHides,
  chatMessages,
  chatRooms,
  users,
  type StoredLinkMetadata,
} from '../../../db/schema/all.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { callerMembership, refreshRoomLastMessage } from '../rooms/repo.ts';

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

/**
 * The messages a person may find in their history: of a room they are a member of, not deleted for
 * everyone, not hidden from their view. A condition on the table `chat_messages`.
 */
export function memberMessageSql(scope: TenantScope): SQL {
  // The person's rooms as an array (an init plan, run once): the room index then narrows the
  // messages before their rows are read (docs/performance.md).
  return sql`(${chatMessages.companyId} = ${scope.companyId} and ${chatMessages.deletedAt} is null
    and ${chatMessages.roomId} = any(${memberRoomIdsSql(scope)})
    and ${notHiddenFor(scope.userId)})`;
}

/** The rooms a person is a member of, as an SQL array of ids (evaluated once by the statement). */
export function memberRoomIdsSql(scope: TenantScope): SQL {
  return sql`array(select cm.room_id from ${chatMembers} cm
      where cm.user_id = ${scope.userId} and cm.company_id = ${scope.companyId})`;
}

/** Leaves out the messages the person hid from their view. */
export function notHiddenFor(userId: number): SQL {
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

// ------------------------------------------------------------------ figures and personal data

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
