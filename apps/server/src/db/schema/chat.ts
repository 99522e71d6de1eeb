import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { userId } from './users.ts';

/** A chat room: of two people (pair) or a named group. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    /** pair or group. */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** A pair's two people, the lower id first: one room per pair. */
    pairLowId: integer('pair_low_id'),
    pairHighId: integer('pair_high_id'),
    name: varchar('name', { length: 80 }),
    imageKey: text('image_key'),
    creatorId: integer('creator_id'),
    /** The newest message not deleted for everyone: the conversation list's preview. */
    lastMessageId: integer('last_message_id'),
    /** The list's order: the last message's time, else the room's creation. */
    lastActivityAt: createdAt('last_activity_at'),
    createdAt: createdAt('created_at'),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_unique')
      .on(t.companyId, t.pairLowId, t.pairHighId)
      .where(sql`${t.kind} = 'pair'`),
  ],
);

/** Who belongs to a room, and how far they have read (a watermark: every message up to it). */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: userId(),
    companyId: companyId(),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    joinedAt: createdAt('joined_at'),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** A file uploaded for the chat, stored in the media storage; used by at most one message. */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    uploaderId: userId('uploader_id'),
    /** The room it was uploaded for, when one was named. */
    roomId: integer('room_id').references(() => chatRooms.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** 1 image, 2 pdf, 3 other file, 4 audio. */
    fileType: smallint('file_type').notNull(),
    mimeType: varchar('mime_type', { length: 120 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    messageId: integer('message_id'),
    createdAt: createdAt('created_at'),
  },
  (t) => [
    index('chat_attachments_uploader_idx').on(t.uploaderId),
    // The media route finds a file's attachment by its key on every read.
    index('chat_attachments_storage_key_idx').on(t.storageKey),
  ],
);

/** What a link preview holds. */
export interface StoredLinkMetadata {
  url: string;
  titulo: string | null;
  descricao: string | null;
  urlImagem: string | null;
}

/** A message of a room. Deleting for everyone clears its content and keeps its place in the history. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: userId('sender_id'),
    /** The sending client's id for it: a resend with the same id is the same message. */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    text: text('text').notNull().default(''),
    mentionedIds: integer('mentioned_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    attachmentId: integer('attachment_id').references(() => chatAttachments.id, { onDelete: 'set null' }),
    durationSeconds: real('duration_seconds'),
    audioSamples: real('audio_samples').array(),
    linkMetadata: jsonb('link_metadata').$type<StoredLinkMetadata>(),
    createdAt: createdAt('created_at'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_sender_client_unique').on(t.senderId, t.clientId),
    index('chat_messages_room_idx').on(t.roomId, t.id),
  ],
);

/** Messages a member deleted from their own view only. */
export const chatMessageHides = pgTable(
  'chat_message_hides',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: userId(),
    companyId: companyId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** Fetched link previews, per company, so a link shared again is not fetched again. */
export const chatLinkPreviews = pgTable(
  'chat_link_previews',
  {
    companyId: companyId(),
    url: varchar('url', { length: 2048 }).notNull(),
    /** Null when the page gave nothing usable (kept, so it is not fetched again and again). */
    metadata: jsonb('metadata').$type<StoredLinkMetadata>(),
    fetchedAt: createdAt('fetched_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.url] })],
);
