import type { ComunicadoAdmin } from '@elo/contract/calls/announcements';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { AnnouncementRow, listVisibleAnnouncements } from './repo.ts';

/** An announcement as the administration's list shows it. */
export function presentAnnouncement(row: AnnouncementRow): ComunicadoAdmin {
  return {
    idComunicado: row.id,
    urlImagem: mediaUrl(row.imageKey)!,
    descricao: row.description,
    link: row.link,
    dtInicio: row.startsAt.toISOString(),
    dtFim: row.endsAt.toISOString(),
    idsGrupos: row.groupIds,
    ordem: row.rank,
    status: row.status,
    qtdVisualizacoes: row.views,
    qtdCliques: row.clicks,
    versao: row.version,
  };
}

/** An announcement as the portal's carousel shows it (consultaBannersPortal's wire shape). */
export function presentBanner(row: Awaited<ReturnType<typeof listVisibleAnnouncements>>[number]) {
  return {
    idBanner: row.id,
    urlImagem: mediaUrl(row.imageKey)!,
    descricao: row.description,
    link: row.link,
    dtInicio: row.startsAt.toISOString(),
    dtFim: row.endsAt.toISOString(),
  };
}

/** The fields an audit entry compares, in the wire's words. */
export function auditedFields(row: AnnouncementRow | null) {
  if (!row) return null;
  return {
    imagem: mediaUrl(row.imageKey),
    descricao: row.description,
    link: row.link,
    dtInicio: row.startsAt.toISOString(),
    dtFim: row.endsAt.toISOString(),
    idsGrupos: row.groupIds,
  };
}
