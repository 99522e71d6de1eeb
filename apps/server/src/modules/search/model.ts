import type { SQL } from 'drizzle-orm';
import type { SearchKind } from '@elo/contract/calls/search';
import type { Database } from '../../db/client.ts';
import type { PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/**
 * The rules of what a person may see, each owned by its module and handed over as a condition on
 * that module's table (the same rule its own lists apply): the search invents none.
 */
export interface VisibilityRules {
  /** On `posts p` (timeline). */
  post: (scope: TenantScope) => SQL;
  /** On `users` (the chat's directory: the company's active people). */
  person: (scope: TenantScope) => SQL;
  /** On `chat_messages` (rooms one is a member of, not deleted for everyone, not hidden). */
  message: (scope: TenantScope) => SQL;
  /** The rooms one is a member of, an SQL array of ids (the chat's search index is per room). */
  messageRooms: (scope: TenantScope) => SQL;
  /** On `announcements` (the carousel's). */
  announcement: (scope: TenantScope) => SQL;
  /** On `surveys` (sent to the person). */
  survey: (scope: TenantScope) => SQL;
  /** On `hr_tickets t` (one's own). */
  ticket: (scope: TenantScope) => SQL;
}

export interface SearchModule {
  db: Database;
  rules: VisibilityRules;
}

/** What was typed, read as the search reads it. */
export interface SearchTerms {
  /** The words, lower case, as typed (accents kept: the database folds them). */
  words: string[];
  /** The words without accents, joined: what names are compared with by trigrams. */
  folded: string;
}

export interface SearchQuery {
  terms: SearchTerms;
  /** The kinds listed (all when empty); the counts are always per kind. */
  kinds: SearchKind[];
  page: PageQuery;
}

/** One item found, in the domain's words; `excerpt` is already safe HTML (only `<mark>`). */
export interface SearchHit {
  kind: SearchKind;
  id: number;
  title: string;
  excerpt: string;
  /** The portal path that opens it. */
  path: string;
  at: Date;
  author: string | null;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /** Items found of the kinds listed. */
  total: number;
  perKind: Record<SearchKind, number>;
}
