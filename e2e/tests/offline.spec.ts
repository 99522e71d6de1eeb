import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Reading without a connection (issue 30): the portal's worker serves the page, the device keeps
// the person's pages, and what they do offline waits for the connection.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const headers = { 'x-requested-with': 'XMLHttpRequest' };
const offlineBanner = 'Sem conexão — mostrando o que foi salvo';

/** Publishes a mandatory reading on the company wall from the administration. */
async function publishReading(request: APIRequestContext, text: string): Promise<number> {
  const response = await request.post('/backend/salvaPublicacaoAdmin', {
    headers,
    multipart: {
      texto: text,
      flMural: 'S',
      acao: 'PUBLICAR',
      flPermiteComentarios: 'S',
      flLeituraObrigatoria: 'S',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { publicacao: { idPublicacao: number } } }).data.publicacao
    .idPublicacao;
}

/** How many people confirmed a publication, as its administrator sees it. */
async function confirmations(request: APIRequestContext, idPublicacao: number): Promise<number> {
  const response = await request.post('/backend/consultaPublicacaoAdmin', {
    headers,
    data: { idPublicacao },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { contagens: { confirmaram: number } } }).data.contagens
    .confirmaram;
}

/** Waits until the portal's worker controls the page (a reload after the first visit). */
async function controlledByTheWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** What the device keeps of the person's pages and waiting changes (IndexedDB), as saved text. */
function savedOnTheDevice(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const opening = indexedDB.open('elo-offline');
        opening.onerror = () => resolve('');
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('portal')) return resolve('');
          const read = database.transaction('portal').objectStore('portal').get('query-cache');
          read.onsuccess = () => resolve(String(read.result ?? ''));
          read.onerror = () => resolve('');
        };
      }),
  );
}

/** Waits until the device keeps a text among the saved pages (the store writes a second after a change). */
async function keptOnTheDevice(page: Page, text: string): Promise<void> {
  await expect.poll(() => savedOnTheDevice(page), { timeout: 15_000 }).toContain(text);
}

test('offline, the timeline opens to what was saved, and a confirmation made then is sent once when the connection returns', async ({
  browser,
}) => {
  const text = `Norma de segurança offline ${unique()}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.elo');
  const id = await publishReading(admin.request, text);

  const context = await browser.newContext();
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/backend/confirmaLeituraPublicacao')) sent.push(request.url());
  });
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel/timeline');
  const pinned = page.getByRole('region', { name: 'Leituras obrigatórias' });
  await expect(pinned.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  await controlledByTheWorker(page);
  // Kept twice: among the pending readings and in the timeline's first page.
  await expect
    .poll(async () => (await savedOnTheDevice(page)).split(text).length - 1, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);

  // Without a connection, the portal opens to the saved timeline and says so.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: offlineBanner })).toBeVisible();
  await expect(page.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  const card = pinned.getByRole('article').filter({ hasText: text });
  await expectNoSeriousA11yViolations(page);

  // 'Li e estou ciente' offline: kept on the device, told so, the card leaves the pinned area.
  await card.getByRole('button', { name: /^Li e estou ciente/ }).click();
  await expect(page.getByText(/^Sem conexão: sua confirmação foi guardada/).first()).toBeVisible();
  await expect(pinned.getByText(text, { exact: true })).toHaveCount(0);
  // The tab closes and opens again, still offline: the confirmation still waits, on the device.
  await keptOnTheDevice(page, 'confirm-reading');
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: offlineBanner })).toBeVisible();
  await expect(page.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  expect(sent).toHaveLength(0);
  expect(await confirmations(admin.request, id)).toBe(0);

  // The connection returns: the banner goes and the confirmation is sent, once.
  await context.setOffline(false);
  await expect(page.getByText(offlineBanner)).toHaveCount(0);
  await expect.poll(() => confirmations(admin.request, id), { timeout: 20_000 }).toBe(1);
  // Sent, it leaves the device: opening the portal again does not send it again.
  await expect.poll(() => savedOnTheDevice(page)).not.toContain('confirm-reading');
  await page.reload();
  await expect(page.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  await expect(pinned.getByText(text, { exact: true })).toHaveCount(0);
  expect(sent).toHaveLength(1);
  expect(await confirmations(admin.request, id)).toBe(1);
});

test('a post typed offline is kept as a draft on the device and published once the connection returns', async ({
  browser,
}) => {
  const text = `Rascunho sem conexão ${unique()}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel/timeline');
  await controlledByTheWorker(page);
  await expect(page.getByRole('feed')).toBeVisible();
  await keptOnTheDevice(page, 'logged-user');

  await context.setOffline(true);
  const box = page.getByLabel('Texto da publicação');
  await box.fill(text);
  await page
    .getByRole('region', { name: 'Nova publicação' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  await expect(page.getByText(/^Sem conexão: seu texto ficou guardado neste aparelho/).first()).toBeVisible();
  // Reopened, still offline: the text is there.
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: offlineBanner })).toBeVisible();
  await expect(box).toHaveValue(text);

  await context.setOffline(false);
  await page
    .getByRole('region', { name: 'Nova publicação' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  await expect(page.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  await expect(box).toHaveValue('');
  await page.reload();
  await expect(box).toHaveValue('');
});
