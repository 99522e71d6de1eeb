import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { announcementsHandlers } from './routes.ts';
import { createAnnouncementsService, type AnnouncementsService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    announcements: AnnouncementsService;
  }
}

/** HR announcements (banners), shown on the portal and on the corporate TV. */
export const announcementsModule = defineModule({
  name: 'announcements',
  needs: ['tv'],
  build: ({ db, storage, mediaAccess }, use) => {
    const announcements = createAnnouncementsService({
      db,
      storage,
      onContentChanged: use('tv').contentChanged,
    });
    mediaAccess.openToCompany(MediaKind.banners);
    return { exports: announcements, handlers: announcementsHandlers({ announcements }) };
  },
});
