import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  chatServerFrameSchema,
  chatSocketPath,
  type ChatClientFrame,
  type ChatServerFrame,
} from '@elo/contract/chat';
import type { TestApp } from './harness.ts';

/** A signed-in person for chat tests: the session cookie and the chat token. */
export interface ChatUser {
  cookie: string;
  tokenChat: string;
  userId: number;
}

/** Signs in through doLogin and keeps what the portal keeps. */
export async function signInForChat(test: TestApp, login: string, password = 'Demo@1234'): Promise<ChatUser> {
  const response = await test.call('doLogin', { login, senha: password });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${response.body}`);
  const body = response.json<{ data: { tokenChat: string; usuario: { idUsuario: number } } }>();
  const cookie = response.cookies.find((c) => c.name === 'elo_session')!;
  return {
    cookie: `elo_session=${cookie.value}`,
    tokenChat: body.data.tokenChat,
    userId: body.data.usuario.idUsuario,
  };
}

/** Starts the app listening on a free local port and gives its chat socket address. */
export async function listenForChat(test: TestApp): Promise<string> {
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = test.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${chatSocketPath}`;
}

type Without<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/**
 * A real websocket client of the chat: every frame received is checked against the contract and
 * kept, so a test can wait for the one it expects.
 */
export class ChatClient {
  readonly frames: ChatServerFrame[] = [];
  readonly socket: WebSocket;
  closed: { code: number; reason: string } | undefined;
  private waiters: (() => void)[] = [];

  private constructor(
    socket: WebSocket,
    readonly token: string,
  ) {
    this.socket = socket;
    socket.on('message', (data, isBinary) => {
      // The protocol is JSON in text frames only.
      if (isBinary) throw new Error('the chat sent a binary frame');
      const frame = chatServerFrameSchema.parse(JSON.parse(String(data)));
      this.frames.push(frame);
      this.wake();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Opens a socket (in the given language) and waits until it is open. */
  static async connect(url: string, token: string, language = 'pt-BR'): Promise<ChatClient> {
    const socket = new WebSocket(url, { headers: { 'accept-language': language } });
    const client = new ChatClient(socket, token);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** Sends a frame with this client's token (unless the frame names one). */
  send(frame: Without<ChatClientFrame, 'tokenChat'> & { tokenChat?: string }) {
    this.sendRaw(JSON.stringify({ tokenChat: this.token, ...frame }));
  }

  sendRaw(data: string) {
    this.socket.send(data);
  }

  /** The first frame received (from `from` on) that matches; waits up to `timeoutMs`. */
  async waitFor<T extends ChatServerFrame>(
    match: (frame: ChatServerFrame) => frame is T,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<T>;
  async waitFor(
    match: (frame: ChatServerFrame) => boolean,
    options?: { timeoutMs?: number; from?: number },
  ): Promise<ChatServerFrame>;
  async waitFor(
    match: (frame: ChatServerFrame) => boolean,
    options: { timeoutMs?: number; from?: number } = {},
  ): Promise<ChatServerFrame> {
    const deadline = Date.now() + (options.timeoutMs ?? 5_000);
    for (;;) {
      const found = this.frames.slice(options.from ?? 0).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching chat frame; got ${JSON.stringify(this.frames.slice(-5)).slice(0, 2000)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server closes the socket. */
  async waitForClose(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('socket still open');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.closed;
  }

  close() {
    this.socket.terminate();
  }
}
