import type { Comentario, Postagem } from '@elo/contract/calls/timeline';
import { limits } from '@elo/contract/limits';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { CommentRow, PostDetails } from './repo.ts';

/** Rascunho for drafts; a published post whose time is still ahead is Agendado. */
function statusName(status: string, publishAt: Date) {
  if (status === 'draft') return 'Rascunho' as const;
  return publishAt.getTime() > Date.now() ? ('Agendado' as const) : ('Publicado' as const);
}
const flag = (value: boolean) => (value ? ('S' as const) : ('N' as const));

type AuthorRow = CommentRow['author'];

function presentAuthor(author: AuthorRow) {
  return {
    idUsuario: author.idUsuario,
    nome: author.nome,
    urlFoto: mediaUrl(author.photoKey),
    cargo: author.cargo,
    setor: author.setor,
  };
}

/** A comment as the portal shows it. */
export function presentComment(row: CommentRow, viewerId: number): Comentario {
  return {
    idComentario: row.comment.id,
    texto: row.comment.text,
    dtComentario: row.comment.createdAt.toISOString(),
    autor: presentAuthor(row.author),
    flPodeExcluir: flag(row.author.idUsuario === viewerId),
  };
}

/** Reaction counts per gesto and their total. */
export function presentReactions(rows: { gestureId: number; total: number }[]) {
  const reacoes = rows
    .map((row) => ({ idGesto: row.gestureId, qtd: row.total }))
    .sort((a, b) => a.idGesto - b.idGesto);
  return { reacoes, qtdReacoes: reacoes.reduce((sum, row) => sum + row.qtd, 0) };
}

/** A poll's options with their votes, and the viewer's choice. */
export function presentPoll(
  options: { id: number; label: string }[],
  votes: Map<number, number>,
  chosen: number | null,
) {
  const opcoes = options.map((option) => ({
    idOpcao: option.id,
    DS_OPCAO: option.label,
    qtdVotos: votes.get(option.id) ?? 0,
  }));
  return {
    opcoes,
    qtdTotalVotos: opcoes.reduce((sum, option) => sum + option.qtdVotos, 0),
    idOpcaoVotada: chosen,
  };
}

const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};

/** The posts, in the order of `postIds`, as the timeline shows them. */
export function presentPosts(
  details: PostDetails | undefined,
  postIds: number[],
  viewerId: number,
): Postagem[] {
  if (!details) return [];
  const groupsOf = groupBy(details.groupRows, (row) => row.postId);
  const mediaOf = new Map(details.mediaRows.map((row) => [row.postId, row]));
  const optionsOf = groupBy(details.optionRows, (row) => row.postId);
  const votes = new Map(details.voteRows.map((row) => [row.optionId, row.votes]));
  const myVote = new Map(details.myVotes.map((row) => [row.postId, row.optionId]));
  const reactionsOf = groupBy(details.reactionRows, (row) => row.postId);
  const myReaction = new Map(details.myReactions.map((row) => [row.postId, row.gestureId]));
  const saved = new Set(details.savedRows.map((row) => row.postId));
  const commentTotal = new Map(details.commentTotals.map((row) => [row.postId, row.total]));
  const commentsOf = groupBy(details.commentRows, (row) => row.comment.postId);
  const byId = new Map(details.postRows.map((row) => [row.post.id, row]));

  return postIds.flatMap((postId) => {
    const row = byId.get(postId);
    if (!row) return [];
    const { post, author } = row;
    const media = mediaOf.get(postId);
    const options = optionsOf.get(postId);
    return [
      {
        idMensagem: post.id,
        idAppTipoMensagem: post.type,
        textoPublicacao: post.text,
        backgroundColor: post.backgroundColor,
        flPermiteComentarios: flag(post.allowComments),
        idYouTube: post.youtubeId,
        dtPublicacao: post.publishAt.toISOString(),
        status: statusName(post.status, post.publishAt),
        flMural: flag(post.onWall),
        autor: presentAuthor(author),
        grupos: (groupsOf.get(postId) ?? []).map(({ idGrupo, nome, sigla }) => ({ idGrupo, nome, sigla })),
        midia: media
          ? {
              url: mediaUrl(media.storageKey)!,
              tipo: media.mimeType,
              largura: media.width,
              altura: media.height,
              urlThumbnail: mediaUrl(media.thumbnailKey),
            }
          : null,
        enquete: options ? presentPoll(options, votes, myVote.get(postId) ?? null) : null,
        ...presentReactions(reactionsOf.get(postId) ?? []),
        idGestoUsuario: myReaction.get(postId) ?? null,
        flSalva: flag(saved.has(postId)),
        comentarios: {
          listComentarios: (commentsOf.get(postId) ?? []).map((comment) => presentComment(comment, viewerId)),
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: limits.pageSize.comments,
          qtdTotalRegistros: commentTotal.get(postId) ?? 0,
        },
      },
    ];
  });
}
