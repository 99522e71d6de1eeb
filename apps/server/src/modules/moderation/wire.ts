import type { z } from 'zod';
import type { CallName, Calls } from '@elo/contract/calls/registry';
import type { PostagemAdmin } from '@elo/contract/calls/moderation';
import { toFlag } from '../../platform/http/wire.ts';
import { presentPost } from '../timeline/wire.ts';
import type { AdminPost } from './admin-timeline.ts';
import type { Moderation } from './moderating.ts';

/** A call's input as its handler gets it (parsed). */
type Input<K extends CallName> = z.output<Calls[K]['input']>;

/** What a moderaPostagemAdmin or moderaComentarioAdmin asks: the action and its reason. */
export const moderationOf = (
  input: Input<'moderaPostagemAdmin'> | Input<'moderaComentarioAdmin'>,
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
