import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { listAdminTimeline } from './admin-timeline.ts';
import { moderateComment, moderatePost } from './moderating.ts';
import type { ModerationService } from './service.ts';
import { moderationOf, presentAdminPost } from './wire.ts';

/** Moderation of posts and comments, and the administration's timeline. */
export function moderationHandlers({ moderation }: { moderation: ModerationService }) {
  return {
    moderaPostagemAdmin: async (input, { session, actor }) => {
      await moderatePost(moderation, session, input.idMensagem, moderationOf(input), actor);
      return { ok: true as const };
    },
    moderaComentarioAdmin: async (input, { session, actor }) => {
      await moderateComment(moderation, session, input.idComentario, moderationOf(input), actor);
      return { ok: true as const };
    },
    consultaTimelineAdmin: async (input, { session }) =>
      pagedAnswer(
        'listPostagens',
        await listAdminTimeline(moderation, session, { page: pageQueryOf(input), groupId: input.idGrupo }),
        presentAdminPost,
      ),
  } satisfies Partial<CallHandlers>;
}
