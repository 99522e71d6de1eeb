import { spawn, type ChildProcess } from 'node:child_process';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatEventType, ChatRequestType, isChatErrorFrame, type ChatServerFrame } from '@elo/contract/chat';
import { ChatClient, listenForChat, signInForChat, type ChatUser } from '../test/chat-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { freePort } from '../test/node-process.ts';

/**
 * Redis away while two nodes run: sign-in and password requests answer at once, and a chat
 * message is stored, acknowledged and delivered on its own node at once, and on the other node
 * when Redis is back. The nodes use a Redis server of this test's own, which it kills and starts
 * again (the machine's Redis is shared with other tests).
 */

let port: number;
let redisServer: ChildProcess | undefined;

async function startRedis() {
  redisServer = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {}); // refused while the server starts: expected
  // Polled by hand: this also runs in beforeAll, where expect.poll is not available.
  for (const deadline = Date.now() + 30_000; ;) {
    const answer = await probe.connect().then(
      () => probe.ping(),
      () => 'down',
    );
    if (answer === 'PONG') break;
    if (Date.now() > deadline) throw new Error('the test’s redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  probe.disconnect();
}

async function stopRedis() {
  const server = redisServer!;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
  redisServer = undefined;
}

/** The answer, or 'no answer' when none came within 10 s (the failure this guards against hangs 17 to 25 s). */
async function within10s(answer: Promise<LightMyRequestResponse>): Promise<number | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>(
    (resolve) => (timer = setTimeout(() => resolve('no answer'), 10_000)),
  );
  try {
    const result = await Promise.race([answer, late]);
    return result === 'no answer' ? result : result.statusCode;
  } finally {
    clearTimeout(timer);
  }
}

const open: ChatClient[] = [];
async function ready(url: string, user: ChatUser) {
  const client = await ChatClient.connect(url, user.tokenChat);
  open.push(client);
  client.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  await client.waitFor((frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence, {
    timeoutMs: 30_000,
  });
  return client;
}
const newMessage = (clientId: string) => (frame: ChatServerFrame) =>
  !isChatErrorFrame(frame) &&
  frame.idTipo === ChatEventType.newMessage &&
  frame.idMensagemCliente === clientId;

let nodeA: TestApp;
let nodeB: TestApp;
let urlA: string;
let urlB: string;
beforeAll(async () => {
  port = await freePort();
  await startRedis();
  nodeA = await createTestApp({ redis: true, redisUrl: `redis://127.0.0.1:${port}` });
  nodeB = await createTestApp({ shareWith: nodeA });
  urlA = await listenForChat(nodeA);
  urlB = await listenForChat(nodeB);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  await nodeB?.close();
  await nodeA?.close();
  if (redisServer) await stopRedis();
});

describe('with Redis down', () => {
  it('signs in and takes password requests at once; chat goes on, and the other node hears when Redis is back', async () => {
    const maria = await signInForChat(nodeA, 'maria.silva@demo.elo');
    const carlosHere = await signInForChat(nodeA, '10002');
    const carlosThere = await signInForChat(nodeB, '10002');
    const sender = await ready(urlA, maria);
    const sameNode = await ready(urlA, carlosHere);
    const otherNode = await ready(urlB, carlosThere);
    sender.send({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: carlosHere.userId });
    const room = await sender.waitFor(
      (frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.roomChanged,
    );
    const idSala = (room as { idSala: number }).idSala;

    await stopRedis();

    expect(
      await within10s(nodeA.call('doLogin', { login: 'maria.silva@demo.elo', senha: 'Demo@1234' })),
    ).toBe(200);
    expect(await within10s(nodeA.call('doLogin', { login: 'maria.silva@demo.elo', senha: 'errada' }))).toBe(
      401,
    );
    expect(await within10s(nodeB.call('solicitaTrocaDeSenha', { login: 'carlos.pereira@demo.elo' }))).toBe(
      200,
    );

    const clientId = `outage-${Date.now()}`;
    sender.send({ idTipo: ChatRequestType.send, idSala, idMensagemCliente: clientId, mensagem: 'sem Redis' });
    const acknowledged = await sender.waitFor(newMessage(clientId), { timeoutMs: 10_000 });
    expect(acknowledged).toMatchObject({ mensagem: 'sem Redis' });
    await sameNode.waitFor(newMessage(clientId), { timeoutMs: 10_000 });
    expect(otherNode.frames.some(newMessage(clientId))).toBe(false);

    await startRedis();
    const late = await otherNode.waitFor(newMessage(clientId), { timeoutMs: 30_000 });
    expect(late).toMatchObject({ mensagem: 'sem Redis', idSala });
    // Delivered once on the sender's node: the copy coming back through Redis is not sent again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sameNode.frames.filter(newMessage(clientId))).toHaveLength(1);
  });
});
