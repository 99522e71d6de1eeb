import { searchTypes, searchLimits, type SearchKind } from '@elo/contract/calls/search';
import type { TenantScope } from '../../platform/tenancy.ts';
import { foldText, markExcerpt, matchedNameWords, wordsOf } from './excerpt.ts';
import type { SearchAnswer, SearchHit, SearchModule, SearchQuery, SearchTerms } from './model.ts';
import { matchesAtMost, searchStats, type QueryLexeme } from './rarity.ts';
import {
  findMatchedWords,
  findQueryWords,
  pageMatches,
  postWalk,
  recentMessageCount,
  type PageItem,
  type Rarity,
} from './repo.ts';

/** Longest word that counts: past it a "word" is noise (a pasted hash), cut to this. */
const wordMax = 40;

/** What was typed, as words: letters and digits, lower case, at most `searchLimits.wordsMax`. */
export function readTerms(term: string): SearchTerms {
  const words = wordsOf(term)
    .slice(0, searchLimits.wordsMax)
    .map((word) => word.slice(0, wordMax));
  return { words, folded: words.map(foldText).join(' ') };
}

const noCounts = (): Record<SearchKind, number> =>
  Object.fromEntries(searchTypes.map((kind) => [kind, 0])) as Record<SearchKind, number>;

/** The portal path that opens an item of a kind (the web's routes, lib/paths.ts). */
function pathOf(kind: SearchKind, id: number, detail: PageItem): string {
  switch (kind) {
    case 'POSTAGEM':
    case 'PUBLICACAO':
      return `/painel/publicacao/${id}`;
    case 'PESSOA':
      return `/painel/chat?pessoa=${id}`;
    case 'CONVERSA':
      return `/painel/chat?sala=${Number(detail.extra)}`;
    case 'COMUNICADO':
      return '/painel/timeline';
    case 'PESQUISA':
      return `/painel/pesquisas/acessar/${id}`;
    case 'CHAMADO':
      return `/painel/fale-rh?idChamado=${id}`;
  }
}

/** A one-line title of a text: its first line, cut at a word near 80 characters. */
function titleOf(text: string): string {
  const line = (text.split('\n').find((part) => part.trim()) ?? '').trim();
  if (line.length <= 80) return line;
  const space = line.lastIndexOf(' ', 80);
  return `${line.slice(0, space > 40 ? space : 80)}…`;
}

function titleFor(kind: SearchKind, detail: PageItem): string {
  switch (kind) {
    case 'PESSOA':
    case 'PESQUISA':
      return detail.title ?? '';
    case 'CONVERSA':
      return detail.title ?? detail.author ?? '';
    case 'CHAMADO':
      return `${String(detail.extra)} · ${detail.title ?? ''}`;
    default:
      return titleOf(detail.body ?? '');
  }
}

/**
 * Whether the words are rare enough that their matches are best read from the search indexes at
 * once: in the posts, fewer in all than twice the first walk (a match read from the index costs
 * about what three rows walked in order do); in the messages, fewer than a twentieth of the chat's
 * first pass. Without statistics (ANALYZE never ran) every word is common.
 */
export async function rarityOf(
  module: SearchModule,
  query: SearchQuery,
  lexemes?: QueryLexeme[],
): Promise<Rarity> {
  const [stats, asked] = await Promise.all([
    searchStats(module.db),
    lexemes ?? findQueryWords(module.db, query.terms.words).then((asked) => asked.lexemes),
  ]);
  const below = (table: 'posts' | 'chat_messages', limit: number) => {
    const kept = stats.get(table);
    return kept !== undefined && matchesAtMost(kept, asked) < limit;
  };
  return {
    posts: below('posts', postWalk * 2),
    messages: below('chat_messages', recentMessageCount / 20),
  };
}

/**
 * The words of the texts shown that may be what was typed: those that start as one of the asked
 * lexemes does but for its last two letters (a stem can end where the word's plural was rewritten:
 * 'estaca' for 'estações'). Only these are given to the database to check by its own rules.
 */
function possibleMatches(words: string[], lexemes: readonly QueryLexeme[]): string[] {
  const starts = lexemes.map(({ lexeme }) => lexeme.slice(0, Math.max(3, lexeme.length - 2)));
  return words.filter((word) => {
    const folded = foldText(word);
    return starts.some((start) => folded.startsWith(start));
  });
}

/**
 * Searches what the person may see (each module's own rule: `SearchModule.rules`): a page of the
 * best matches of the kinds asked for, each with its excerpt, and the count of every kind.
 */
export async function searchPortal(
  module: SearchModule,
  scope: TenantScope,
  query: SearchQuery,
): Promise<SearchAnswer> {
  const perKind = noCounts();
  if (query.terms.words.length === 0) return { hits: [], total: 0, perKind };
  const { db, rules } = module;
  const { lexemes } = await findQueryWords(db, query.terms.words);
  const { rows, counts } = await pageMatches(db, scope, query, rules, await rarityOf(module, query, lexemes));
  for (const [kind, count] of Object.entries(counts)) perKind[kind as SearchKind] = count;
  const listed: readonly SearchKind[] = query.kinds.length ? query.kinds : searchTypes;
  let total = 0;
  for (const kind of listed) total += perKind[kind];

  const texts = rows.filter((row) => row.kind !== 'PESSOA').map((row) => row.body ?? '');
  const matched = await findMatchedWords(
    db,
    possibleMatches([...new Set(texts.flatMap(wordsOf))], lexemes),
    lexemes,
  );

  const hits: SearchHit[] = rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: titleFor(row.kind, row),
    excerpt:
      row.kind === 'PESSOA'
        ? markExcerpt(
            [row.title, row.body].filter(Boolean).join(' · '),
            matchedNameWords(row.title ?? '', query.terms.words),
            searchLimits.excerptChars,
          )
        : markExcerpt(row.body ?? '', matched, searchLimits.excerptChars),
    path: pathOf(row.kind, row.id, row),
    at: new Date(row.at),
    author: row.author,
  }));
  return { hits, total, perKind };
}
