import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatCloseCode,
  ChatEventType,
  ChatRequestType,
  isChatErrorFrame,
  type ChatErrorFrame,
  type ChatServerFrame,
} from '@elo/contract/chat';
import { Permission } from '@elo/contract/enums';
import { sessions, userPermissions } from '../../db/schema/all.ts';
import { ChatClient, listenForChat, signInForChat, type ChatUser } from '../../test/chat-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpCatcher } from '../../test/message-catchers.ts';

/**
 * A session's chat sockets live and die with the session, whatever ends it: sign-out, a password
 * reset, expiry, a permission taken away; on every node.
 */

const failure =
  (code: string) =>
  (frame: ChatServerFrame): frame is ChatErrorFrame =>
    isChatErrorFrame(frame) && frame.codigoErro === code;
const presence = (frame: ChatServerFrame) =>
  !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence;

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
const open: ChatClient[] = [];

/** Connects and authenticates with a presence request, the portal's first frame. */
async function ready(url: string, user: { tokenChat: string }) {
  const client = await ChatClient.connect(url, user.tokenChat);
  open.push(client);
  client.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  await client.waitFor(presence, { timeoutMs: 30_000 });
  return client;
}

/** A socket opened with a token that must be refused, and the code it is closed with. */
async function refusedWith(url: string, tokenChat: string) {
  const client = await ChatClient.connect(url, tokenChat);
  open.push(client);
  client.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  return (await client.waitForClose(10_000)).code;
}

/** Resets a password through the e-mailed link, as the person would. */
async function resetPassword(test: TestApp, email: string, password: string) {
  const before = smtp.messages.length;
  const request = await test.call('solicitaTrocaDeSenha', { login: email });
  expect(request.statusCode).toBe(200);
  await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBeGreaterThan(before);
  const token = smtp.messages.at(-1)!.text!.match(/\/resetarsenha\/([\w-]+)/)![1]!;
  const done = await test.call('resetaSenhaComToken', { token, senha: password });
  expect(done.statusCode).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  await smtp.close();
});

describe('on one node', () => {
  let test: TestApp;
  let url: string;
  beforeAll(async () => {
    test = await createTestApp({ env: { SMTP_URL: smtp.url, CHAT_SESSION_CHECK_SECONDS: '1' } });
    url = await listenForChat(test);
  });
  afterAll(() => test.close());

  it('closes every chat socket of a person whose password is reset, and their chat tokens stop working', async () => {
    const laptop = await signInForChat(test, 'maria.silva@demo.elo');
    const phone = await signInForChat(test, 'maria.silva@demo.elo');
    const sockets = [await ready(url, laptop), await ready(url, phone)];
    await resetPassword(test, 'maria.silva@demo.elo', 'Maria#Nova2026');
    for (const socket of sockets)
      expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
    expect(sockets[0]!.frames.some(failure('SESSION_EXPIRED'))).toBe(true);
    expect(await refusedWith(url, laptop.tokenChat)).toBe(ChatCloseCode.session);
  });

  it('closes a socket when its session passes its absolute end, with nobody telling', async () => {
    const user = await signInForChat(test, '10002');
    const socket = await ready(url, user);
    await test.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.userId));
    expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
  });

  it('closes a socket when its session idles out', async () => {
    const user = await signInForChat(test, 'joao@outra.elo');
    const socket = await ready(url, user);
    await test.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '1 day'` })
      .where(eq(sessions.userId, user.userId));
    expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
  });

  it('gives no chat token to a person without the chat permission', async () => {
    const response = await test.call('doLogin', { login: 'sem.permissao@demo.elo', senha: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.tokenChat).toBeNull();
    const [stored] = await test.database.db
      .select({ chatTokenHash: sessions.chatTokenHash })
      .from(sessions)
      .where(eq(sessions.userId, response.json().data.usuario.idUsuario));
    expect(stored!.chatTokenHash).toBeNull();
  });

  it('closes an open socket and refuses its old token once the chat permission is taken away', async () => {
    const user: ChatUser = await signInForChat(test, 'ana.rocha@demo.elo');
    const socket = await ready(url, user);
    await test.database.db
      .delete(userPermissions)
      .where(and(eq(userPermissions.userId, user.userId), eq(userPermissions.permission, Permission.chat)));
    expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.forbidden);
    expect(await refusedWith(url, user.tokenChat)).toBe(ChatCloseCode.forbidden);
  });
});

describe('on two nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let urlB: string;
  beforeAll(async () => {
    nodeA = await createTestApp({ redis: true, env: { SMTP_URL: smtp.url } });
    nodeB = await createTestApp({ shareWith: nodeA, env: { SMTP_URL: smtp.url } });
    urlB = await listenForChat(nodeB);
  });
  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  it('a password reset on one node closes the person’s sockets on the other at once', async () => {
    const user = await signInForChat(nodeB, 'maria.silva@demo.elo');
    const socket = await ready(urlB, user);
    await resetPassword(nodeA, 'maria.silva@demo.elo', 'Maria#Nova2026');
    expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
  });
});
