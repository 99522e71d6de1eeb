import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ChatRequestType, chatSocketPath } from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createEventBus, type EventBus } from '../../platform/bus.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer } from '../../platform/http/wire.ts';
import { defaultLinkPreviewOptions, type LinkPreviewOptions } from '../../platform/link-preview.ts';
import { createPresenceStore } from '../../platform/presence.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { saveAttachment } from './attachments/uploads.ts';
import { deleteMessage, editMessage } from './messages/changing.ts';
import { loadHistory } from './messages/history.ts';
import { sendMessage } from './messages/sending.ts';
import type { ChatModule } from './model.ts';
import { listPeople } from './people/directory.ts';
import { arrive, leave, listOnline, touchPresence } from './people/presence.ts';
import { presentChatUser } from './presenter.ts';
import { countUnread, markRead } from './reading/receipts.ts';
import { listConversations, joinRoom, startPersonChat } from './rooms/conversations.ts';
import { addGroupMembers, createGroup, getGroup, leaveGroup } from './rooms/groups.ts';
import { createChatModule, createChatService, type ChatService } from './service.ts';
import { createChatSockets, type ChatFrameHandler } from './socket.ts';
import {
  historyQueryOf,
  messageDeletionOf,
  messageEditOf,
  newAttachmentOf,
  newGroupOf,
  newMessageOf,
  peopleQueryOf,
  presentChatUpdate,
  presentConversationList,
  presentGroupAnswer,
  presentNewGroup,
  presentUnreadCounts,
  presentUpload,
  readMarkOf,
  withRoomsOf,
} from './wire.ts';

/**
 * The chat of this node: its sockets, the bus to the other nodes, presence, the module object its
 * use cases take, and the service other modules call.
 * Made before the session manager, which tells it when a session ends.
 */
export function createChat(deps: {
  db: Database;
  sessions: SessionManager;
  storage: MediaStorage;
  redis: Redis | undefined;
  limiters: LimiterFactory;
  config: Config;
  log: FastifyInstance['log'];
  linkPreview?: Partial<LinkPreviewOptions> | undefined;
}) {
  const bus: EventBus = createEventBus(deps.redis, { log: deps.log });
  const presence = createPresenceStore(deps.redis, { expiryMs: limits.chat.presenceExpiryMs });
  const sockets = createChatSockets({
    sessions: deps.sessions,
    bus,
    limiters: deps.limiters,
    log: deps.log,
    limits: {
      ...limits.chat,
      framesPerWindow: deps.config.CHAT_FRAMES_PER_WINDOW,
      connectionsPerUser: deps.config.CHAT_CONNECTIONS_PER_USER,
      maxBufferedBytes: deps.config.CHAT_MAX_BUFFERED_BYTES,
      sessionCheckSeconds: deps.config.CHAT_SESSION_CHECK_SECONDS,
    },
  });
  const chat = createChatModule({
    db: deps.db,
    storage: deps.storage,
    presence,
    // Each update becomes its event here, once, whatever the number of recipients and nodes.
    deliver: (userIds, update) => sockets.deliver(userIds, presentChatUpdate(update)),
    linkPreview: { ...defaultLinkPreviewOptions, ...deps.linkPreview },
    log: deps.log,
  });
  const service: ChatService = createChatService(chat);
  return {
    module: chat,
    service,
    sockets,
    revokeSessions: (sessionIds: number[]) => sockets.revokeSessions(sessionIds),
    async close() {
      sockets.stop();
      await presence.close();
      await bus.close();
    },
  };
}

export type Chat = ReturnType<typeof createChat>;

/** The chat's HTTP calls and its websocket at /backend/chat. */
export async function registerChatRoutes(app: FastifyInstance, deps: { chat: Chat }) {
  const { sockets } = deps.chat;
  await sockets.start(chatFrameHandler(deps.chat.module));
  // Before the websocket plugin's own close (added next), which would close sockets without a code.
  app.addHook('preClose', async () => sockets.stop());
  app.addHook('onClose', async () => deps.chat.close());
  // Frames past the chat's own limit are answered by it; far larger ones are cut by ws itself.
  await app.register(websocket, { options: { maxPayload: limits.chat.frameMaxBytes * 4 } });
  app.get(chatSocketPath, { websocket: true }, (socket, request) => sockets.accept(socket, request));
}

/** The socket's frames, each to its use case; the answer, if any, goes to the sending socket only. */
function chatFrameHandler(chat: ChatModule): ChatFrameHandler {
  return {
    touch: (scope) => touchPresence(chat, scope),
    arrive: (scope) => arrive(chat, scope),
    leave: (scope) => leave(chat, scope),
    async handle(scope, frame) {
      switch (frame.idTipo) {
        case ChatRequestType.startPersonChat:
          if (frame.idUsuarioOrigem !== undefined && frame.idUsuarioOrigem !== scope.userId)
            throw new AppError('FORBIDDEN');
          return presentChatUpdate(await startPersonChat(chat, scope, frame.idUsuarioDestino));
        case ChatRequestType.joinRoom:
          return presentChatUpdate(await joinRoom(chat, scope, frame.idSala));
        case ChatRequestType.send: {
          // Answered only when the message was stored already (a resend): its stored copy.
          const resent = await sendMessage(chat, scope, newMessageOf(frame));
          return resent && presentChatUpdate(resent);
        }
        case ChatRequestType.loadMessages:
          return presentChatUpdate(await loadHistory(chat, scope, historyQueryOf(frame)));
        case ChatRequestType.markRead:
          await markRead(chat, scope, readMarkOf(frame));
          return undefined;
        case ChatRequestType.edit:
          await editMessage(chat, scope, messageEditOf(frame));
          return undefined;
        case ChatRequestType.delete:
          await deleteMessage(chat, scope, messageDeletionOf(frame));
          return undefined;
        case ChatRequestType.ping:
          return undefined;
        case ChatRequestType.presence:
          return presentChatUpdate(await listOnline(chat, scope, frame.idSala));
      }
    },
  };
}

/** The chat's HTTP calls' handlers. */
export function chatHandlers(deps: { chat: Chat }) {
  const chat = deps.chat.module;
  return {
    consultaTodosUsuarios: async (input, { session }) =>
      pagedAnswer('listUsuarios', await listPeople(chat, session, peopleQueryOf(input)), presentChatUser),
    consultaHistoricoConversasChat: async (_input, { session }) =>
      presentConversationList(await listConversations(chat, session)),
    recuperaQtdMensagensNaoLidas: async (input, { session }) =>
      presentUnreadCounts(await countUnread(chat, session), withRoomsOf(input)),
    consultaGrupoChat: async (input, { session }) =>
      presentGroupAnswer(await getGroup(chat, session, input.idSala)),
    insereGrupoChat: async (input, { session }) =>
      presentNewGroup(await createGroup(chat, session, newGroupOf(input))),
    adicionaMembrosGrupoChat: async (input, { session }) =>
      presentGroupAnswer(await addGroupMembers(chat, session, input.idSala, input.membros)),
    saiGrupoChat: async (input, { session }) => {
      await leaveGroup(chat, session, input.idSala);
      return { ok: true as const };
    },
    enviaAnexoChat: async (input, { session, files }) =>
      presentUpload(await saveAttachment(chat, session, newAttachmentOf(input, files))),
  } satisfies Partial<CallHandlers>;
}
