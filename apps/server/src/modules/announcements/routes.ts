import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { AnnouncementsService } from './service.ts';

/** The HR announcements' calls: the administration's and the employees' carousel, views and clicks. */
export function announcementsHandlers({ announcements }: { announcements: AnnouncementsService }) {
  return {
    consultaComunicadosAdmin: (input, context) =>
      announcements.list(context.session, input.status, {
        number: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    consultaGruposComunicadoAdmin: (_input, context) => announcements.groups(context.session),
    salvaComunicadoAdmin: (input, context) =>
      announcements.save(context.session, input, context.files, context.actor),
    excluiComunicadoAdmin: (input, context) =>
      announcements.remove(context.session, input.idComunicado, context.actor),
    ordenaComunicadosAdmin: (input, context) =>
      announcements.reorder(context.session, input.idsComunicados, context.actor),
    consultaBannersPortal: (_input, context) => announcements.listBanners(context.session),
    registraVisualizacaoComunicado: (input, context) =>
      announcements.recordView(context.session, input.idComunicado),
    registraCliqueComunicado: (input, context) =>
      announcements.recordClick(context.session, input.idComunicado),
  } satisfies Partial<CallHandlers>;
}
