import type { Postagem, paginaComentariosSchema } from '@elo/contract/calls/timeline';
import { limits } from '@elo/contract/limits';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#lib/api.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { nextPageNumber } from '#lib/paging.ts';
import { timelineKeys } from '../timeline-cache.ts';

type CommentPage = z.infer<typeof paginaComentariosSchema>;
type CommentPages = InfiniteData<CommentPage, number>;

/**
 * A post's comments, newest first. The first page comes inside the post, so nothing is asked
 * until the user wants more (consultaComentarios, 10 a page).
 */
export function useComments(post: Postagem) {
  const { idMensagem } = post;
  return useInfiniteQuery({
    queryKey: timelineKeys.comments(idMensagem),
    queryFn: ({ pageParam, signal }) =>
      api.consultaComentarios(
        { idMensagem, idPaginaAtual: pageParam, qtdRegistrosPorPagina: limits.pageSize.comments },
        { signal },
      ),
    initialPageParam: 1,
    initialData: { pages: [post.comentarios], pageParams: [1] },
    // The pages change only through this user's own actions, which update them in place.
    staleTime: Infinity,
    getNextPageParam: nextPageNumber,
  });
}

function updateComments(
  queryClient: QueryClient,
  idMensagem: number,
  update: (page: CommentPage, index: number) => CommentPage,
): void {
  queryClient.setQueryData<CommentPages>(timelineKeys.comments(idMensagem), (data) =>
    data ? { ...data, pages: data.pages.map(update) } : data,
  );
}

/** Adds a comment to a post; it shows first, as the newest. */
export function useAddComment(idMensagem: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => api.insereComentario({ idMensagem, texto }),
    onSuccess: ({ comentario }) =>
      updateComments(queryClient, idMensagem, (page, index) => ({
        ...page,
        qtdTotalRegistros: page.qtdTotalRegistros + 1,
        listComentarios: index === 0 ? [comentario, ...page.listComentarios] : page.listComentarios,
      })),
  });
}

/** Deletes one of the user's own comments. */
export function useDeleteComment(idMensagem: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idComentario: number) => api.excluiComentario({ idComentario }),
    onSuccess: (_answer, idComentario) =>
      updateComments(queryClient, idMensagem, (page) => ({
        ...page,
        qtdTotalRegistros: Math.max(0, page.qtdTotalRegistros - 1),
        listComentarios: page.listComentarios.filter((comment) => comment.idComentario !== idComentario),
      })),
    onError: (error) => showErrorToast(error),
  });
}
