import type { ComunicadoAdmin } from '@elo/contract/calls/announcements';
import { toWireDate, type CallInput } from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { AnnouncementForm } from './authoring.ts';
import type { Banner } from './carousel.ts';
import type { AnnouncementRow } from './repo.ts';

/** The announcement form as salvaComunicadoAdmin sends it (its image comes apart). */
export const announcementFormOf = (input: CallInput<'salvaComunicadoAdmin'>): AnnouncementForm => ({
  id: input.idComunicado,
  version: input.versao,
  description: input.descricao,
  link: input.link,
  startsAt: new Date(input.dtInicio),
  endsAt: new Date(input.dtFim),
  groupIds: input.idsGrupos,
});

/** What the carousel shows of an announcement, and when: the list and the carousel alike. */
const carouselFields = (announcement: Banner) => ({
  urlImagem: mediaUrl(announcement.imageKey)!,
  descricao: announcement.description,
  link: announcement.link,
  dtInicio: toWireDate(announcement.startsAt),
  dtFim: toWireDate(announcement.endsAt),
});

/** An announcement as the administration's list shows it. */
export function presentAnnouncement(row: AnnouncementRow): ComunicadoAdmin {
  return {
    idComunicado: row.id,
    ...carouselFields(row),
    idsGrupos: row.groupIds,
    ordem: row.rank,
    status: row.status,
    qtdVisualizacoes: row.views,
    qtdCliques: row.clicks,
    versao: row.version,
  };
}

/** An announcement as the portal's carousel shows it (consultaBannersPortal's wire shape). */
export function presentBanner(banner: Banner) {
  return { idBanner: banner.id, ...carouselFields(banner) };
}

/** The fields an audit entry compares, in the wire's words. */
export function auditedFields(row: AnnouncementRow | null) {
  if (!row) return null;
  return {
    imagem: mediaUrl(row.imageKey),
    descricao: row.description,
    link: row.link,
    dtInicio: toWireDate(row.startsAt),
    dtFim: toWireDate(row.endsAt),
    idsGrupos: row.groupIds,
  };
}

/** An order of announcements as the audit log compares it. */
export const auditedOrder = (announcementIds: number[]) => ({ ordem: announcementIds });
