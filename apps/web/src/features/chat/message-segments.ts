import { findChatLinks } from '@elo/contract/chat-links';

/** A piece of a chat message: plain text, a link the spec allows as an anchor, or a mention. */
export type MessageSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string };

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits plain text at the `@Name` of each mentioned person. */
function splitMentions(text: string, mentionedNames: readonly string[]): MessageSegment[] {
  const names = mentionedNames.filter(Boolean).sort((a, b) => b.length - a.length);
  if (names.length === 0) return text ? [{ kind: 'text', text }] : [];
  const pattern = new RegExp(`@(?:${names.map(escapeForPattern).join('|')})`, 'gu');
  const segments: MessageSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > cursor) segments.push({ kind: 'text', text: text.slice(cursor, match.index) });
    segments.push({ kind: 'mention', text: match[0] });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

/**
 * A message as segments to render: links by the rule of spec section 5, mentions of the given
 * names; everything else stays text (never parsed as HTML).
 */
export function segmentMessage(text: string, mentionedNames: readonly string[] = []): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let cursor = 0;
  for (const link of findChatLinks(text)) {
    segments.push(...splitMentions(text.slice(cursor, link.index), mentionedNames));
    segments.push({ kind: 'link', text: text.slice(link.index, link.lastIndex), href: link.href });
    cursor = link.lastIndex;
  }
  segments.push(...splitMentions(text.slice(cursor), mentionedNames));
  return segments;
}
