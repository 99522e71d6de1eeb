import type { Comentario, Postagem } from '@elo/contract/calls/timeline';
import { limits } from '@elo/contract/limits';
import {
  fromFlag,
  pageQueryOf,
  toFlag,
  toWireDate,
  toWireDateOrNull,
  type CallInput,
} from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { Card, CardPerson, Gesture, PollOption, Post, PostComment } from './card.ts';
import type { FeedQuery } from './feed-repo.ts';
import type { NewPost } from './posting.ts';

/** Rascunho for drafts; a published post whose time is still ahead is Agendado. */
function statusName(status: string, publishAt: Date) {
  if (status === 'draft') return 'Rascunho' as const;
  return publishAt.getTime() > Date.now() ? ('Agendado' as const) : ('Publicado' as const);
}

/** The page of the timeline a consultaPostagens asks for. */
export const feedQueryOf = (input: CallInput<'consultaPostagens'>): FeedQuery => ({
  page: pageQueryOf(input),
  groupIds: input.idsGrupo,
  ignoredTypes: input.idTipoIgnorar,
});

/** The post a publicaPostagemTimeline sends. */
export const newPostOf = (input: CallInput<'publicaPostagemTimeline'>): NewPost => ({
  type: input.idAppTipoMensagem,
  text: input.textoPublicacao,
  allowsComments: fromFlag(input.flPermiteComentarios),
  youtubeUrl: input.urlYouTube,
  backgroundColor: input.backgroundColor,
  draft: fromFlag(input.flRascunho),
  groupIds: input.idsGrupos,
});

/** A person of a card (the post's author or a comment's). */
function presentPerson(person: CardPerson) {
  return {
    idUsuario: person.id,
    nome: person.name,
    urlFoto: mediaUrl(person.photoKey),
    cargo: person.jobTitle,
    setor: person.sector,
  };
}

/** A comment as the portal shows it to the viewer: they may delete their own. */
export function presentComment(comment: PostComment, viewerId: number): Comentario {
  return {
    idComentario: comment.id,
    texto: comment.text,
    dtComentario: toWireDate(comment.createdAt),
    autor: presentPerson(comment.author),
    flPodeExcluir: toFlag(comment.author.id === viewerId),
  };
}

/** A poll's options with their votes, and the viewer's choice. */
export function presentPoll(options: PollOption[], chosen: number | null) {
  const opcoes = options.map((option) => ({
    idOpcao: option.id,
    DS_OPCAO: option.label,
    qtdVotos: option.votes,
  }));
  return {
    opcoes,
    qtdTotalVotos: opcoes.reduce((sum, option) => sum + option.qtdVotos, 0),
    idOpcaoVotada: chosen,
  };
}

/** A post's reactions by gesture and their total. */
function presentReactions(card: Card) {
  const reacoes = card.reactions.map((reaction) => ({ idGesto: reaction.gestureId, qtd: reaction.count }));
  return { reacoes, qtdReacoes: reacoes.reduce((sum, reaction) => sum + reaction.qtd, 0) };
}

/**
 * Cards as every viewer sees them, presented once per card: a card the feed's cache holds is the
 * same object on every request until its version changes, so its answer is not built again for
 * each reader (the timeline's hot path, docs/performance.md); only the viewer's part is.
 */
const presentedCards = new WeakMap<Card, Postagem>();

/** A card as every viewer sees it: the viewer's own part left neutral. */
function presentCard(card: Card): Postagem {
  const known = presentedCards.get(card);
  if (known) return known;
  const presented: Postagem = {
    idMensagem: card.id,
    idAppTipoMensagem: card.type,
    textoPublicacao: card.text,
    backgroundColor: card.backgroundColor,
    flPermiteComentarios: toFlag(card.allowsComments),
    idYouTube: card.youtubeId,
    dtPublicacao: toWireDate(card.publishAt),
    status: statusName(card.status, card.publishAt),
    flMural: toFlag(card.onWall),
    autor: presentPerson(card.author),
    grupos: card.groups.map((group) => ({ idGrupo: group.id, nome: group.name, sigla: group.abbreviation })),
    midia: card.media
      ? {
          url: mediaUrl(card.media.key)!,
          tipo: card.media.mimeType,
          largura: card.media.width,
          altura: card.media.height,
          urlThumbnail: mediaUrl(card.media.thumbnailKey),
        }
      : null,
    enquete: card.poll ? presentPoll(card.poll, null) : null,
    ...presentReactions(card),
    idGestoUsuario: null,
    flSalva: 'N',
    comentarios: {
      listComentarios: card.comments.map((comment) => presentComment(comment, 0)),
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: limits.pageSize.comments,
      qtdTotalRegistros: card.commentTotal,
    },
    flEditado: toFlag(card.edited),
    leituraObrigatoria: card.requiresReading
      ? { dtLimite: toWireDateOrNull(card.readingDeadline), flConfirmada: 'N' }
      : null,
  };
  presentedCards.set(card, presented);
  return presented;
}

/** A post as the viewer sees it: the shared card with their reaction, save, vote and confirmation. */
export function presentPost(post: Post): Postagem {
  const { viewer } = post;
  const card = presentCard(post.card);
  return {
    ...card,
    idGestoUsuario: viewer.gestureId,
    flSalva: toFlag(viewer.saved),
    enquete: card.enquete && { ...card.enquete, idOpcaoVotada: viewer.votedOptionId },
    leituraObrigatoria: card.leituraObrigatoria && {
      ...card.leituraObrigatoria,
      flConfirmada: toFlag(viewer.confirmed),
    },
    comentarios: {
      ...card.comentarios,
      listComentarios: card.comentarios.listComentarios.map((comment) => ({
        ...comment,
        flPodeExcluir: toFlag(comment.autor.idUsuario === viewer.userId),
      })),
    },
  };
}

/** A reagePostagem's answer: the post's reactions after, and the viewer's. */
export const presentReaction = (post: Post) => ({
  ...presentReactions(post.card),
  idGestoUsuario: post.viewer.gestureId,
});

/** A votaEnquete's answer: the poll after, with the viewer's vote (an empty poll if it has none). */
export const presentVote = (post: Post) => ({
  enquete: presentPoll(post.card.poll ?? [], post.card.poll ? post.viewer.votedOptionId : null),
});

/** A reaction kind. */
export const presentGesture = (gesture: Gesture) => ({
  idGesto: gesture.id,
  codigo: gesture.code,
  pathSvg: gesture.svgPath,
});
