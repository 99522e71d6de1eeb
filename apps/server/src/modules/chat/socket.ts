import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import type { WebSocket } from 'ws';
import {
  ChatCloseCode,
  ChatRequestType,
  ChatResponseCode,
  chatClientFrameSchema,
  chatErrorResponseCode,
  type ChatClientFrameParsed,
  type ChatErrorFrame,
  type ChatEvent,
} from '@elo/contract/chat';
import { routes } from '@elo/contract/routes';
import type { ErrorCode } from '@elo/contract/errors';
import { allows } from '../../platform/auth/policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import type { EventBus } from '../../platform/bus.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { translateFieldErrors } from '../../platform/http/error-handler.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { languageFromHeader, translatorFor } from '../../platform/i18n.ts';
import { consumePoint, type LimiterFactory } from '../../platform/rate-limit.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/**
 * What the socket hands a signed-in person's frames to (routes.ts binds it to the chat's use
 * cases): each frame's answer for the sending socket, if any, and the person's presence.
 */
export interface ChatFrameHandler {
  handle(scope: TenantScope, frame: ChatClientFrameParsed): Promise<ChatEvent | undefined>;
  /** Every frame: the person is still here. */
  touch(scope: TenantScope): void;
  /** The person's first socket on this node, and their last one gone. */
  arrive(scope: TenantScope): Promise<void>;
  leave(scope: TenantScope): Promise<void>;
}

/** Bus topics: events for people, and sessions that ended. */
const eventsTopic = 'chat:events';
const revokedTopic = 'chat:session-revoked';

export interface ChatSocketLimits {
  frameMaxBytes: number;
  framesPerWindow: number;
  frameWindowSeconds: number;
  violationsBeforeClose: number;
  connectionsPerUser: number;
  maxBufferedBytes: number;
  authTimeoutSeconds: number;
  /** How often this node checks that its sockets' sessions are still live (expiry, lost permission). */
  sessionCheckSeconds: number;
}

interface Connection {
  id: number;
  socket: WebSocket;
  t: TFunction;
  language: ReturnType<typeof languageFromHeader>;
  scope: TenantScope | undefined;
  sessionId: number | undefined;
  tokenHash: string | undefined;
  checkedAt: number;
  violations: number;
  closing: boolean;
  /** Frames of one socket are handled one after another, in the order sent. */
  queue: Promise<void>;
}

/** Frames that change nothing are checked against the session less often than the others. */
const recheckMs = { ping: 60_000, other: 5_000 };
/** How long a closing socket may take to say goodbye before it is cut. */
const closeGraceMs = 2_000;

/**
 * The chat socket's node-side half: the sockets connected here, the delivery of bus events to
 * them (each event's bytes made once, whatever the number of recipients), authentication by chat
 * token, limits (frame size, rate, sockets per user) and back-pressure.
 */
