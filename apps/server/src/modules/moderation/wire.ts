import type { PostagemAdmin } from '@elo/contract/calls/moderation';
import { toFlag, type CallInput } from '../../platform/http/wire.ts';
import { presentPost } from '../timeline/wire.ts';
import type { AdminPost } from './admin-timeline.ts';
import type { Moderation } from './moderating.ts';

/** What a moderaPostagemAdmin or moderaComentarioAdmin asks: the action and its reason. */
export const moderationOf = (
  input: CallInput<'moderaPostagemAdmin'> | CallInput<'moderaComentarioAdmin'>,
): Moderation => ({
  action: input.acao,
  reason: input.motivo,
});

/** A card of the administration's timeline: the portal's card, whether it is hidden, and its hidden comments. */
export function presentAdminPost(post: AdminPost): PostagemAdmin {
  return {
    ...presentPost(post),
    flOculta: toFlag(post.hidden),
    comentariosOcultos: post.card.comments
      .map((comment) => comment.id)
      .filter((id) => post.hiddenCommentIds.has(id)),
  };
}
