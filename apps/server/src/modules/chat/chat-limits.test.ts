import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatEventType,
  ChatRequestType,
  isChatErrorFrame,
  type ChatErrorFrame,
  type ChatServerFrame,
} from '@elo/contract/chat';
import { ChatClient, listenForChat, signInForChat } from '../../test/chat-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Chat frame limits are a person's, whatever the number of their sockets and nodes. */

const limited = (frame: ChatServerFrame): frame is ChatErrorFrame =>
  isChatErrorFrame(frame) && frame.codigoErro === 'CHAT_RATE_LIMITED';
const presence = (frame: ChatServerFrame) =>
  !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence;

const open: ChatClient[] = [];
async function ready(url: string, tokenChat: string) {
  const client = await ChatClient.connect(url, tokenChat);
  open.push(client);
  client.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  await client.waitFor(presence, { timeoutMs: 30_000 });
  return client;
}

/** Sends `count` pings on each socket, then waits until some socket is refused for flooding. */
async function flood(sockets: ChatClient[], count: number) {
  for (const socket of sockets) for (let index = 0; index < count; index += 1) socket.send({ idTipo: 7 });
  await expect
    .poll(() => sockets.flatMap((socket) => socket.frames).filter(limited).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
}

let nodeA: TestApp;
let nodeB: TestApp;
let urlA: string;
let urlB: string;
beforeAll(async () => {
  const env = { CHAT_FRAMES_PER_WINDOW: '10' };
  nodeA = await createTestApp({ redis: true, env });
  nodeB = await createTestApp({ shareWith: nodeA, env });
  urlA = await listenForChat(nodeA);
  urlB = await listenForChat(nodeB);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

describe('chat frame limits', () => {
  it('hold per person across their sockets: three tabs cannot send three times as much', async () => {
    const user = await signInForChat(nodeA, 'maria.silva@demo.elo');
    const tabs = [
      await ready(urlA, user.tokenChat),
      await ready(urlA, user.tokenChat),
      await ready(urlA, user.tokenChat),
    ];
    // 12 frames of one person in the window, 4 per socket: each socket alone is far below 10.
    await flood(tabs, 4);
  });

  it('hold per person across nodes', async () => {
    const user = await signInForChat(nodeA, '10002');
    const sockets = [await ready(urlA, user.tokenChat), await ready(urlB, user.tokenChat)];
    await flood(sockets, 6);
  });
});
