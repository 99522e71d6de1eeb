import type { ModerationActionValue } from '@elo/contract/calls/moderation';
import type { BellText } from '../notifications/service.ts';

/** What the audit log names a post or a comment by: the start of its plain text. */
export function targetName(text: string | null): string | null {
  if (!text) return null;
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  return chars.length > 80 ? `${chars.slice(0, 79).join('')}…` : plain || null;
}

/**
 * The notification the author gets: what happened to their post or comment, and why, worded in
 * the author's language.
 */
export function moderationNotice(
  kind: 'post' | 'comment',
  action: ModerationActionValue,
  reason: string,
  text: string | null,
): { title: BellText; body: BellText } {
  const name = targetName(text);
  return {
    title: (t) => t(`bell.${kind === 'post' ? 'moderationPost' : 'moderationComment'}.${action}`),
    body: (t) =>
      [reason ? t('bell.moderationReason', { reason }) : null, name ? `“${name}”` : null]
        .filter(Boolean)
        .join('\n'),
  };
}
