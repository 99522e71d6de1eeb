import type { PublicacaoAdmin } from '@elo/contract/calls/publications';
import { fromFlag, toFlag, toWireDate, toWireDateOrNull, type CallInput } from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { Publication, PublicationFilter } from './publication.ts';
import type { PublicationForm } from './publishing.ts';

/** Rascunho for drafts; a published one whose time is still ahead is Agendado. */
export function statusOf(publication: { status: string; publishAt: Date }, now = Date.now()) {
  if (publication.status === 'draft') return 'Rascunho' as const;
  return publication.publishAt.getTime() > now ? ('Agendado' as const) : ('Publicado' as const);
}

/** What a consultaPublicacoesAdmin filters by. */
export const publicationFilterOf = (input: CallInput<'consultaPublicacoesAdmin'>): PublicationFilter => ({
  status: input.status,
  search: input.busca || undefined,
  groupId: input.idGrupo,
});

/** The publish screen's form as salvaPublicacaoAdmin sends it (its files come apart). */
export const publicationFormOf = (input: CallInput<'salvaPublicacaoAdmin'>): PublicationForm => ({
  id: input.idPublicacao,
  version: input.versao,
  text: input.texto,
  keepFile: fromFlag(input.flManterArquivo),
  allowsComments: fromFlag(input.flPermiteComentarios),
  groupIds: input.idsGrupos,
  onWall: fromFlag(input.flMural),
  action: input.acao,
  scheduledAt: input.dtAgendamento === undefined ? undefined : new Date(input.dtAgendamento),
  requiresReading: fromFlag(input.flLeituraObrigatoria),
  readingDeadline: input.dtLimiteLeitura === undefined ? undefined : new Date(input.dtLimiteLeitura),
  reminderDays: input.diasLembreteLeitura,
  reconfirmReading: fromFlag(input.flReconfirmarLeitura),
});

/** A group of the publish screen's choice and of a publication. */
export const presentGroup = (group: { id: number; name: string; abbreviation: string }) => ({
  idGrupo: group.id,
  nome: group.name,
  sigla: group.abbreviation,
});

/** A publication as the administration's list and screens show it. */
export function presentPublication(publication: Publication): PublicacaoAdmin {
  const status = statusOf(publication);
  const publishAt = toWireDate(publication.publishAt);
  return {
    idPublicacao: publication.id,
    texto: publication.text,
    tipo: publication.type,
    urlMidia: publication.youtubeId
      ? `https://www.youtube.com/watch?v=${publication.youtubeId}`
      : mediaUrl(publication.mediaKey),
    urlThumbnail: mediaUrl(publication.thumbnailKey),
    status,
    dtPublicacao: publishAt,
    dtAgendamento: status === 'Agendado' ? publishAt : null,
    grupos: publication.groups.map(presentGroup),
    flMural: toFlag(publication.onWall),
    flPermiteComentarios: toFlag(publication.allowsComments),
    autor: {
      idUsuario: publication.author.id,
      nome: publication.author.name,
      urlFoto: mediaUrl(publication.author.photoKey),
    },
    qtdComentarios: publication.commentCount,
    qtdReacoes: publication.reactionCount,
    qtdVisualizacoes: publication.viewCount,
    flEditado: toFlag(publication.editedAt !== null),
    flOculta: toFlag(publication.hiddenAt !== null),
    flLeituraObrigatoria: toFlag(publication.requiresReading),
    dtLimiteLeitura: toWireDateOrNull(publication.readingDeadline),
    diasLembreteLeitura: publication.readingReminderDays,
    versao: publication.editVersion,
  };
}

/** The fields an audit entry compares, in the wire's words. */
export function auditedFields(publication: Publication | null) {
  if (!publication) return null;
  return {
    texto: publication.text,
    tipo: publication.type,
    midia: mediaUrl(publication.mediaKey),
    status: statusOf(publication),
    dtPublicacao: toWireDate(publication.publishAt),
    idsGrupos: publication.groups.map((group) => group.id),
    flMural: toFlag(publication.onWall),
    flPermiteComentarios: toFlag(publication.allowsComments),
    flLeituraObrigatoria: toFlag(publication.requiresReading),
    dtLimiteLeitura: toWireDateOrNull(publication.readingDeadline),
    diasLembreteLeitura: publication.readingReminderDays,
  };
}

/** A schedule as the audit entry keeps it: its time, and the action that cancelled it. */
export const auditedSchedule = (at: Date | null, cancelAction: string | null = null) => ({
  dtAgendamento: toWireDateOrNull(at),
  acao: cancelAction,
});
