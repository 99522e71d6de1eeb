import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { ModerationService } from './service.ts';

/** Moderation of posts and comments, and the administration's timeline. */
export function moderationHandlers({ moderation }: { moderation: ModerationService }) {
  return {
    moderaPostagemAdmin: (input, context) =>
      moderation.moderatePost(context.session, input.idMensagem, input, context.actor),
    moderaComentarioAdmin: (input, context) =>
      moderation.moderateComment(context.session, input.idComentario, input, context.actor),
    consultaTimelineAdmin: (input, context) =>
      moderation.timeline(context.session, {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
        groupId: input.idGrupo,
      }),
  } satisfies Partial<CallHandlers>;
}
