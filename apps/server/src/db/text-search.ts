import { sql, type SQL } from 'drizzle-orm';

/**
 * Lower case without the accents of Portuguese and Spanish, in SQL: a search for "publicacao"
 * finds "publicação", "jose" finds "José". The one way every list searches text.
 */
export function folded(value: SQL): SQL {
  return sql`translate(lower(${value}), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')`;
}

/**
 * The LIKE pattern (`%words%`) that matches `folded` of a column holding what was typed: folded
 * the same way in JavaScript, with LIKE's own characters escaped.
 */
export function foldedPattern(search: string): string {
  const words = search
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[\\%_]/g, '\\$&');
  return `%${words}%`;
}
