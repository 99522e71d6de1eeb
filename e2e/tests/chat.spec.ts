import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chromiumWith } from '../support/chromium.ts';
import { expectNoSeriousA11yViolations, messages, openChat, signIn } from './support.ts';

// Chromium's fake microphone plays a tone and the permission prompt is accepted, for the audio test.
test.use({
  launchOptions: chromiumWith('--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'),
});

// Two people signing in and talking take longer than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Counts the chimes the page plays (oscillators started through Web Audio). */
async function countChimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { eloChimes: number };
    counter.eloChimes = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      counter.eloChimes += 1;
      return original.call(this);
    };
  });
}

async function openAs(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await countChimes(page);
  await signIn(page, login);
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByLabel('Mensagem', { exact: true }).fill(text);
  await page.getByLabel('Mensagem', { exact: true }).press('Enter');
}

function unreadBadge(page: Page) {
  return page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByText(/mensag(em|ens) não lidas? no chat/);
}

async function unreadCount(page: Page): Promise<number> {
  if ((await unreadBadge(page).count()) === 0) return 0;
  const text = (await unreadBadge(page).textContent()) ?? '';
  return Number(/\d+/.exec(text)?.[0] ?? 0);
}

test('two colleagues chat in real time: read ticks, links, edit, delete, older pages', async ({
  browser,
}) => {
  const maria = await openAs(browser, 'maria.silva@demo.elo');
  const carlos = await openAs(browser, '10002');

  // (The menu's count of unread messages is checked in the group test: Maria and Carlos's
  // conversation is opened by other tests running at the same time, which read it.)
  await openChat(carlos, 'Maria Silva');
  const first = `Oi Maria, tudo bem? ${unique()}`;
  await send(carlos, first);
  await expect(messages(carlos).getByText(first)).toBeVisible();

  // Opening the conversation reads it: Carlos sees the double tick, and a reply arrives live.
  await openChat(maria, 'Carlos Pereira');
  await expect(messages(maria).getByText(first)).toBeVisible();
  await expect(
    messages(carlos).getByRole('article').filter({ hasText: first }).getByText('Lida', { exact: true }),
  ).toBeAttached();
  const chimesBefore = await carlos.evaluate(() => (window as unknown as { eloChimes: number }).eloChimes);
  const reply = `Tudo ótimo! Veja https://intranet.elo.com.br/agenda e http://localhost:3000 ${unique()}`;
  await send(maria, reply);
  const received = messages(carlos).getByRole('article').filter({ hasText: 'Tudo ótimo!' }).last();
  await expect(received).toBeVisible();
  const link = received.getByRole('link', { name: 'https://intranet.elo.com.br/agenda' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(received.getByRole('link', { name: /localhost/ })).toHaveCount(0);
  await expect
    .poll(() => carlos.evaluate(() => (window as unknown as { eloChimes: number }).eloChimes))
    .toBeGreaterThan(chimesBefore);
  await expect(
    messages(maria)
      .getByRole('article')
      .filter({ hasText: 'Tudo ótimo!' })
      .last()
      .getByText('Lida', { exact: true }),
  ).toBeAttached();

  // Maria edits her message from its actions menu, with the keyboard.
  const mine = messages(maria).getByRole('listitem').filter({ hasText: 'Tudo ótimo!' }).last();
  await mine.getByRole('button', { name: 'Ações da mensagem' }).focus();
  await maria.keyboard.press('Enter');
  await maria.getByRole('menuitem', { name: 'Editar' }).click();
  await expect(maria.getByText('Editando a mensagem')).toBeVisible();
  const edited = `Tudo ótimo, obrigada! ${unique()}`;
  await maria.getByLabel('Mensagem', { exact: true }).fill(edited);
  await maria.getByLabel('Mensagem', { exact: true }).press('Enter');
  const editedOnCarlos = messages(carlos).getByRole('article').filter({ hasText: edited });
  await expect(editedOnCarlos).toBeVisible();
  await expect(editedOnCarlos.getByText('editada')).toBeVisible();

  // And deletes it for everyone.
  const editedMine = messages(maria).getByRole('listitem').filter({ hasText: edited });
  await editedMine.getByRole('button', { name: 'Ações da mensagem' }).click();
  await maria.getByRole('menuitem', { name: 'Apagar para todos' }).click();
  await maria
    .getByRole('dialog', { name: 'Apagar esta mensagem?' })
    .getByRole('button', { name: 'Apagar' })
    .click();
  await expect(messages(carlos).getByText(edited)).toHaveCount(0);
  await expect(messages(carlos).getByText('Mensagem apagada').last()).toBeVisible();

  // Scrolling up (or the button) brings the older pages, down to the start.
  const older = messages(maria).getByRole('button', { name: 'Carregar mensagens anteriores' });
  const start = messages(maria).getByText('Início da conversa');
  await expect(older).toBeVisible();
  const shown = await messages(maria).getByRole('article').count();
  await messages(maria).evaluate((region) => region.scrollTo({ top: 0 }));
  await expect.poll(() => messages(maria).getByRole('article').count()).toBeGreaterThan(shown);
  await expect(async () => {
    if (await older.isVisible()) await older.click({ timeout: 2000 });
    await expect(start).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    messages(maria).getByText('Bom dia, Maria! Tudo certo para a reunião de planejamento?'),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(maria);
  await maria.context().close();
  await carlos.context().close();
});

test('a group chat reaches its members, counted in their menu, who answer with a mention', async ({
  browser,
}) => {
  const maria = await openAs(browser, 'maria.silva@demo.elo');
  const carlos = await openAs(browser, '10002');
  // Camila signs in in no other test, so only a message sent to her changes her menu's count.
  const camila = await openAs(browser, 'camila.ferreira@demo.elo');
  await expect(camila.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
  const camilaUnreadBefore = await unreadCount(camila);
  const name = `Comitê ${unique()}`;

  await maria.goto('/painel/chat');
  await maria.getByRole('button', { name: 'Novo grupo' }).click();
  const dialog = maria.getByRole('dialog', { name: 'Novo grupo' });
  await dialog.getByRole('button', { name: 'Criar grupo' }).click();
  await expect(dialog.getByText('Escolha ao menos uma pessoa.')).toBeVisible();
  await dialog.getByLabel('Nome do grupo').fill(name);
  const picture = await sharp({ create: { width: 260, height: 260, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await dialog
    .getByLabel('Imagem do grupo (opcional)')
    .setInputFiles({ name: 'comite.png', mimeType: 'image/png', buffer: picture });
  await dialog.getByLabel('Buscar pessoas pelo nome').fill('Carlos');
  await dialog.getByRole('checkbox', { name: 'Carlos Pereira' }).check();
  await dialog.getByLabel('Buscar pessoas pelo nome').fill('Camila');
  await dialog.getByRole('checkbox', { name: 'Camila Ferreira' }).check();
  await dialog.getByRole('button', { name: 'Criar grupo' }).click();
  await expect(maria.getByRole('heading', { level: 2, name })).toBeVisible();

  await carlos.goto('/painel/chat');
  const text = `Bem-vindos ao comitê ${unique()}`;
  await send(maria, text);
  // Camila, on the timeline, sees her menu count the message.
  await expect.poll(() => unreadCount(camila)).toBeGreaterThan(camilaUnreadBefore);
  await camila.context().close();
  const groupEntry = carlos
    .getByRole('navigation', { name: 'Conversas' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(groupEntry.locator('img[src*="/backend/midia/"]')).toHaveCount(1);
  await groupEntry.click();
  await expect(messages(carlos).getByText(text)).toBeVisible();

  const composer = carlos.getByLabel('Mensagem', { exact: true });
  await composer.fill('Obrigado, @Mar');
  await expect(carlos.getByRole('listbox', { name: 'Pessoas para mencionar' })).toBeVisible();
  await composer.press('Enter');
  await expect(composer).toHaveValue('Obrigado, @Maria Silva ');
  await composer.press('Enter');
  const answer = messages(maria).getByRole('article').filter({ hasText: 'Obrigado,' });
  await expect(answer.getByText('@Maria Silva')).toBeVisible();
  await expect(answer.getByText('Carlos Pereira')).toBeVisible();
  await expectNoSeriousA11yViolations(carlos);

  // Carlos leaves the group: it goes from his list.
  await carlos.getByRole('button', { name: 'Sair do grupo' }).click();
  await carlos
    .getByRole('dialog', { name: `Sair do grupo ${name}?` })
    .getByRole('button', { name: 'Sair do grupo' })
    .click();
  await expect(
    carlos
      .getByRole('navigation', { name: 'Conversas' })
      .getByRole('button', { name: new RegExp(`^${name}`) }),
  ).toHaveCount(0);
  await maria.context().close();
  await carlos.context().close();
});

test('an attachment dropped on the conversation reaches the other person', async ({ browser }) => {
  const maria = await openAs(browser, 'maria.silva@demo.elo');
  const carlos = await openAs(browser, '10002');
  await openChat(maria, 'Carlos Pereira');
  await openChat(carlos, 'Maria Silva');
  const fileName = `relatorio-${unique()}.txt`;
  const dropped = await maria.evaluateHandle((name) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Relatório do trimestre'], name, { type: 'text/plain' }));
    return transfer;
  }, fileName);
  await messages(maria).dispatchEvent('dragover', { dataTransfer: dropped });
  await expect(maria.getByText('Solte o arquivo para anexar')).toBeVisible();
  await messages(maria).dispatchEvent('drop', { dataTransfer: dropped });
  await expect(maria.getByRole('button', { name: `Remover o anexo ${fileName}` })).toBeVisible();
  await maria.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(messages(carlos).getByRole('link', { name: new RegExp(`Abrir ${fileName}`) })).toBeVisible();
  await maria.context().close();
  await carlos.context().close();
});

test('a user without ADMIN_APP_TAB_MENSAGENS is refused the chat with the no-permission modal', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'sem.permissao@demo.elo');
  await page.goto('/painel/chat');
  await expect(
    page.getByRole('dialog', { name: 'Você não tem acesso a esta funcionalidade.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
  await page.context().close();
});

test('a dropped connection comes back after 500 ms and sends the message that waited', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const maria = await context.newPage();
  const logs: string[] = [];
  maria.on('console', (message) => logs.push(message.text()));
  // Every chat socket goes through this route to the real server, so the test can cut one and
  // keep the server unreachable for a while.
  const routes: { close: () => Promise<void> }[] = [];
  let serverDown = false;
  await maria.routeWebSocket(/\/backend\/chat$/, (route) => {
    if (serverDown) {
      void route.close();
      return;
    }
    route.connectToServer();
    routes.push(route);
  });
  await signIn(maria, 'maria.silva@demo.elo');
  await openChat(maria, 'Carlos Pereira');
  // One socket for the whole session: moving from the timeline to the chat kept it.
  await expect.poll(() => routes.length).toBe(1);
  await expect(maria.getByText('Sem conexão com o chat', { exact: false })).toHaveCount(0);

  serverDown = true;
  await routes[0]!.close();
  await expect(maria.getByText('Sem conexão com o chat', { exact: false })).toBeVisible();
  const text = `Mensagem que esperou ${unique()}`;
  await send(maria, text);
  expect(logs).toContain('WebSocket is not connected');
  await expect(
    messages(maria).getByRole('listitem').filter({ hasText: text }).getByText('Aguardando envio'),
  ).toBeVisible();
  serverDown = false;
  await expect.poll(() => routes.length).toBe(2);
  await expect(maria.getByText('Sem conexão com o chat', { exact: false })).toHaveCount(0);
  const delivered = messages(maria).getByRole('listitem').filter({ hasText: text });
  await expect(
    delivered.getByText('Enviada', { exact: true }).or(delivered.getByText('Lida', { exact: true })),
  ).toBeAttached();
  await expect(messages(maria).getByText('Aguardando envio')).toHaveCount(0);

  const carlos = await openAs(browser, '10002');
  await openChat(carlos, 'Maria Silva');
  await expect(messages(carlos).getByText(text)).toHaveCount(1);
  await context.close();
  await carlos.context().close();
});

test('an audio recorded with its waveform plays for the other person', async ({ browser }) => {
  const maria = await openAs(browser, 'maria.silva@demo.elo');
  const carlos = await openAs(browser, '10002');
  await openChat(maria, 'Carlos Pereira');
  await openChat(carlos, 'Maria Silva');
  await maria.getByRole('button', { name: 'Gravar áudio' }).click();
  await expect(maria.getByText(/Gravando…/)).toBeVisible();
  await maria.waitForTimeout(1500);
  await maria.getByRole('button', { name: 'Parar a gravação' }).click();
  await expect(maria.getByText(/Áudio gravado/)).toBeAttached();
  await maria.getByRole('button', { name: 'Enviar', exact: true }).click();
  const player = messages(carlos)
    .getByRole('button', { name: /Reproduzir o áudio de 0:0[1-3]/ })
    .last();
  await expect(player).toBeVisible();
  await expect(player.locator('xpath=..').locator('svg rect')).not.toHaveCount(0);
  await maria.context().close();
  await carlos.context().close();
});
