import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';

/**
 * The bearer tokens an identity provider provisions a company's people with (SCIM 2.0, issue 31).
 * Only the SHA-256 of a token is kept; it is shown once, when made. A company has at most one
 * live token: making a new one revokes the old one.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** Who made it (kept by id only: the audit log says who, by name). */
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scim_tokens_hash_unique').on(t.tokenHash),
    uniqueIndex('scim_tokens_one_live_per_company')
      .on(t.companyId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** A person's identifier in the identity provider (SCIM `externalId`), per company. */
export const scimUserLinks = pgTable(
  'scim_user_links',
  {
    companyId: companyId(),
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
  },
  (t) => [index('scim_user_links_company_external_idx').on(t.companyId, t.externalId)],
);

/** The portal group an identity provider's group (SCIM `externalId`) stands for, per company. */
export const scimGroupLinks = pgTable(
  'scim_group_links',
  {
    companyId: companyId(),
    groupId: integer('group_id')
      .primaryKey()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Null for a group provisioning took over by its name without the provider sending an id. */
    externalId: text('external_id'),
  },
  (t) => [uniqueIndex('scim_group_links_company_external_unique').on(t.companyId, t.externalId)],
);
