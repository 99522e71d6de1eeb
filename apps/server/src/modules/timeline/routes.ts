import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { fromFlag, pagedAnswer, pageQueryOf, toFlag } from '../../platform/http/wire.ts';
import { getPost, listTimeline } from './feed.ts';
import {
  addComment,
  deleteComment,
  listComments,
  listGestures,
  react,
  savePost,
  vote,
} from './interactions.ts';
import { publishPost } from './posting.ts';
import type { TimelineService } from './service.ts';
import {
  feedQueryOf,
  newPostOf,
  presentComment,
  presentGesture,
  presentPost,
  presentReaction,
  presentVote,
} from './wire.ts';

/** The timeline calls' handlers. */
export function timelineHandlers({ timeline }: { timeline: TimelineService }) {
  return {
    consultaPostagens: async (input, { session }) =>
      pagedAnswer('listPostagens', await listTimeline(timeline, session, feedQueryOf(input)), presentPost),
    consultaPostagem: async (input, { session }) => ({
      postagem: presentPost(await getPost(timeline, session, input.idMensagem)),
    }),
    publicaPostagemTimeline: async (input, { session, files }) => ({
      postagem: presentPost(await publishPost(timeline, session, newPostOf(input), files)),
    }),
    consultaComentarios: async (input, { session }) =>
      pagedAnswer(
        'listComentarios',
        await listComments(timeline, session, input.idMensagem, pageQueryOf(input)),
        (comment) => presentComment(comment, session.userId),
      ),
    insereComentario: async (input, { session }) => ({
      comentario: presentComment(
        await addComment(timeline, session, { postId: input.idMensagem, text: input.texto }),
        session.userId,
      ),
    }),
    excluiComentario: async (input, { session }) => {
      await deleteComment(timeline, session, input.idComentario);
      return { ok: true as const };
    },
    reagePostagem: async (input, { session }) =>
      presentReaction(await react(timeline, session, { postId: input.idMensagem, gestureId: input.idGesto })),
    salvaPostagem: async (input, { session }) => {
      const saved = fromFlag(input.flSalva);
      await savePost(timeline, session, { postId: input.idMensagem, saved });
      return { flSalva: toFlag(saved) };
    },
    votaEnquete: async (input, { session }) =>
      presentVote(await vote(timeline, session, { postId: input.idMensagem, optionId: input.idOpcao })),
    consultaGestos: async () => ({ listGestos: (await listGestures(timeline)).map(presentGesture) }),
  } satisfies Partial<CallHandlers>;
}
