import { LinkifyIt } from 'linkify-it';

// Links count only when written with their scheme: linkify-it tells where each one ends
// (trailing punctuation, brackets, Unicode); the rule of spec section 5 then picks the allowed ones.
const linkFinder = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

/** Spec section 5: the host ends in a dot and at least two letters. */
const topLevelLabel = /\.\p{L}{2,}$/u;

/** Whether a link may become an anchor or a preview (spec section 5): http or https, host ending in .xx. */
export function isAllowedChatLink(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  // URL gives the host in punycode; the rule speaks of letters, so read it back as written.
  const written = /^https?:\/\/(?:[^@/?#\s]*@)?([^/:?#\s]+)/iu.exec(url)?.[1] ?? parsed.hostname;
  return topLevelLabel.test(written);
}

/** The allowed links of a chat message, in order, with where each stands in the text. */
export function findChatLinks(text: string): { index: number; lastIndex: number; href: string }[] {
  return (linkFinder.match(text) ?? [])
    .filter((match) => isAllowedChatLink(match.url))
    .map((match) => ({ index: match.index, lastIndex: match.lastIndex, href: match.url }));
}
