import type { PublicacaoAdmin } from '@elo/contract/calls/publications';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { PublicationRow } from './repo.ts';

const flag = (value: boolean) => (value ? ('S' as const) : ('N' as const));
const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Rascunho for drafts; a published one whose time is still ahead is Agendado. */
export function statusOf(row: { status: string; publish_at: Date | string }, now = Date.now()) {
  if (row.status === 'draft') return 'Rascunho' as const;
  return new Date(row.publish_at).getTime() > now ? ('Agendado' as const) : ('Publicado' as const);
}

/** A publication as the administration's list and screens show it. */
export function presentPublication(row: PublicationRow): PublicacaoAdmin {
  const status = statusOf(row);
  const publishAt = new Date(row.publish_at).toISOString();
  return {
    idPublicacao: row.id,
    texto: row.text,
    tipo: row.type,
    urlMidia: row.youtube_id ? `https://www.youtube.com/watch?v=${row.youtube_id}` : mediaUrl(row.media_key),
    urlThumbnail: mediaUrl(row.thumb_key),
    status,
    dtPublicacao: publishAt,
    dtAgendamento: status === 'Agendado' ? publishAt : null,
    grupos: row.groups ?? [],
    flMural: flag(row.on_wall),
    flPermiteComentarios: flag(row.allow_comments),
    autor: { idUsuario: row.author_id, nome: row.author_name, urlFoto: mediaUrl(row.author_photo) },
    qtdComentarios: row.comment_total,
    qtdReacoes: row.reaction_total,
    qtdVisualizacoes: row.view_total,
    flEditado: flag(row.edited_at !== null),
    flOculta: flag(row.hidden_at !== null),
    flLeituraObrigatoria: flag(row.requires_reading),
    dtLimiteLeitura: isoOrNull(row.reading_deadline),
    diasLembreteLeitura: row.reading_reminder_days,
    versao: row.edit_version,
  };
}

/** The fields an audit entry compares, in the wire's words. */
export function auditedFields(row: PublicationRow | null) {
  if (!row) return null;
  return {
    texto: row.text,
    tipo: row.type,
    midia: mediaUrl(row.media_key),
    status: statusOf(row),
    dtPublicacao: new Date(row.publish_at).toISOString(),
    idsGrupos: (row.groups ?? []).map((group) => group.idGrupo),
    flMural: flag(row.on_wall),
    flPermiteComentarios: flag(row.allow_comments),
    flLeituraObrigatoria: flag(row.requires_reading),
    dtLimiteLeitura: isoOrNull(row.reading_deadline),
    diasLembreteLeitura: row.reading_reminder_days,
  };
}
