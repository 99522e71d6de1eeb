import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { TimelineService } from './service.ts';

/** The timeline calls' handlers. */
export function timelineHandlers({ timeline }: { timeline: TimelineService }) {
  return {
    consultaPostagens: (input, context) =>
      timeline.listTimeline(context.session, {
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
        groupIds: input.idsGrupo,
        ignoreTypes: input.idTipoIgnorar,
      }),
    consultaPostagem: (input, context) => timeline.getPost(context.session, input.idMensagem),
    publicaPostagemTimeline: (input, context) => timeline.publish(context.session, input, context.files),
    consultaComentarios: (input, context) =>
      timeline.listComments(context.session, {
        postId: input.idMensagem,
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
      }),
    insereComentario: (input, context) =>
      timeline.addComment(context.session, { postId: input.idMensagem, text: input.texto }),
    excluiComentario: (input, context) => timeline.deleteComment(context.session, input.idComentario),
    reagePostagem: (input, context) =>
      timeline.react(context.session, { postId: input.idMensagem, gestureId: input.idGesto }),
    salvaPostagem: (input, context) =>
      timeline.save(context.session, { postId: input.idMensagem, saved: input.flSalva === 'S' }),
    votaEnquete: (input, context) =>
      timeline.vote(context.session, { postId: input.idMensagem, optionId: input.idOpcao }),
    consultaGestos: () => timeline.listGestures(),
  } satisfies Partial<CallHandlers>;
}
