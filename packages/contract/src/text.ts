/**
 * Rules for text as it travels, shared by every call and chat frame: what text can be stored as
 * it was sent, and what text shows something.
 */

/**
 * A NUL character (PostgreSQL's text cannot hold it) or half of a surrogate pair without its
 * other half (no UTF-8 encodes it: it would be stored as U+FFFD, changed without a word).
 */
const unstorable = /[\0\p{Cs}]/u;

/**
 * Characters that show nothing: whitespace, the zero-width space, non-joiner and joiner, the word
 * joiner and the byte-order mark (zero-width no-break space).
 */
const visible = /[^\s\u200b-\u200d\u2060\ufeff]/;

/** Whether a text shows something: text made only of invisible characters counts as empty. */
export function hasVisibleText(value: string): boolean {
  return visible.test(value);
}

/** Whether a text can be stored and sent back exactly as it came. */
export function isStorableText(value: string): boolean {
  return !unstorable.test(value);
}

/** How deep a request's values may nest: every call's input is far shallower. */
export const inputDepthMax = 32;

/** What `inspectInput` found: values nested too deep, or the fields holding unstorable text. */
export type InputProblem = { tooDeep: true } | { tooDeep: false; unstorableFields: string[] };

/**
 * Walks a request's values (a parsed JSON body, multipart fields, query parameters, a chat frame)
 * without recursion, so no nesting can exhaust the stack: answers whether they nest deeper than
 * `inputDepthMax`, and which fields (paths joined by dots, `_body` for the whole) hold text that
 * `isStorableText` refuses. Undefined when there is nothing to refuse.
 */
export function inspectInput(input: unknown): InputProblem | undefined {
  const unstorableFields: string[] = [];
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) unstorableFields.push(path.length > 0 ? path.join('.') : '_body');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= inputDepthMax) return { tooDeep: true };
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, item] of entries) pending.push({ value: item, path: [...path, String(key)] });
  }
  return unstorableFields.length > 0
    ? { tooDeep: false, unstorableFields: unstorableFields.reverse() }
    : undefined;
}
