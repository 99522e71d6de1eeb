import { expect, test, type Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations, messages, openChat, signIn } from './support.ts';

// Two people signing in and talking take longer than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

// The portal started with the defaults by playwright.config.ts (no PUBLIC_URL, so it names
// http://localhost:<port>, no ALLOWED_ORIGINS), opened at http://127.0.0.1:<port>, as people reach
// a portal on one machine by its address.
const origin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 40}`;

/** The chat sockets a page opens, and the frames each receives. */
interface SocketLog {
  url: string;
  received: number;
  closed: boolean;
}

async function openAs(browser: Browser, origin: string, login: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const sockets: SocketLog[] = [];
  page.on('websocket', (socket) => {
    const log: SocketLog = { url: socket.url(), received: 0, closed: false };
    sockets.push(log);
    socket.on('framereceived', () => (log.received += 1));
    socket.on('close', () => (log.closed = true));
  });
  await signIn(page, login);
  return { page, sockets };
}

test('the chat works in a portal opened at http://127.0.0.1 against a server started with the defaults', async ({
  browser,
}) => {
  const maria = await openAs(browser, origin, 'maria.silva@demo.elo');
  const carlos = await openAs(browser, origin, '10002');
  expect(new URL(maria.page.url()).origin).toBe(origin);

  await openChat(maria.page, 'Carlos Pereira');
  await openChat(carlos.page, 'Maria Silva');

  // Each page's socket is on its own address, open and answering.
  const socketUrl = `${origin.replace(/^http/, 'ws')}/backend/chat`;
  for (const person of [maria, carlos]) {
    await expect
      .poll(() => person.sockets.filter((s) => s.url === socketUrl && s.received > 0).length)
      .toBe(1);
    expect(person.sockets.filter((s) => s.url !== socketUrl)).toEqual([]);
  }

  // Carlos writes; Maria, with the conversation open, sees it arrive without reloading.
  const text = `Oi Maria, pelo endereço do servidor ${unique()}`;
  const receivedBefore = maria.sockets[0]!.received;
  await carlos.page.getByLabel('Mensagem', { exact: true }).fill(text);
  await carlos.page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(messages(maria.page).getByText(text)).toBeVisible();
  expect(maria.sockets[0]!.received).toBeGreaterThan(receivedBefore);

  // And her answer reaches him the same way.
  const answer = `Chegou ao vivo! ${unique()}`;
  await maria.page.getByLabel('Mensagem', { exact: true }).fill(answer);
  await maria.page.getByLabel('Mensagem', { exact: true }).press('Enter');
  await expect(messages(carlos.page).getByText(answer)).toBeVisible();

  for (const person of [maria, carlos]) {
    await expect(person.page.getByText('Erro ao conectar no chat!')).toHaveCount(0);
    expect(person.sockets.every((s) => !s.closed)).toBe(true);
  }
  await expectNoSeriousA11yViolations(maria.page);
  await maria.page.context().close();
  await carlos.page.context().close();
});
