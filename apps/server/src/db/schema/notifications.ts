import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { userId, users } from './users.ts';

/** A person's notifications: what happened, where to see it, whether they read it. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    type: varchar('type', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    /** A path of the portal that shows the target (/painel/publicacao/12). */
    link: varchar('link', { length: 500 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Shown in the bell. False for a person who turned the type off in the app but takes it in an
     * e-mail digest: the row waits for the digest only.
     */
    inApp: boolean('in_app').notNull().default(true),
    /** When a digest e-mail carried it (null: not yet, or the person takes no e-mail). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt('created_at'),
    /**
     * What the notification is about, for grouping (`post-comment:12`): a new one whose bell entry
     * for the same key is still unread joins that entry. Null: never grouped.
     */
    groupKey: varchar('group_key', { length: 80 }),
    /** The entry it joined: the id of the entry's first notification (null: it leads its own entry). */
    entryId: bigint('entry_id', { mode: 'number' }),
    /** Who did what it tells (the commenter), named at read time; null when nobody or erased. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The unread entry a new notification of the same key joins.
    index('notifications_user_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
    index('notifications_user_time_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // What the digests look for: rows not e-mailed yet, per person and type.
    index('notifications_digest_idx')
      .on(t.userId, t.type)
      .where(sql`${t.emailedAt} is null`),
  ],
);

/** A person's choice per notification type: in the app or not, and an e-mail digest or none. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    companyId: companyId(),
    userId: userId(),
    type: varchar('type', { length: 40 }).notNull(),
    inApp: boolean('in_app').notNull().default(true),
    /** none, daily or weekly. */
    emailDigest: varchar('email_digest', { length: 8 }).notNull().default('none'),
    /** Pushed to the person's registered devices (web push) as well. */
    push: boolean('push').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_digest', sql`${t.emailDigest} in ('none', 'daily', 'weekly')`),
  ],
);
