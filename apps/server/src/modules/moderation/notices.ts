import type { ModerationActionValue } from '@elo/contract/calls/moderation';

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

const postTitles: Record<ModerationActionValue, string> = {
  OCULTAR: 'Sua publicação foi ocultada pela moderação',
  EXIBIR: 'Sua publicação voltou a ser exibida',
  EXCLUIR: 'Sua publicação foi excluída pela moderação',
};

const commentTitles: Record<ModerationActionValue, string> = {
  OCULTAR: 'Seu comentário foi ocultado pela moderação',
  EXIBIR: 'Seu comentário voltou a ser exibido',
  EXCLUIR: 'Seu comentário foi excluído pela moderação',
};

/** The notification the author gets: what happened to their post or comment, and why. */
export function moderationNotice(
  kind: 'post' | 'comment',
  action: ModerationActionValue,
  reason: string,
  text: string | null,
) {
  const name = targetName(text);
  const lines = [reason ? `Motivo: ${reason}` : null, name ? `“${name}”` : null].filter(Boolean);
  return {
    title: (kind === 'post' ? postTitles : commentTitles)[action],
    body: lines.join('\n'),
  };
}
