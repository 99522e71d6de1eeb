// @vitest-environment node
import { ChatCloseCode, ChatEventType, ChatRequestType, type ChatServerFrame } from '@elo/contract/chat';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ChatSocket, notConnectedLog, type SocketLike } from './chat-socket.ts';

/** A real websocket server that records what clients send and can answer or drop them. */
async function startServer() {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: Record<string, unknown>[] = [];
  const sockets: WebSocket[] = [];
  let connections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    sockets.push(socket);
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    get connections() {
      return connections;
    },
    last: () => sockets.at(-1),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
}

const createSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setUp(
  overrides: {
    token?: string | null;
    shouldReconnect?: () => boolean;
    reconnectsQuickly?: () => boolean;
  } = {},
) {
  const server = await startServer();
  const frames: ChatServerFrame[] = [];
  const logs: string[] = [];
  const statuses: boolean[] = [];
  /** When each status change happened, so timings hold however late a waitFor looks. */
  const statusTimes: number[] = [];
  const token = 'token' in overrides ? overrides.token : 'chat-token-1';
  const socket = new ChatSocket({
    url: server.url,
    getToken: () => token ?? null,
    createSocket,
    shouldReconnect: overrides.shouldReconnect ?? (() => true),
    ...(overrides.reconnectsQuickly ? { reconnectsQuickly: overrides.reconnectsQuickly } : {}),
    onFrame: (frame) => frames.push(frame),
    onStatusChange: (connected) => {
      statuses.push(connected);
      statusTimes.push(Date.now());
    },
    log: (message) => logs.push(message),
    pingIntervalMs: 50,
    reconnectDelayMs: 500,
    retryBackoffMs: [1500, 3000],
  });
  cleanups.push(
    () => server.close(),
    () => socket.close(),
  );
  return { server, socket, frames, logs, statuses, statusTimes };
}

