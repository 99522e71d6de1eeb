import type { Comentario, Postagem } from '@elo/contract/calls/timeline';
import { limits } from '@elo/contract/limits';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { CardRow, CommentJson, PageEntry } from './repo.ts';

/** Rascunho for drafts; a published post whose time is still ahead is Agendado. */
function statusName(status: string, publishAt: Date) {
  if (status === 'draft') return 'Rascunho' as const;
  return publishAt.getTime() > Date.now() ? ('Agendado' as const) : ('Publicado' as const);
}
const flag = (value: boolean) => (value ? ('S' as const) : ('N' as const));

/** A person of a card row (the post's author or a comment's). */
function presentPerson(row: {
  author_id: number;
  author_name: string;
  author_photo: string | null;
  author_job: string | null;
  author_sector: string | null;
}) {
  return {
    idUsuario: row.author_id,
    nome: row.author_name,
    urlFoto: mediaUrl(row.author_photo),
    cargo: row.author_job,
    setor: row.author_sector,
  };
}

/** An instant as ISO 8601 in UTC, whether the driver gave a Date or JSON gave text. */
const isoInstant = (value: Date | string) => new Date(value).toISOString();

/** A comment as the portal shows it (from the card query's JSON or a comments select). */
export function presentComment(row: CommentJson, viewerId: number): Comentario {
  return {
    idComentario: row.id,
    texto: row.text,
    dtComentario: isoInstant(row.created_at),
    autor: presentPerson(row),
    flPodeExcluir: flag(row.author_id === viewerId),
  };
}

/** A poll's options with their votes, and the viewer's choice. */
export function presentPoll(options: { id: number; label: string; votes: number }[], chosen: number | null) {
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

/** A card row (see loadCards) as every viewer sees the post: the viewer's own part is left neutral. */
export function presentCard(row: CardRow): Postagem {
  const publishAt = new Date(row.publish_at);
  const reactions = row.reactions ?? [];
  return {
    idMensagem: row.id,
    idAppTipoMensagem: row.type,
    textoPublicacao: row.text,
    backgroundColor: row.background_color,
    flPermiteComentarios: flag(row.allow_comments),
    idYouTube: row.youtube_id,
    dtPublicacao: publishAt.toISOString(),
    status: statusName(row.status, publishAt),
    flMural: flag(row.on_wall),
    autor: presentPerson(row),
    grupos: row.groups ?? [],
    midia: row.media
      ? {
          url: mediaUrl(row.media.key)!,
          tipo: row.media.type,
          largura: row.media.width,
          altura: row.media.height,
          urlThumbnail: mediaUrl(row.media.thumb),
        }
      : null,
    enquete: row.poll ? presentPoll(row.poll, null) : null,
    reacoes: reactions,
    qtdReacoes: reactions.reduce((sum, reaction) => sum + reaction.qtd, 0),
    idGestoUsuario: null,
    flSalva: 'N',
    comentarios: {
      listComentarios: (row.comments ?? []).map((comment) => presentComment(comment, 0)),
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: limits.pageSize.comments,
      qtdTotalRegistros: row.comment_total,
    },
    flEditado: flag(row.edited_at !== null),
    leituraObrigatoria: row.requires_reading
      ? {
          dtLimite: row.reading_deadline === null ? null : isoInstant(row.reading_deadline),
          flConfirmada: 'N',
        }
      : null,
  };
}

/** A shared card with the viewer's part: their reaction, save, vote and which comments they may delete. */
export function personalizeCard(card: Postagem, entry: PageEntry, viewerId: number): Postagem {
  return {
    ...card,
    idGestoUsuario: entry.my_gesture,
    flSalva: flag(entry.saved),
    enquete: card.enquete && { ...card.enquete, idOpcaoVotada: entry.my_vote },
    leituraObrigatoria: card.leituraObrigatoria && {
      ...card.leituraObrigatoria,
      flConfirmada: flag(entry.confirmed),
    },
    comentarios: {
      ...card.comentarios,
      listComentarios: card.comentarios.listComentarios.map((comment) => ({
        ...comment,
        flPodeExcluir: flag(comment.autor.idUsuario === viewerId),
      })),
    },
  };
}