export function createChatSockets(deps: {
  /** The sign-in sessions: a socket lives by its session's chat token, under the same rules. */
  sessions: SessionManager;
  bus: EventBus;
  limits: ChatSocketLimits;
  /** Frame rate limits per user, shared by every node when there is Redis. */
  limiters: LimiterFactory;
  log: FastifyBaseLogger;
}) {
  const { bus, limits } = deps;
  const byUser = new Map<number, Set<Connection>>();
  let nextId = 1;
  const translators = new Map<string, TFunction>();
  let handler: ChatFrameHandler | undefined;
  /** Set while the node shuts down: sockets closing then leave presence to its expiry. */
  let stopping = false;
  // Per user across all their sockets on every node; a socket not yet signed in counts alone.
  const frameLimiter = deps.limiters({
    keyPrefix: 'chat-frames',
    points: limits.framesPerWindow,
    durationSeconds: limits.frameWindowSeconds,
  });
  const frameKey = (connection: Connection) =>
    connection.scope ? `u${connection.scope.userId}` : `c${connection.id}`;

  function close(connection: Connection, code: number, reason: string) {
    if (connection.closing) return;
    connection.closing = true;
    connection.socket.close(code, reason.slice(0, 120));
    setTimeout(() => connection.socket.terminate(), closeGraceMs).unref();
  }

  /** Sends bytes, or drops a client that does not read: its backlog never grows past the bound. */
  function sendRaw(connection: Connection, data: Buffer | string) {
    if (connection.closing || connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > limits.maxBufferedBytes) {
      connection.closing = true;
      // Its buffer is full: a close frame would wait behind it, so the socket is cut at once.
      connection.socket.terminate();
      deps.log.warn({ userId: connection.scope?.userId }, 'chat client too slow, disconnected');
      return;
    }
    // Text frames always: the shared Buffer of a fan-out is JSON too.
    connection.socket.send(data, { binary: false });
  }

  function errorFrame(
    connection: Connection,
    error: AppError,
    request: { idTipo: number; idRequisicao?: string | undefined },
    disconnect = false,
  ): ChatErrorFrame {
    return {
      idTipo: request.idTipo,
      codigoResposta: chatErrorResponseCode[error.code] ?? ChatResponseCode.internal,
      descricaoErro: connection.t(`errors.${error.code}`, error.params),
      codigoErro: error.code,
      ...(request.idRequisicao ? { idRequisicao: request.idRequisicao } : {}),
      ...(error.fieldErrors ? { errors: translateFieldErrors(error.fieldErrors, connection.t) } : {}),
      ...(disconnect ? { flDesconectado: 'S' as const } : {}),
    };
  }

  function refuse(
    connection: Connection,
    code: ErrorCode,
    request: { idTipo: number; idRequisicao?: string | undefined },
    closeWith?: number,
  ) {
    sendRaw(
      connection,
      JSON.stringify(errorFrame(connection, new AppError(code), request, closeWith !== undefined)),
    );
    if (closeWith !== undefined) close(connection, closeWith, connection.t(`errors.${code}`));
  }

  /** Oversize and flood frames: answered, and after too many the socket is closed. */
  function violation(connection: Connection, code: ErrorCode, closeWith: number) {
    connection.violations += 1;
    const last = connection.violations >= limits.violationsBeforeClose;
    refuse(connection, code, { idTipo: -1 }, last ? closeWith : undefined);
  }

  function register(connection: Connection) {
    const userId = connection.scope!.userId;
    let set = byUser.get(userId);
    if (!set) byUser.set(userId, (set = new Set()));
    set.add(connection);
  }

  async function unregister(connection: Connection) {
    if (!connection.scope || stopping) return;
    const set = byUser.get(connection.scope.userId);
    set?.delete(connection);
    if (set && set.size === 0) {
      byUser.delete(connection.scope.userId);
      await handler?.leave(connection.scope);
    }
  }

  /** Chatting is activity: the session stays alive while the chat is used (a write a minute at most). */
  /** Binds the socket to the session of its first frame's token; false when refused (and closed). */
  async function authenticate(connection: Connection, frame: ChatClientFrameParsed): Promise<boolean> {
    const tokenHash = hashToken(frame.tokenChat);
    const request = { idTipo: frame.idTipo, idRequisicao: frame.idRequisicao };
    if (connection.tokenHash !== undefined) {
      if (tokenHash !== connection.tokenHash) {
        refuse(connection, 'SESSION_EXPIRED', request, ChatCloseCode.session);
        return false;
      }
      const every = frame.idTipo === ChatRequestType.ping ? recheckMs.ping : recheckMs.other;
      if (Date.now() - connection.checkedAt < every) return true;
      const live = await deps.sessions.resolveById(connection.sessionId!);
      if (!live) {
        refuse(connection, 'SESSION_EXPIRED', request, ChatCloseCode.session);
        return false;
      }
      if (!allows(routes.socketChat, live)) {
        refuse(connection, 'FORBIDDEN', request, ChatCloseCode.forbidden);
        return false;
      }
      connection.checkedAt = Date.now();
      return true;
    }
    const session = await deps.sessions.resolveChatToken(frame.tokenChat);
    if (!session) {
      refuse(connection, 'SESSION_EXPIRED', request, ChatCloseCode.session);
      return false;
    }
    const scope = { companyId: session.companyId, userId: session.userId };
    if (!allows(routes.socketChat, session)) {
      refuse(connection, 'FORBIDDEN', request, ChatCloseCode.forbidden);
      return false;
    }
    if ((byUser.get(scope.userId)?.size ?? 0) >= limits.connectionsPerUser) {
      refuse(connection, 'CHAT_TOO_MANY_CONNECTIONS', request, ChatCloseCode.tooMany);
      return false;
    }
    if (connection.closing) return false;
    connection.scope = scope;
    connection.sessionId = session.sessionId;
    connection.tokenHash = tokenHash;
    connection.checkedAt = Date.now();
    register(connection);
    // Presence lives in Redis with several nodes: while Redis is away, chatting goes on without it.
    await handler!.arrive(scope).catch((error: unknown) => deps.log.warn({ err: error }, 'presence not set'));
    return true;
  }

  async function dispatch(connection: Connection, frame: ChatClientFrameParsed) {
    const scope = connection.scope!;
    handler!.touch(scope);
    const answer = await handler!.handle(scope, frame);
    if (answer)
      sendRaw(
        connection,
        JSON.stringify(frame.idRequisicao ? { ...answer, idRequisicao: frame.idRequisicao } : answer),
      );
  }

  async function handleFrame(connection: Connection, data: Buffer) {
    if (connection.closing) return;
    if (data.length > limits.frameMaxBytes)
      return violation(connection, 'CHAT_FRAME_TOO_LARGE', ChatCloseCode.tooLarge);
    if ((await consumePoint(frameLimiter, frameKey(connection))) !== undefined)
      return violation(connection, 'CHAT_RATE_LIMITED', ChatCloseCode.tooMany);
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString('utf8'));
    } catch {
      return refuse(connection, 'MALFORMED_BODY', { idTipo: -1 });
    }
    const idTipo =
      typeof (raw as { idTipo?: unknown })?.idTipo === 'number' ? (raw as { idTipo: number }).idTipo : -1;
    const rawRequestId = (raw as { idRequisicao?: unknown })?.idRequisicao;
    const idRequisicao = typeof rawRequestId === 'string' ? rawRequestId.slice(0, 64) : undefined;
    let frame: ChatClientFrameParsed;
    try {
      frame = parseInput(chatClientFrameSchema, raw, connection.language, connection.t);
    } catch (error) {
      sendRaw(
        connection,
        JSON.stringify(errorFrame(connection, error as AppError, { idTipo, idRequisicao })),
      );
      return;
    }
    if (!(await authenticate(connection, frame))) return;
    try {
      await dispatch(connection, frame);
    } catch (error) {
      const known = error instanceof AppError ? error : undefined;
      if (!known) deps.log.error({ err: error, idTipo }, 'chat frame failed');
      sendRaw(
        connection,
        JSON.stringify(
          errorFrame(connection, known ?? new AppError('INTERNAL_ERROR'), { idTipo, idRequisicao }),
        ),
      );
    }
  }

  /** Hands an event from the bus to this node's sockets of its people: one Buffer for all. */
  function receiveEvent(payload: string) {
    const split = payload.indexOf('\n');
    const userIds = payload.slice(0, split).split(',');
    let bytes: Buffer | undefined;
    for (const userId of userIds) {
      const set = byUser.get(Number(userId));
      if (!set) continue;
      bytes ??= Buffer.from(payload.slice(split + 1));
      for (const connection of set) sendRaw(connection, bytes);
    }
  }

  /** Sessions ended on some node (payload: their ids, comma-separated): their sockets close here. */
  function receiveRevocation(payload: string) {
    const ended = new Set(payload.split(',').map(Number));
    for (const connection of connections())
      if (connection.sessionId !== undefined && ended.has(connection.sessionId))
        refuse(connection, 'SESSION_EXPIRED', { idTipo: -1 }, ChatCloseCode.session);
  }

  function* connections(): Generator<Connection> {
    for (const set of byUser.values()) yield* set;
  }

  /**
   * Sessions also end with nobody telling: idle or absolute expiry, a permission taken away.
   * Every few seconds this node checks all of its sockets' sessions in one statement.
   */
  async function checkSessions() {
    const open = [...connections()].filter((connection) => !connection.closing);
    if (open.length === 0) return;
    const live = await deps.sessions.findLive([...new Set(open.map((c) => c.sessionId!))]);
    for (const connection of open) {
      const permissions = live.get(connection.sessionId!);
      if (!permissions) refuse(connection, 'SESSION_EXPIRED', { idTipo: -1 }, ChatCloseCode.session);
      else if (
        !allows(routes.socketChat, { isAdministrator: false, permissions, adminPermissions: new Map() })
      )
        refuse(connection, 'FORBIDDEN', { idTipo: -1 }, ChatCloseCode.forbidden);
    }
  }
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking || stopping) return;
    checking = true;
    checkSessions()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'chat sessions not checked'))
      .finally(() => (checking = false));
  }, limits.sessionCheckSeconds * 1000);
  sessionCheck.unref();

  /** Sends one event to every socket of the given people, on every node (serialized once). */
  const deliver = (userIds: readonly number[], event: ChatEvent) => {
    if (userIds.length === 0) return;
    // Serialized once here; every node sends these same bytes to each recipient's sockets.
    bus
      .publish(eventsTopic, `${[...new Set(userIds)].join(',')}\n${JSON.stringify(event)}`)
      .catch((error: unknown) => deps.log.error({ err: error }, 'chat event not published'));
  };

  return {
    deliver,
    /** Connects the frames' handler (made after this, as it needs `deliver`) and listens on the bus. */
    async start(frameHandler: ChatFrameHandler) {
      handler = frameHandler;
      await bus.subscribe(eventsTopic, receiveEvent);
      await bus.subscribe(revokedTopic, receiveRevocation);
    },
    /**
     * The node is shutting down: every socket is told to go away (1001), so its client
     * reconnects to another node.
     */
    stop() {
      stopping = true;
      clearInterval(sessionCheck);
      for (const connection of connections())
        close(connection, ChatCloseCode.goingAway, 'server shutting down');
    },
    /** Tells every node these sessions ended: their sockets close at once. */
    revokeSessions(sessionIds: number[]) {
      if (sessionIds.length === 0) return;
      bus
        .publish(revokedTopic, sessionIds.join(','))
        .catch((error: unknown) => deps.log.error({ err: error }, 'session revocation not published'));
    },
    /** Takes a new socket: it must authenticate with its first frame in time. */
    accept(socket: WebSocket, request: FastifyRequest) {
      const language = languageFromHeader(request.headers['accept-language']);
      // One translator per language for all sockets: thousands of idle sockets add up.
      let t = translators.get(language);
      if (!t) translators.set(language, (t = translatorFor(language)));
      const connection: Connection = {
        id: nextId++,
        socket,
        language,
        t,
        scope: undefined,
        sessionId: undefined,
        tokenHash: undefined,
        checkedAt: 0,
        violations: 0,
        closing: false,
        queue: Promise.resolve(),
      };
      const timer = setTimeout(() => {
        if (!connection.scope)
          refuse(connection, 'SESSION_EXPIRED', { idTipo: -1 }, ChatCloseCode.authTimeout);
      }, limits.authTimeoutSeconds * 1000);
      timer.unref();
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        const bytes = isBinary || Buffer.isBuffer(data) ? data : Buffer.from(data as unknown as string);
        connection.queue = connection.queue
          .then(() => handleFrame(connection, bytes))
          .then(() => {
            if (connection.scope) clearTimeout(timer);
          })
          .catch((error: unknown) => deps.log.error({ err: error }, 'chat frame failed'));
      });
      socket.on('close', () => {
        clearTimeout(timer);
        connection.closing = true;
        unregister(connection).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'presence not cleared'),
        );
      });
      socket.on('error', () => socket.terminate());
    },
    /** Sockets connected to this node now. */
    connectionCount() {
      let total = 0;
      for (const set of byUser.values()) total += set.size;
      return total;
    },
  };
}

export type ChatSockets = ReturnType<typeof createChatSockets>;
