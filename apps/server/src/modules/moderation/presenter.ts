import type { ModerationAction } from '@elo/contract/calls/publications';
import type { Postagem } from '@elo/contract/calls/timeline';

export type ModerationActionValue = (typeof ModerationAction)[keyof typeof ModerationAction];

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

/** A card of the administration's timeline: the portal's card, whether it is hidden, and its hidden comments. */
export function presentAdminCard(card: Postagem, hidden: boolean, hiddenComments: Set<number>) {
  return {
    ...card,
    flOculta: hidden ? ('S' as const) : ('N' as const),
    comentariosOcultos: card.comentarios.listComentarios
      .map((comment) => comment.idComentario)
      .filter((id) => hiddenComments.has(id)),
  };
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
