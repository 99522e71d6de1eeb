import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  ChatCloseCode,
  ChatEventType,
  ChatRequestType,
  isChatErrorFrame,
  type ChatServerFrame,
} from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import { ChatClient, listenForChat, signInForChat, type ChatUser } from '../../test/chat-client.ts';
import { createTestApp, testPostgresUrl, testRedisUrl, type TestApp } from '../../test/harness.ts';
import { startNodeProcess } from '../../test/node-process.ts';

/**
 * Two nodes of one deployment on the machine's Redis (bus and presence) and one database, each
 * node with its own connections. With TEST_POSTGRES_URL they are two server processes (main.ts)
 * on a fresh PostgreSQL database; without it, two apps in this process sharing one PGlite.
 */
interface ChatNode {
  wsUrl: string;
  signIn(login: string): Promise<ChatUser>;
  /** Signs the session out through this node; answers the HTTP status. */
  signOut(user: ChatUser): Promise<number>;
  close(): Promise<void>;
}

function appNode(test: TestApp, wsUrl: string, closeApp: boolean): ChatNode {
  return {
    wsUrl,
    signIn: (login) => signInForChat(test, login),
    signOut: async (user) => (await test.call('doLogout', {}, { cookie: user.cookie })).statusCode,
    close: () => (closeApp ? test.close() : Promise.resolve()),
  };
}

async function inProcessNodes(): Promise<[ChatNode, ChatNode]> {
  const first = await createTestApp({ redis: true });
  const second = await createTestApp({ shareWith: first });
  const [urlA, urlB] = [await listenForChat(first), await listenForChat(second)];
  // The second closes first: the first owns the shared database.
  return [appNode(first, urlA, true), appNode(second, urlB, true)];
}

const postJson = (base: string, name: string, body: unknown, cookie?: string) =>
  fetch(`${base}/backend/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });

/** `npm start` as a deployment runs it: main.ts in a process of its own. */
async function processNode(env: Record<string, string>): Promise<ChatNode> {
  const node = await startNodeProcess({ name: 'chat', env, readyTimeoutMs: 90_000 });
  const base = node.url;
  return {
    wsUrl: `ws://127.0.0.1:${node.port}/backend/chat`,
    async signIn(login) {
      const response = await postJson(base, 'doLogin', { login, senha: 'Demo@1234' });
      const body = (await response.json()) as { data: { tokenChat: string; usuario: { idUsuario: number } } };
      const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
      return { cookie, tokenChat: body.data.tokenChat, userId: body.data.usuario.idUsuario };
    },
    signOut: async (user) => (await postJson(base, 'doLogout', {}, user.cookie)).status,
    close: node.stop,
  };
}

