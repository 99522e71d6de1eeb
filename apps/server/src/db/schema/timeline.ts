import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, recordVersion } from './columns.ts';
import { groups } from './groups.ts';
import { userId } from './users.ts';

/** Reaction kinds offered on posts (the spec's gestos); the same set for every company. */
export const gestures = pgTable('gestures', {
  id: integer('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  svgPath: text('svg_path').notNull(),
});

/** A timeline post. Type by media: text 1, video 2, image 3, youtube 5, poll 7. */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    authorId: userId('author_id'),
    type: smallint('type').notNull(),
    text: text('text'),
    backgroundColor: varchar('background_color', { length: 7 }),
    allowComments: boolean('allow_comments').notNull().default(true),
    youtubeId: varchar('youtube_id', { length: 16 }),
    /** Posted to the company wall rather than (or besides) groups. */
    onWall: boolean('on_wall').notNull().default(false),
    /**
     * published or draft. A scheduled post is a published one whose publish_at is still ahead:
     * it appears by itself when its time comes, with nothing to run.
     */
    status: varchar('status', { length: 12 }).notNull().default('published'),
    publishAt: createdAt('publish_at'),
    createdAt: createdAt('created_at'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Written from the administration's publish screen (a publication) rather than the portal. */
    isPublication: boolean('is_publication').notNull().default(false),
    /** Set when a published post's content changes: its card says 'editado'. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by a moderator: out of every employee's timeline, kept for the administration. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Mandatory reading: each person of its audience confirms 'Li e estou ciente'. */
    requiresReading: boolean('requires_reading').notNull().default(false),
    /** The optional deadline for confirming. */
    readingDeadline: timestamp('reading_deadline', { withTimezone: true }),
    /** Days between reminders to those who have not confirmed; null sends none. */
    readingReminderDays: smallint('reading_reminder_days'),
    /**
     * Raised by every change to what the post's card shows (reactions, comments, votes), so a
     * card cached under (id, version) is never served stale, on any node.
     */
    version: integer('version').notNull().default(0),
    /**
     * Bumped by every change of what the publication form edits (not by reactions, comments or
     * votes, which raise `version`): the publication form's `versao` (issue 27).
     */
    editVersion: integer('edit_version').notNull().default(1),
  },
  (t) => [
    index('posts_company_feed_idx')
      .on(t.companyId, t.publishAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
    // The administration's publications list, newest first, by status.
    index('posts_company_publications_idx')
      .on(t.companyId, t.publishAt.desc(), t.id.desc())
      .where(sql`${t.isPublication} and ${t.deletedAt} is null`),
    // Each person's unconfirmed mandatory readings, pinned above their timeline.
    index('posts_company_readings_idx')
      .on(t.companyId, t.publishAt.desc(), t.id.desc())
      .where(sql`${t.requiresReading} and ${t.deletedAt} is null`),
    // The company wall's posts, for the timeline of a person in few groups (see the feed in
    // modules/timeline/feed-repo.ts): the wall is walked on its own instead of among every post.
    index('posts_company_wall_idx')
      .on(t.companyId, t.publishAt.desc(), t.id.desc())
      .where(sql`${t.onWall} and ${t.status} = 'published' and ${t.deletedAt} is null`),
    index('posts_author_drafts_idx')
      .on(t.authorId, t.publishAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'draft' and ${t.deletedAt} is null`),
  ],
);

export const postGroups = pgTable(
  'post_groups',
  {
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /**
     * A copy of the post's publish_at, so a group's posts can be walked in feed order from its
     * own index. Never written by the app: triggers of migration 0017 fill it on insert and
     * follow every change of the post's publish_at.
     */
    publishAt: timestamp('publish_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.groupId] }),
    index('post_groups_group_idx').on(t.groupId, t.postId),
    index('post_groups_group_feed_idx').on(t.groupId, t.publishAt.desc(), t.postId.desc()),
  ],
);

/** A file of a post: only its storage key and facts about it, never its bytes. */
export const postMedia = pgTable(
  'post_media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mimeType: varchar('mime_type', { length: 80 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    thumbnailKey: text('thumbnail_key'),
  },
  (t) => [
    index('post_media_post_idx').on(t.postId),
    // The media route finds a file's post by its key (the media's or its thumbnail's) on every read.
    index('post_media_storage_key_idx').on(t.storageKey),
    index('post_media_thumbnail_key_idx').on(t.thumbnailKey),
  ],
);

export const pollOptions = pgTable(
  'poll_options',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 200 }).notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('poll_options_post_idx').on(t.postId)],
);

/** One vote per user and poll, changeable. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    userId: userId(),
    votedAt: createdAt('voted_at'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: userId('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt('created_at'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Hidden by a moderator: out of the post's comments for employees, kept for the administration. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('comments_post_idx').on(t.postId, t.createdAt.desc(), t.id.desc())],
);

/** One reaction per user and post, changeable and removable. */
export const reactions = pgTable(
  'reactions',
  {
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userId(),
    gestureId: integer('gesture_id')
      .notNull()
      .references(() => gestures.id),
    reactedAt: createdAt('reacted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('reactions_post_gesture_idx').on(t.postId, t.gestureId),
  ],
);

export const savedPosts = pgTable(
  'saved_posts',
  {
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userId(),
    savedAt: createdAt('saved_at'),
  },
  (t) => [uniqueIndex('saved_posts_user_post').on(t.userId, t.postId)],
);

/** HR announcements shown as the portal's banners while their dates include now (image 1920×1080). */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    imageKey: text('image_key').notNull(),
    /** What the image shows, read out in its place (its alt text); administrators write it. */
    description: varchar('description', { length: 300 }),
    link: varchar('link', { length: 500 }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The administrators' order in the carousel (smallest first). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    /** Bumped by every change of what the announcement form edits: the form's `versao`. */
    version: recordVersion(),
  },
  (t) => [
    index('announcements_company_dates_idx').on(t.companyId, t.startsAt, t.endsAt),
    check('announcements_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The groups an announcement is for; none means everyone in the company. */
export const announcementGroups = pgTable(
  'announcement_groups',
  {
    companyId: companyId(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.groupId] }),
    index('announcement_groups_group_idx').on(t.groupId),
  ],
);

/**
 * Who saw or clicked an announcement, once per person, day (America/Sao_Paulo) and kind: the
 * list's views and clicks count these rows.
 */
export const announcementInteractions = pgTable(
  'announcement_interactions',
  {
    companyId: companyId(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: userId(),
    day: date('day').notNull(),
    /** view or click. */
    kind: varchar('kind', { length: 8 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.kind, t.day, t.userId] }),
    check('announcement_interactions_kind', sql`${t.kind} in ('view', 'click')`),
  ],
);

/**
 * Who saw a post (at least half of it on screen for a second, or opened): one row per person and
 * post, the first time. The single publication's reach and its 7-day chart count these rows.
 */
export const postViews = pgTable(
  'post_views',
  {
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userId(),
    viewedAt: createdAt('viewed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_views_post_time_idx').on(t.postId, t.viewedAt),
  ],
);

/** 'Li e estou ciente': who confirmed a mandatory reading, and when. */
export const postReadConfirmations = pgTable(
  'post_read_confirmations',
  {
    companyId: companyId(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userId(),
    confirmedAt: createdAt('confirmed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_read_confirmations_user_idx').on(t.userId, t.postId),
  ],
);
