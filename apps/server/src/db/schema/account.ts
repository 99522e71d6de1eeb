import { index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { userId } from './users.ts';

/**
 * Single-use tokens of the account flows: the provisional first-access token (15 minutes) and the
 * password-reset token (60 minutes). Only the SHA-256 of the token's secret is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    /** first_access or password_reset. */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** How a reset token reached the person: email or sms (with a code to give back). */
    channel: varchar('channel', { length: 10 }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** Wrong answers given with this token (the last digits of the mobile). */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** A six-digit code sent by SMS: kept as an HMAC, void after 10 minutes or 5 wrong tries. */
export const smsChallenges = pgTable(
  'sms_challenges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** The number the code went to, in E.164 (a new number is kept only once its code is confirmed). */
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_challenges_user_idx').on(t.userId, t.purpose)],
);
