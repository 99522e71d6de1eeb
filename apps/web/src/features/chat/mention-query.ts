/** A person who can be mentioned in the open conversation. */
export interface MentionCandidate {
  idUsuario: number;
  nome: string;
}

function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The `@word` being typed just before the caret, if any: where it starts and what it says so far. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([\p{L}\p{N}_-]*)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** Candidates whose name has a word starting with the query (accents and case ignored). */
export function matchCandidates(
  candidates: readonly MentionCandidate[],
  query: string,
  limit = 8,
): MentionCandidate[] {
  const wanted = normalized(query);
  return candidates
    .filter((candidate) =>
      normalized(candidate.nome)
        .split(/\s+/)
        .some((word) => word.startsWith(wanted)),
    )
    .slice(0, limit);
}

/** The text with the `@query` at `start` replaced by `@Name `, and where the caret goes. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  name: string,
): { text: string; caret: number } {
  const inserted = `@${name} `;
  const end = mention.start + 1 + mention.query.length;
  return {
    text: text.slice(0, mention.start) + inserted + text.slice(end),
    caret: mention.start + inserted.length,
  };
}

/** The ids of the chosen people whose `@Name` is still in the text. */
export function mentionedIds(text: string, chosen: readonly MentionCandidate[]): number[] {
  return [
    ...new Set(chosen.filter((person) => text.includes(`@${person.nome}`)).map((person) => person.idUsuario)),
  ];
}
