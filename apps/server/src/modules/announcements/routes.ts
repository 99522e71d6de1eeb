import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { AnnouncementsService } from './service.ts';

/** The HR announcements' calls: the administration's and the employees' carousel, views and clicks. */
export function announcementsHandlers({ announcements }: { announcements: AnnouncementsService }) {
  return {
    consultaComunicadosAdmin: (input, context) =>
      announcements.list(requireSession(context), input.status, {
        number: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    consultaGruposComunicadoAdmin: (_input, context) => announcements.groups(requireSession(context)),
    salvaComunicadoAdmin: (input, context) =>
      announcements.save(requireSession(context), input, context.files, requireActor(context)),
    excluiComunicadoAdmin: (input, context) =>
      announcements.remove(requireSession(context), input.idComunicado, requireActor(context)),
    ordenaComunicadosAdmin: (input, context) =>
      announcements.reorder(requireSession(context), input.idsComunicados, requireActor(context)),
    consultaBannersPortal: (_input, context) => announcements.listBanners(requireSession(context)),
    registraVisualizacaoComunicado: (input, context) =>
      announcements.recordView(requireSession(context), input.idComunicado),
    registraCliqueComunicado: (input, context) =>
      announcements.recordClick(requireSession(context), input.idComunicado),
  } satisfies Partial<CallHandlers>;
}
