import {
  ChatCloseCode,
  ChatRequestType,
  chatServerFrameSchema,
  type ChatClientFrame,
  type ChatServerFrame,
} from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';

/** A frame as the app hands it over: the socket adds the token itself. */
export type OutgoingFrame = ChatClientFrame extends infer Frame
  ? Frame extends ChatClientFrame
    ? Omit<Frame, 'tokenChat'>
    : never
  : never;

/** The spec's log line when something is sent while the socket is down (spec section 4). */
export const notConnectedLog = 'WebSocket is not connected';

/** The browser's WebSocket, or `ws` in tests: only what this client uses. */
export interface SocketLike {
  readonly readyState: number;
  binaryType: string;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const openState = 1;
const decoder = new TextDecoder();

function decodeFrame(data: unknown): string | null {
  if (data instanceof ArrayBuffer) return decoder.decode(data);
  if (ArrayBuffer.isView(data)) return decoder.decode(data);
  return null;
}

export interface ChatSocketOptions {
  url: string;
  /** The stored chat token; the socket connects only while there is one. */
  getToken: () => string | null;
  createSocket?: (url: string) => SocketLike;
  /** Whether a closed socket should come back. */
  shouldReconnect: () => boolean;
  /**
   * Whether an open socket that closed comes back after the spec's 500 ms (while the chat page is
   * open); otherwise it waits the back-off's first step, so a restarted server is not asked by every
   * page at once. True when not given.
   */
  reconnectsQuickly?: () => boolean;
  onFrame: (frame: ChatServerFrame) => void;
  onOpen?: () => void;
  onStatusChange?: (connected: boolean) => void;
  /**
   * Whether connecting fails (an attempt closed before it opened): true once, at the first
   * failure, false once a connection opens again (the page's one 'Erro ao conectar no chat!').
   */
  onFailingChange?: (failing: boolean) => void;
  log?: (message: string) => void;
  /** The wait before reconnecting after an open socket closed (the spec's 500 ms). */
  reconnectDelayMs?: number;
  /** The waits after consecutive failed attempts, the last one repeated. */
  retryBackoffMs?: readonly number[];
  pingIntervalMs?: number;
}

// Closes after which trying again cannot help: the token is gone or the user may not chat.
const finalCloseCodes = new Set<number>([ChatCloseCode.session, ChatCloseCode.forbidden]);
// Frames that only make sense now: they are not kept for after a reconnection.
const transientTypes = new Set<number>([ChatRequestType.ping, ChatRequestType.presence]);

/**
 * The chat's websocket (spec section 4): connects only with a stored chat token, pings every 2 s,
 * reconnects 500 ms after a close while `shouldReconnect()` holds, and keeps frames sent while
 * disconnected to send them, in order, once connected again. Attempts that fail one after another
 * wait longer each time (1, 2, 5, 10, 20, then every 30 s); `retryNow()` cuts the wait short.
 */
export class ChatSocket {
  private socket: SocketLike | null = null;
  private queue: OutgoingFrame[] = [];
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private refused = false;
  /** Attempts in a row that closed before they opened. */
  private failures = 0;
  /** Closed with 4429 (too many sockets, a flood): no reconnection until asked (connect, retryNow). */
  private crowded = false;
  private readonly options: ChatSocketOptions;

  constructor(options: ChatSocketOptions) {
    this.options = options;
  }

  /** Whether the socket is open now. */
  get connected(): boolean {
    return this.socket?.readyState === openState;
  }

  /** Frames waiting for a connection. */
  get pendingCount(): number {
    return this.queue.length;
  }

  /** Opens the socket unless it is open or opening, or no chat token is stored. */
  connect(): void {
    this.stopped = false;
    if (this.socket || this.refused || !this.options.getToken()) return;
    this.crowded = false;
    this.clearReconnect();
    const create =
      this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    const socket = create(this.options.url);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      opened = true;
      if (this.failures > 0) this.options.onFailingChange?.(false);
      this.failures = 0;
      this.options.onStatusChange?.(true);
      this.startPing();
      this.options.onOpen?.();
      this.flush();
    };
    // Frames are JSON text, but a server may send the same bytes as a binary frame.
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const text = typeof event.data === 'string' ? event.data : decodeFrame(event.data);
      const frame = text === null ? null : this.parse(text);
      if (frame) this.options.onFrame(frame);
    };
    // An error is always followed by a close: the close counts the failure, once.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      if (opened) this.options.onStatusChange?.(false);
      if (finalCloseCodes.has(event.code)) this.refused = true;
      // Too many sockets for the person (other tabs) or a flood: trying again by itself would only be
      // refused again, with the same message each time; the next try is the person's (the chat page,
      // 'Tentar agora', the tab seen again, back online).
      if (event.code === ChatCloseCode.tooMany) this.crowded = true;
      if (!opened || this.crowded) {
        this.failures += 1;
        if (this.failures === 1) this.options.onFailingChange?.(true);
      }
      this.scheduleReconnect();
    };
  }

  /** Tries again soon if the socket is down and may come back (the chat page was opened). */
  resume(): void {
    if (!this.socket && !this.reconnectTimer) this.connect();
  }

  /**
   * Tries again at once instead of waiting out the back-off (back online, the tab visible again,
   * the 'Tentar agora' button): only while down, and not after the server refused the session.
   */
  retryNow(): void {
    if (this.stopped || this.socket) return;
    this.clearReconnect();
    this.connect();
  }

  /** Whether the last attempts failed (the page shows that connecting fails). */
  get failing(): boolean {
    return this.failures > 0;
  }

  /** Sends a frame now, or logs 'WebSocket is not connected' and keeps it for the reconnection. */
  send(frame: OutgoingFrame): void {
    const socket = this.socket;
    if (socket && socket.readyState === openState) {
      this.flush();
      this.write(socket, frame);
      return;
    }
    (this.options.log ?? console.warn)(notConnectedLog);
    if (!transientTypes.has(frame.idTipo)) this.queue.push(frame);
  }

  /** Closes for good (logout, leaving the portal): no reconnection, queued frames dropped. */
  close(): void {
    this.stopped = true;
    this.failures = 0;
    this.queue = [];
    this.clearReconnect();
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000);
      this.options.onStatusChange?.(false);
    }
  }

  private write(socket: SocketLike, frame: OutgoingFrame): void {
    const token = this.options.getToken();
    if (!token) return;
    socket.send(JSON.stringify({ ...frame, tokenChat: token }));
  }

  private flush(): void {
    const socket = this.socket;
    while (socket && socket.readyState === openState && this.queue.length > 0) {
      const frame = this.queue.shift();
      if (frame) this.write(socket, frame);
    }
  }

  private parse(data: string): ChatServerFrame | null {
    try {
      const parsed = chatServerFrameSchema.safeParse(JSON.parse(data));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (socket && socket.readyState === openState) this.write(socket, { idTipo: ChatRequestType.ping });
    }, this.options.pingIntervalMs ?? limits.presencePingMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.refused || this.crowded || !this.options.shouldReconnect()) return;
    this.clearReconnect();
    const backoff = this.options.retryBackoffMs ?? limits.socketRetryBackoffMs;
    // After an open socket closed: the spec's 500 ms; after failed attempts: longer each time.
    const quickly = this.options.reconnectsQuickly?.() ?? true;
    const delay =
      this.failures === 0 && quickly
        ? (this.options.reconnectDelayMs ?? limits.socketReconnectDelayMs)
        : backoff[Math.min(Math.max(this.failures, 1), backoff.length) - 1]!;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopped && this.options.shouldReconnect()) this.connect();
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
