import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { chatSocketPath } from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createEventBus, type EventBus } from '../../platform/bus.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { defaultLinkPreviewOptions, type LinkPreviewOptions } from '../../platform/link-preview.ts';
import { createPresenceStore } from '../../platform/presence.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { createChatService, type ChatService } from './service.ts';
import { createChatSockets } from './socket.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';

/**
 * The chat of this node: its sockets, the bus to the other nodes, presence, and the service.
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
  const service: ChatService = createChatService({
    db: deps.db,
    storage: deps.storage,
    presence,
    deliver: sockets.deliver,
    linkPreview: { ...defaultLinkPreviewOptions, ...deps.linkPreview },
    log: deps.log,
  });
  return {
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
  const { service, sockets } = deps.chat;
  await sockets.start(service);
  // Before the websocket plugin's own close (added next), which would close sockets without a code.
  app.addHook('preClose', async () => sockets.stop());
  app.addHook('onClose', async () => deps.chat.close());
  // Frames past the chat's own limit are answered by it; far larger ones are cut by ws itself.
  await app.register(websocket, { options: { maxPayload: limits.chat.frameMaxBytes * 4 } });
  app.get(chatSocketPath, { websocket: true }, (socket, request) => sockets.accept(socket, request));
}

/** The chat's HTTP calls' handlers. */
export function chatHandlers({ chat }: { chat: Chat }) {
  const { service } = chat;
  return {
    consultaTodosUsuarios: (input, context) => service.listUsers(context.session, input),
    consultaHistoricoConversasChat: (_input, context) => service.listConversations(context.session),
    recuperaQtdMensagensNaoLidas: (input, context) =>
      service.countUnread(context.session, input.flRetornarGrupos === 'S'),
    consultaGrupoChat: (input, context) => service.getGroup(context.session, input.idSala),
    insereGrupoChat: (input, context) => service.createGroup(context.session, input),
    adicionaMembrosGrupoChat: (input, context) => service.addGroupMembers(context.session, input),
    saiGrupoChat: (input, context) => service.leaveGroup(context.session, input.idSala),
    enviaAnexoChat: (input, context) =>
      service.saveAttachment(context.session, {
        idSala: input.idSala,
        flAudio: input.flAudio,
        file: context.files.find((file) => file.field === 'file'),
      }),
  } satisfies Partial<CallHandlers>;
}
