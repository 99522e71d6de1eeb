import type { FastifyInstance } from 'fastify';
import {
  consultaBannersPortal,
  consultaComentarios,
  consultaGestos,
  consultaPostagem,
  consultaPostagens,
  excluiComentario,
  insereComentario,
  publicaPostagemTimeline,
  reagePostagem,
  salvaPostagem,
  votaEnquete,
} from '@elo/contract/calls/timeline';
import { bindCall, requireSession, type BindDeps } from '../../platform/http/bind-call.ts';
import type { TimelineService } from './service.ts';

/** Binds the timeline calls. */
export function registerTimelineRoutes(
  app: FastifyInstance,
  deps: BindDeps & { timeline: TimelineService },
): void {
  const { timeline } = deps;

  bindCall(app, deps, consultaPostagens, (input, context) =>
    timeline.listTimeline(requireSession(context), {
      page: input.idPaginaAtual,
      pageSize: input.qtdRegistrosPorPagina,
      groupIds: input.idsGrupo,
      ignoreTypes: input.idTipoIgnorar,
    }),
  );
  bindCall(app, deps, consultaPostagem, (input, context) =>
    timeline.getPost(requireSession(context), input.idMensagem),
  );
  bindCall(app, deps, publicaPostagemTimeline, (input, context) =>
    timeline.publish(requireSession(context), input, context.files),
  );
  bindCall(app, deps, consultaComentarios, (input, context) =>
    timeline.listComments(requireSession(context), {
      postId: input.idMensagem,
      page: input.idPaginaAtual,
      pageSize: input.qtdRegistrosPorPagina,
    }),
  );
  bindCall(app, deps, insereComentario, (input, context) =>
    timeline.addComment(requireSession(context), { postId: input.idMensagem, text: input.texto }),
  );
  bindCall(app, deps, excluiComentario, (input, context) =>
    timeline.deleteComment(requireSession(context), input.idComentario),
  );
  bindCall(app, deps, reagePostagem, (input, context) =>
    timeline.react(requireSession(context), { postId: input.idMensagem, gestureId: input.idGesto }),
  );
  bindCall(app, deps, salvaPostagem, (input, context) =>
    timeline.save(requireSession(context), { postId: input.idMensagem, saved: input.flSalva === 'S' }),
  );
  bindCall(app, deps, votaEnquete, (input, context) =>
    timeline.vote(requireSession(context), { postId: input.idMensagem, optionId: input.idOpcao }),
  );
  bindCall(app, deps, consultaGestos, () => timeline.listGestures());
  bindCall(app, deps, consultaBannersPortal, (_input, context) =>
    timeline.listBanners(requireSession(context)),
  );
}