async function processNodes(): Promise<{ nodes: [ChatNode, ChatNode]; dispose(): Promise<void> }> {
  const name = `elo_test_nodes_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  // A copy of the run's migrated and seeded template when there is one (test/database-templates.ts):
  // seeding in the first node took most of this file's time.
  const templates = inject('testTemplates');
  const template = templates?.kind === 'postgres' ? templates.demo : undefined;
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(testPostgresUrl!);
  url.pathname = `/${name}`;
  const shared = {
    DATABASE_URL: url.toString(),
    REDIS_URL: testRedisUrl,
    REDIS_PREFIX: `elo-test-${randomBytes(6).toString('hex')}:`,
  };
  // The first migrates, and seeds the database when it is empty; the second starts on it afterwards.
  const first = await processNode({ ...shared, SEED: 'auto' });
  const second = await processNode({ ...shared, SEED: 'never' });
  return {
    nodes: [first, second],
    async dispose() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

let nodeA: ChatNode;
let nodeB: ChatNode;
let disposeDatabase = async () => {};
let maria: ChatUser;
let carlos: ChatUser;
const clients: ChatClient[] = [];

beforeAll(async () => {
  if (testPostgresUrl) {
    const started = await processNodes();
    [nodeA, nodeB] = started.nodes;
    disposeDatabase = started.dispose;
  } else {
    [nodeA, nodeB] = await inProcessNodes();
  }
  maria = await nodeA.signIn('maria.silva@demo.elo');
  carlos = await nodeB.signIn('10002');
}, 180_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await nodeB?.close();
  await nodeA?.close();
  await disposeDatabase();
});

const ok =
  (type: number, where: (frame: Record<string, unknown>) => boolean = () => true) =>
  (frame: ChatServerFrame) =>
    !isChatErrorFrame(frame) && frame.idTipo === type && where(frame as unknown as Record<string, unknown>);

async function connect(node: ChatNode, user: ChatUser) {
  const client = await ChatClient.connect(node.wsUrl, user.tokenChat);
  clients.push(client);
  client.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  await client.waitFor(ok(ChatEventType.presence));
  return client;
}

describe(`two server nodes (${testPostgresUrl ? 'two processes on PostgreSQL' : 'two apps on one PGlite'})`, () => {
  it('carry a message and its read receipt between users on different nodes', async () => {
    const onA = await connect(nodeA, maria);
    const onB = await connect(nodeB, carlos);
    onA.send({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: carlos.userId });
    const room = (await onA.waitFor(ok(ChatEventType.roomChanged))) as unknown as { idSala: number };

    onA.send({
      idTipo: ChatRequestType.send,
      idSala: room.idSala,
      idMensagemCliente: 'cross-1',
      mensagem: 'Oi do nó A',
    });
    const arrived = await onB.waitFor(
      ok(ChatEventType.newMessage, (frame) => frame.idMensagemCliente === 'cross-1'),
    );
    expect(arrived).toMatchObject({ mensagem: 'Oi do nó A', idUsuario: maria.userId });

    onB.send({
      idTipo: ChatRequestType.markRead,
      idSala: room.idSala,
      idMensagens: [(arrived as { idMensagem: number }).idMensagem],
    });
    const receipt = await onA.waitFor(ok(ChatEventType.read, (frame) => frame.idUsuario === carlos.userId));
    expect(receipt).toMatchObject({
      idSala: room.idSala,
      idMensagens: [(arrived as { idMensagem: number }).idMensagem],
      flLidaPorTodos: 'S',
    });

    onB.send({
      idTipo: ChatRequestType.send,
      idSala: room.idSala,
      idMensagemCliente: 'cross-2',
      mensagem: 'Resposta do nó B',
    });
    await onA.waitFor(ok(ChatEventType.newMessage, (frame) => frame.idMensagemCliente === 'cross-2'));
  });

  it('share presence through Redis, with expiry for a client that stops pinging', async () => {
    const onA = await connect(nodeA, maria);
    const silent = await connect(nodeB, carlos);
    onA.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    await onA.waitFor(
      ok(ChatEventType.presence, (frame) => (frame.listUsuariosOnline as number[]).includes(carlos.userId)),
    );
    // Maria pings every 2 s as the portal does; Carlos's socket stays open but sends nothing.
    const pinging = setInterval(() => onA.send({ idTipo: ChatRequestType.ping }), limits.presencePingMs);
    await new Promise((resolve) => setTimeout(resolve, limits.chat.presenceExpiryMs + 1_500));
    clearInterval(pinging);
    const from = onA.frames.length;
    onA.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    const later = (await onA.waitFor(ok(ChatEventType.presence), { from })) as unknown as {
      listUsuariosOnline: number[];
    };
    expect(later.listUsuariosOnline).not.toContain(carlos.userId);
    expect(later.listUsuariosOnline).toContain(maria.userId);
    silent.close();
  }, 20_000);

  it('keep a person online while they still have a socket on another node', async () => {
    // Earlier tests leave Carlos's sockets open: close them so only this test's ones count.
    for (const client of clients.splice(0)) client.close();
    const watcher = await connect(nodeA, maria);
    const carlosOnA = await connect(nodeA, carlos);
    const carlosOnB = await connect(nodeB, carlos);
    const onlineNow = async () => {
      const from = watcher.frames.length;
      watcher.send({ idTipo: ChatRequestType.presence, idSala: 0 });
      const frame = (await watcher.waitFor(ok(ChatEventType.presence), { from })) as unknown as {
        listUsuariosOnline: number[];
      };
      return frame.listUsuariosOnline.includes(carlos.userId);
    };
    expect(await onlineNow()).toBe(true);
    // Carlos's last socket on node A closes; for a while after, he is still listed (node B holds him).
    carlosOnA.close();
    await carlosOnA.waitForClose();
    for (let check = 0; check < 8; check += 1) {
      expect(await onlineNow()).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // His socket on node B closes too: now he is gone.
    carlosOnB.close();
    let online = true;
    for (let waited = 0; online && waited < 5_000; waited += 100) {
      online = await onlineNow();
      if (online) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(online).toBe(false);
  });

  it('close a signed-out session’s sockets on every node', async () => {
    const user = await nodeA.signIn('10002');
    const onB = await connect(nodeB, user);
    expect(await nodeA.signOut(user)).toBe(200);
    expect((await onB.waitForClose()).code).toBe(ChatCloseCode.session);
  });
});
