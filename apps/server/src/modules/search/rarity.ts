import type { Database } from '../../db/client.ts';
import { readLexemeStats } from './repo.ts';

/**
 * Whether what was typed is rare in the posts or the messages, from what ANALYZE keeps of their
 * search columns: a rare word's few matches are read from the search index at once, instead of
 * walking the newest rows first (search/repo.ts, docs/performance.md "Session 18").
 */

/** The lexemes a search asks for (migration 0034's `elo_search_lexemes`), each word by its place. */
export interface QueryLexeme {
  place: number;
  lexeme: string;
  prefix: boolean;
}

/** What ANALYZE keeps of one table's search column. */
export interface LexemeStats {
  /** The commonest lexemes and the share of rows holding each. */
  common: Map<string, number>;
  /** The share of rows at most of a lexeme not among them. */
  rarest: number;
  /** The table's rows, as last counted. */
  rows: number;
}

export type SearchedTable = 'posts' | 'chat_messages';

/** The share of rows holding one lexeme: a prefix's is every kept lexeme's it starts, added up. */
function shareOf(stats: LexemeStats, { lexeme, prefix }: QueryLexeme): number {
  let share = 0;
  if (prefix) {
    for (const [common, each] of stats.common) if (common.startsWith(lexeme)) share += each;
  } else {
    share = stats.common.get(lexeme) ?? 0;
  }
  return share || stats.rarest;
}

/**
 * At most how many rows the words can match: each word's share is its lexemes' (the alternatives
 * of one place add up), and all the words together match no more than the rarest word does.
 */
export function matchesAtMost(stats: LexemeStats, lexemes: readonly QueryLexeme[]): number {
  const shares = new Map<number, number>();
  for (const asked of lexemes)
    shares.set(asked.place, (shares.get(asked.place) ?? 0) + shareOf(stats, asked));
  if (shares.size === 0) return 0;
  return Math.min(1, ...shares.values()) * stats.rows;
}

/** How long the statistics read are trusted: ANALYZE itself runs far less often. */
const statsMaxAgeMs = 10 * 60_000;
const cache = new WeakMap<Database, { at: number; stats: Promise<Map<SearchedTable, LexemeStats>> }>();

/**
 * The statistics of the posts' and messages' search columns, read at most every ten minutes.
 * Empty where ANALYZE never ran (a new embedded database): every word then counts as common.
 */
export function searchStats(db: Database, now = Date.now()): Promise<Map<SearchedTable, LexemeStats>> {
  const kept = cache.get(db);
  if (kept && now - kept.at < statsMaxAgeMs) return kept.stats;
  const stats = readLexemeStats(db).catch((error: unknown) => {
    cache.delete(db);
    throw error;
  });
  cache.set(db, { at: now, stats });
  return stats;
}
