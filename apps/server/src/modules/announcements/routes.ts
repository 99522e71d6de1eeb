import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf, presentGroupChoice } from '../../platform/http/wire.ts';
import {
  listAnnouncementGroups,
  pageAnnouncements,
  removeAnnouncement,
  reorderAnnouncements,
  saveAnnouncement,
} from './authoring.ts';
import { listBanners, recordInteractionOf } from './carousel.ts';
import type { AnnouncementsService } from './service.ts';
import { announcementFormOf, presentAnnouncement, presentBanner } from './wire.ts';

/** The HR announcements' calls: the administration's and the employees' carousel, views and clicks. */
export function announcementsHandlers({ announcements }: { announcements: AnnouncementsService }) {
  return {
    consultaComunicadosAdmin: async (input, { session }) =>
      pagedAnswer(
        'listComunicados',
        await pageAnnouncements(announcements, session, input.status, pageQueryOf(input)),
        presentAnnouncement,
      ),
    consultaGruposComunicadoAdmin: async (_input, { session }) => ({
      listGrupos: (await listAnnouncementGroups(announcements, session)).map(presentGroupChoice),
    }),
    salvaComunicadoAdmin: async (input, { session, files, actor }) => ({
      comunicado: presentAnnouncement(
        await saveAnnouncement(announcements, session, announcementFormOf(input), files, actor),
      ),
    }),
    excluiComunicadoAdmin: async (input, { session, actor }) => {
      await removeAnnouncement(announcements, session, input.idComunicado, actor);
      return { ok: true as const };
    },
    ordenaComunicadosAdmin: async (input, { session, actor }) => {
      await reorderAnnouncements(announcements, session, input.idsComunicados, actor);
      return { ok: true as const };
    },
    consultaBannersPortal: async (_input, { session }) => ({
      listBanners: (await listBanners(announcements, session)).map(presentBanner),
    }),
    registraVisualizacaoComunicado: async (input, { session }) => {
      await recordInteractionOf(announcements, session, input.idComunicado, 'view');
      return { ok: true as const };
    },
    registraCliqueComunicado: async (input, { session }) => {
      await recordInteractionOf(announcements, session, input.idComunicado, 'click');
      return { ok: true as const };
    },
  } satisfies Partial<CallHandlers>;
}
