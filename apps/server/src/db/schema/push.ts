import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { userId } from './users.ts';

/**
 * The server's VAPID key pair (RFC 8292), made on first start and kept here so every node and
 * every restart signs with the same key (browsers' subscriptions are bound to the public key).
 * One row; VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in the environment take its place.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint('id').primaryKey().default(1),
    /** The uncompressed P-256 point, base64url (what browsers take as applicationServerKey). */
    publicKey: varchar('public_key', { length: 100 }).notNull(),
    /** The private scalar, base64url. */
    privateKey: varchar('private_key', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/** A browser a person asked to be alerted on: its push service's address and its keys (RFC 8291). */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    /** The push service's URL for this subscription: unique, so registering again updates it. */
    endpoint: text('endpoint').notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }),
    createdAt: createdAt(),
    /** When the push service last accepted a message for it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_devices_endpoint_idx').on(t.endpoint),
    index('push_devices_user_idx').on(t.userId),
  ],
);
