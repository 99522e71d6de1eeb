import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { ModerationService } from './service.ts';

/** Moderation of posts and comments, and the administration's timeline. */
export function moderationHandlers({ moderation }: { moderation: ModerationService }) {
  return {
    moderaPostagemAdmin: (input, context) =>
      moderation.moderatePost(requireSession(context), input.idMensagem, input, requireActor(context)),
    moderaComentarioAdmin: (input, context) =>
      moderation.moderateComment(requireSession(context), input.idComentario, input, requireActor(context)),
    consultaTimelineAdmin: (input, context) =>
      moderation.timeline(requireSession(context), {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
        groupId: input.idGrupo,
      }),
  } satisfies Partial<CallHandlers>;
}
