/**
 * The excerpts of the search's results: a short window of the text around the first matched word,
 * with every character escaped as HTML and only the matched words wrapped in `<mark>`. The matched
 * words are the database's answer (stems, accents and prefixes are its rules), never a pattern
 * built here.
 */

const wordPattern = /[\p{L}\p{N}]+/gu;

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it literally. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

/** The distinct words of a text, lower case: what the database is asked which of match. */
export function wordsOf(text: string): string[] {
  return [...new Set((text.normalize('NFC').match(wordPattern) ?? []).map((word) => word.toLowerCase()))];
}

/** Lower case without accents: how names compare with what was typed. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The excerpt of `text`: up to `size` characters, starting a little before the first word in
 * `matched` (lower-case words), cut at spaces, with an ellipsis where text was left out.
 */
export function markExcerpt(text: string, matched: ReadonlySet<string>, size: number): string {
  const flat = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  const words = [...flat.matchAll(wordPattern)];
  const first = words.find((word) => matched.has(word[0].toLowerCase()));
  let start = 0;
  if (first && flat.length > size) {
    start = Math.max(0, Math.min(first.index - Math.floor(size / 4), flat.length - size));
    if (start > 0) {
      const space = flat.indexOf(' ', start);
      start = space >= 0 && space < first.index ? space + 1 : start;
    }
  }
  let end = Math.min(flat.length, start + size);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  let html = '';
  let cursor = start;
  for (const word of words) {
    const from = word.index;
    const to = from + word[0].length;
    if (from < start || to > end) continue;
    if (!matched.has(word[0].toLowerCase())) continue;
    html += `${escapeHtml(flat.slice(cursor, from))}<mark>${escapeHtml(word[0])}</mark>`;
    cursor = to;
  }
  html += escapeHtml(flat.slice(cursor, end));
  return `${start > 0 ? '… ' : ''}${html}${end < flat.length ? ' …' : ''}`;
}

/** The words of a name that what was typed finds (a typed word starts it, or it starts a typed word). */
export function matchedNameWords(name: string, typed: readonly string[]): Set<string> {
  const folds = typed.map(foldText);
  return new Set(
    wordsOf(name).filter((word) => {
      const folded = foldText(word);
      return folds.some(
        (typedWord) =>
          folded.startsWith(typedWord) ||
          (typedWord.length > 2 && typedWord.startsWith(folded) && folded.length > 2),
      );
    }),
  );
}