describe('chat socket', () => {
  it('does not connect without a stored chat token', async () => {
    const { server, socket } = await setUp({ token: null });
    socket.connect();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.connections).toBe(0);
    expect(socket.connected).toBe(false);
  });

  it('sends frames with the token, pings, and hands over the frames it reads', async () => {
    const { server, socket, frames } = await setUp();
    socket.connect();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    socket.send({ idTipo: ChatRequestType.joinRoom, idSala: 4 });
    await vi.waitFor(() =>
      expect(server.received).toContainEqual({ idTipo: 1, idSala: 4, tokenChat: 'chat-token-1' }),
    );
    await vi.waitFor(() =>
      expect(server.received.filter((frame) => frame.idTipo === ChatRequestType.ping).length).toBeGreaterThan(
        1,
      ),
    );
    server.last()?.send(
      JSON.stringify({
        idTipo: ChatEventType.presence,
        codigoResposta: 0,
        descricaoErro: null,
        idSala: 1,
        listUsuariosOnline: [7, 8],
      }),
    );
    server.last()?.send(
      Buffer.from(
        JSON.stringify({
          idTipo: 9,
          codigoResposta: 0,
          descricaoErro: null,
          idSala: 1,
          listUsuariosOnline: [9],
        }),
      ),
    );
    server.last()?.send('not json');
    await vi.waitFor(() => expect(frames).toHaveLength(2));
    expect(frames[0]).toMatchObject({ idTipo: 9, listUsuariosOnline: [7, 8] });
    // The same JSON in a binary frame is read too.
    expect(frames[1]).toMatchObject({ idTipo: 9, listUsuariosOnline: [9] });
  });

  it('logs when sending offline, reconnects after 500 ms and then sends what waited', async () => {
    const { server, socket, logs, statuses, statusTimes } = await setUp();
    socket.connect();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    server.last()?.terminate();
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    expect(statuses).toEqual([true, false]);
    const closedAt = statusTimes[1]!;
    socket.send({ idTipo: ChatRequestType.send, idSala: 4, idMensagemCliente: 'c-1', mensagem: 'Olá' });
    socket.send({ idTipo: ChatRequestType.ping });
    expect(logs).toEqual([notConnectedLog, notConnectedLog]);
    expect(socket.pendingCount).toBe(1);
    await vi.waitFor(() => expect(server.connections).toBe(2), { timeout: 2000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(450);
    await vi.waitFor(() =>
      expect(server.received).toContainEqual(
        expect.objectContaining({ idTipo: 2, idMensagemCliente: 'c-1', tokenChat: 'chat-token-1' }),
      ),
    );
    expect(socket.pendingCount).toBe(0);
  });

  it('away from the chat page, comes back after the back-off’s first step rather than 500 ms', async () => {
    const { server, socket, statusTimes } = await setUp({ reconnectsQuickly: () => false });
    socket.connect();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    server.last()?.terminate();
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 800));
    // The chat page would have had it back by now; elsewhere it waits 1.5 s here.
    expect(server.connections).toBe(1);
    await vi.waitFor(() => expect(socket.connected).toBe(true), { timeout: 5000 });
    expect(server.connections).toBe(2);
    expect(statusTimes[2]! - statusTimes[1]!).toBeGreaterThanOrEqual(1400);
  });

  it('stays closed when told not to come back', async () => {
    const { server, socket } = await setUp({ shouldReconnect: () => false });
    socket.connect();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    server.last()?.terminate();
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(server.connections).toBe(1);
    socket.resume();
    await vi.waitFor(() => expect(server.connections).toBe(2));
  });

  it('after too many sockets (4429), waits for the person instead of being refused again and again', async () => {
    const { server, socket } = await setUp();
    socket.connect();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    server.last()?.close(ChatCloseCode.tooMany, 'too many');
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    // Past the 500 ms and the back-off's first step: no new attempt by itself.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(server.connections).toBe(1);
    expect(socket.failing).toBe(true);
    // 'Tentar agora' (or the tab seen again, back online) connects.
    socket.retryNow();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    expect(server.connections).toBe(2);
    expect(socket.failing).toBe(false);
  });

  it('does not come back after the server refused the session', async () => {
    const { server, socket, statuses } = await setUp();
    socket.connect();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    server.last()?.close(ChatCloseCode.session, 'session');
    await vi.waitFor(() => expect(statuses).toEqual([true, false]));
    await new Promise((resolve) => setTimeout(resolve, 800));
    socket.resume();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.connections).toBe(1);
  });

  it('says once that connecting fails, waits longer after each failure, and tries at once when told', async () => {
    // A real server that refuses the handshake (503) until told to accept.
    let accepting = false;
    const attempts: number[] = [];
    const server = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      verifyClient: (_info, done) => {
        attempts.push(Date.now());
        done(accepting, 503);
      },
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const failing: boolean[] = [];
    const socket = new ChatSocket({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
      getToken: () => 'chat-token-1',
      createSocket,
      shouldReconnect: () => true,
      onFrame: () => undefined,
      onFailingChange: (value) => failing.push(value),
      reconnectDelayMs: 500,
      retryBackoffMs: [100, 200, 300],
    });
    cleanups.push(() => socket.close());
    socket.connect();
    await vi.waitFor(() => expect(attempts.length).toBeGreaterThanOrEqual(4), { timeout: 3000 });
    // Four refused attempts, one report.
    expect(failing).toEqual([true]);
    expect(socket.failing).toBe(true);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(90);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(190);
    expect(attempts[3]! - attempts[2]!).toBeGreaterThanOrEqual(290);

    // The connection is back: 'Tentar agora' (or the browser online again) connects without waiting.
    accepting = true;
    const before = attempts.length;
    socket.retryNow();
    await vi.waitFor(() => expect(socket.connected).toBe(true));
    expect(attempts.length).toBe(before + 1);
    expect(failing).toEqual([true, false]);
    expect(socket.failing).toBe(false);
  });
});
