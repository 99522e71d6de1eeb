import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { pageRequest, required, tooLong } from '../wire.ts';

/**
 * The portal-wide search (issue 32, docs/search.md): posts, publications, people, conversations,
 * announcements, surveys and one's own HR tickets, in Portuguese (accents, stems, the last word as
 * a prefix, names by trigram), only what the person may see.
 */

export const searchLimits = {
  /** What may be typed: a few words, never a document. */
  termMax: 200,
  /** Words of a term that count (the rest is ignored). */
  wordsMax: 8,
  /** The results page's size, and the suggestions' under the header's field. */
  pageSize: 20,
  suggestions: 6,
  /** Characters of an excerpt around the first matched word. */
  excerptChars: 160,
  /**
   * The ceiling of each kind's count in `qtdPorTipo`: a kind with more matches counts this many
   * (shown as "100+"), and only its newest this many are ranked and listed (docs/performance.md).
   */
  countMax: 100,
} as const;

/** The kinds of item the search finds, in the order the results page offers its filters. */
export const searchTypes = [
  'POSTAGEM',
  'PUBLICACAO',
  'PESSOA',
  'CONVERSA',
  'COMUNICADO',
  'PESQUISA',
  'CHAMADO',
] as const;
export const searchKindSchema = z.enum(searchTypes);
export type SearchKind = z.infer<typeof searchKindSchema>;

/** One thing found. `trecho` is HTML: only `<mark>` around the matched words, everything else escaped. */
export const searchResultSchema = z.object({
  tipo: searchKindSchema,
  id: z.number().int(),
  titulo: z.string(),
  trecho: z.string(),
  url: z.string(),
  dtReferencia: z.string(),
  autor: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Searches everything the person may see; `tipos` narrows the list (the counts stay per kind). */
export const buscaGeral = defineCall({
  name: 'buscaGeral',
  mode: 'read',
  audience: 'user',
  input: z.object({
    termo: z.string(required).trim().min(1, required).max(searchLimits.termMax, tooLong),
    tipos: z.array(searchKindSchema).max(searchTypes.length).optional(),
    ...pageRequest(searchLimits.pageSize, 50),
  }),
  output: z.object({
    listResultados: z.array(searchResultSchema),
    qtdTotal: z.number().int(),
    qtdPorTipo: z.object(
      Object.fromEntries(searchTypes.map((kind) => [kind, z.number().int()])) as Record<
        SearchKind,
        z.ZodNumber
      >,
    ),
  }),
});
