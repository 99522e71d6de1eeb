import { defineModule } from '../../platform/modules.ts';
import { searchHandlers } from './routes.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    search: undefined;
  }
}

/**
 * The portal-wide search (docs/search.md). It owns no table and no rule of who sees what: each
 * module hands it the condition its own lists apply.
 */
export const searchModule = defineModule({
  name: 'search',
  needs: ['timeline', 'chat', 'announcements', 'surveys', 'hr-tickets'],
  build: ({ db }, use) => {
    const timeline = use('timeline');
    const chat = use('chat');
    const announcements = use('announcements');
    const surveys = use('surveys');
    const hrTickets = use('hr-tickets');
    const search = {
      db,
      rules: {
        post: timeline.visiblePostCondition,
        person: chat.directoryPersonCondition,
        message: chat.memberMessageCondition,
        messageRooms: chat.memberRoomIds,
        announcement: announcements.visibleAnnouncementCondition,
        survey: surveys.audienceSurveyCondition,
        ticket: hrTickets.ownTicketCondition,
      },
    };
    return { exports: undefined, handlers: searchHandlers({ search }) };
  },
});
