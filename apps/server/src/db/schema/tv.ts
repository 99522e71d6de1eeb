import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { companyId, createdAt, recordVersion } from './columns.ts';
import { groups } from './groups.ts';

/**
 * Corporate TV screens (issue 17): what each shows and the device bound to it. Only the SHA-256
 * of the device token is kept; pairing again replaces it and revoking clears it, so at most one
 * device speaks for a screen.
 */
export const tvScreens = pgTable(
  'tv_screens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    name: varchar('name', { length: 80 }).notNull(),
    secondsPerSlide: smallint('seconds_per_slide').notNull(),
    showAnnouncements: boolean('show_announcements').notNull().default(true),
    showPublications: boolean('show_publications').notNull().default(true),
    publicationCount: smallint('publication_count').notNull(),
    showCelebrations: boolean('show_celebrations').notNull().default(false),
    tokenHash: varchar('token_hash', { length: 64 }).unique(),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Bumped by every change of what the screen form edits (not by pairing or contact): its `versao`. */
    version: recordVersion(),
  },
  (t) => [
    index('tv_screens_company_name_idx').on(t.companyId, t.name),
    check('tv_screens_seconds_range', sql`${t.secondsPerSlide} between 8 and 15`),
    check('tv_screens_publications_range', sql`${t.publicationCount} between 1 and 10`),
  ],
);

/** The groups whose publications a screen shows besides the wall's. */
export const tvScreenGroups = pgTable(
  'tv_screen_groups',
  {
    companyId: companyId(),
    screenId: integer('screen_id')
      .notNull()
      .references(() => tvScreens.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.screenId, t.groupId] }),
    index('tv_screen_groups_group_idx').on(t.groupId),
  ],
);

/**
 * One-time pairing codes a screen asks for without signing in: the code's hash and the hash of a
 * secret held in the asking browser's cookie. No company until an administrator binds it to one
 * of their screens; the browser then collects its device token once (used_at).
 */
export const tvPairingCodes = pgTable(
  'tv_pairing_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    screenId: integer('screen_id').references(() => tvScreens.id, { onDelete: 'cascade' }),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('tv_pairing_codes_expires_idx').on(t.expiresAt)],
);
