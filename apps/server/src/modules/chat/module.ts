import { MediaKind } from '@elo/contract/enums';
import { defineModule } from '../../platform/modules.ts';
import { chatHandlers, createChat, registerChatRoutes } from './routes.ts';
import type { ChatService } from './service.ts';

declare module '../../platform/modules.ts' {
  interface ModuleExports {
    chat: ChatService;
  }
}

/** The chat: its sockets on every node (through the bus), presence, rooms and messages. */
export const chatModule = defineModule({
  name: 'chat',
  needs: [],
  build: (platform) => {
    const { db, sessions, storage, redis, limiters, config, log, linkPreview } = platform;
    const chat = createChat({ db, sessions, storage, redis, limiters, config, log, linkPreview });
    // A session that ends closes its sockets on every node.
    platform.onSessionsEnded((sessionIds) => chat.revokeSessions(sessionIds));
    platform.mediaAccess.own(MediaKind.chat, chat.service.mayReadMedia);
    return {
      exports: chat.service,
      handlers: chatHandlers({ chat }),
      register: (app) => registerChatRoutes(app, { chat }),
    };
  },
});
