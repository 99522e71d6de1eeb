import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, recordVersion } from './columns.ts';
import { sessions } from './sessions.ts';

/** A group mapping as stored: people whose groups claim holds `value` belong to `groupId`. */
export interface SsoGroupMapping {
  value: string;
  groupId: number;
}

/**
 * A company's single sign-on settings (issue 31): one row per company. The OIDC client secret is
 * kept for the token request only and never answered back.
 */
export const ssoConfigs = pgTable('sso_configs', {
  companyId: companyId().primaryKey(),
  /** OIDC or SAML. */
  protocol: varchar('protocol', { length: 4 }).notNull(),
  active: boolean('active').notNull().default(false),
  issuer: varchar('issuer', { length: 500 }),
  clientId: varchar('client_id', { length: 255 }),
  clientSecret: text('client_secret'),
  /** The identity provider's SAML metadata (XML) as pasted. */
  samlMetadata: text('saml_metadata'),
  loginClaim: varchar('login_claim', { length: 100 }).notNull().default('email'),
  groupsClaim: varchar('groups_claim', { length: 100 }).notNull().default('groups'),
  groupMappings: jsonb('group_mappings').$type<SsoGroupMapping[]>().notNull().default([]),
  createUsers: boolean('create_users').notNull().default(false),
  /** Passwords stop working for the company's people (but for the break-glass ones). */
  ssoOnly: boolean('sso_only').notNull().default(false),
  /** Break-glass administrators: they keep their password when `ssoOnly` is on. */
  exceptionUserIds: jsonb('exception_user_ids').$type<number[]>().notNull().default([]),
  updatedAt: createdAt('updated_at'),
  version: recordVersion(),
});

/**
 * The e-mail domains that send people to their company's identity provider: a domain belongs to
 * one company only (the primary key refuses a second).
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: varchar('domain', { length: 253 }).primaryKey(),
    companyId: companyId(),
  },
  (t) => [index('sso_domains_company_idx').on(t.companyId)],
);

/**
 * What a sign-in in progress must find again, kept in the database so any node may take the
 * provider's answer: by `kind`, an OIDC authorization (PKCE verifier, nonce), a SAML request (its
 * id, for InResponseTo), or the one-time code that hands the finished sign-in to the page. The
 * key is stored hashed; each row is used once and lives minutes.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    companyId: companyId(),
    kind: varchar('kind', { length: 10 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);

/** SAML assertions already taken, until they expire: the same assertion twice is a replay. */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    companyId: companyId(),
    assertionId: varchar('assertion_id', { length: 255 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.assertionId] }),
    index('sso_used_assertions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A portal session opened by single sign-on, with what the provider's sign-out needs (the OIDC
 * id token as `id_token_hint`); it goes with its session.
 */
export const ssoSessions = pgTable('sso_sessions', {
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  protocol: varchar('protocol', { length: 4 }).notNull(),
  idToken: text('id_token'),
  createdAt: createdAt(),
});
