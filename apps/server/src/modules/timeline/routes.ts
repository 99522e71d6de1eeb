import { requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { TimelineService } from './service.ts';

/** The timeline calls' handlers. */
export function timelineHandlers({ timeline }: { timeline: TimelineService }) {
  return {
    consultaPostagens: (input, context) =>
      timeline.listTimeline(requireSession(context), {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
        groupIds: input.idsGrupo,
        ignoreTypes: input.idTipoIgnorar,
      }),
    consultaPostagem: (input, context) => timeline.getPost(requireSession(context), input.idMensagem),
    publicaPostagemTimeline: (input, context) =>
      timeline.publish(requireSession(context), input, context.files),
    consultaComentarios: (input, context) =>
      timeline.listComments(requireSession(context), {
        postId: input.idMensagem,
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
      }),
    insereComentario: (input, context) =>
      timeline.addComment(requireSession(context), { postId: input.idMensagem, text: input.texto }),
    excluiComentario: (input, context) => timeline.deleteComment(requireSession(context), input.idComentario),
    reagePostagem: (input, context) =>
      timeline.react(requireSession(context), { postId: input.idMensagem, gestureId: input.idGesto }),
    salvaPostagem: (input, context) =>
      timeline.save(requireSession(context), { postId: input.idMensagem, saved: input.flSalva === 'S' }),
    votaEnquete: (input, context) =>
      timeline.vote(requireSession(context), { postId: input.idMensagem, optionId: input.idOpcao }),
    consultaGestos: () => timeline.listGestures(),
  } satisfies Partial<CallHandlers>;
}
