import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { userId } from './users.ts';

/**
 * Server-side sessions. Only SHA-256 hashes of the cookie token and the chat token are kept,
 * so a copy of this table signs nobody in.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    chatTokenHash: varchar('chat_token_hash', { length: 64 }).unique(),
    createdAt: createdAt('created_at'),
    lastSeenAt: createdAt('last_seen_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
