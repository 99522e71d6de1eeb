import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunchOptions, fullChromiumLaunchOptions } from '../support/chromium.ts';
import { signIn } from './support.ts';

// The installable portal and its worker (issue 30). A persistent context: an incognito one is
// never installable ('in-incognito') and keeps no worker between pages.
test.describe.configure({ timeout: 90_000 });

let context: BrowserContext;
let page: Page;

test.beforeEach(async ({ baseURL }, testInfo) => {
  // The headless shell refuses notifications: the push tests run Debian's Chromium.
  const launch = testInfo.title.includes('push') ? fullChromiumLaunchOptions : chromiumLaunchOptions;
  context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'elo-pwa-')), {
    ...launch,
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  page = context.pages()[0] ?? (await context.newPage());
});
test.afterEach(async () => {
  await context.close();
});

/** Waits for the portal's worker to be active and to control the page (a reload after the first visit). */
async function controlledByTheWorker(): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('the portal is installable: a manifest and a worker Chromium accepts', async () => {
  await signIn(page, 'maria.silva@demo.elo');
  await controlledByTheWorker();
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ start_url: '/painel', display: 'standalone', short_name: 'Elo' });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
});

test('a push reaches the worker, shows its notification, and opening it goes to the item', async ({
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await signIn(page, 'maria.silva@demo.elo');
  await controlledByTheWorker();

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const portal = registrations.find(
        (registration: { scopeURL: string; isDeleted: boolean }) =>
          registration.scopeURL === `${baseURL}/` && !registration.isDeleted,
      );
      if (portal) resolve(portal.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const shown = async () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map(({ title, body, tag }) => ({ title, body, tag }));
    });
  const registration = await registrationId;
  // A push handed over while the worker is still starting can be lost: hand it again until it shows
  // (the same tag: a second one replaces the first, never adds to it).
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: registration,
      data: JSON.stringify({
        web_push: 8030,
        notification: {
          title: 'Lembrete: Enviar o relatório',
          body: 'Hoje às 15h',
          navigate: `${baseURL}/painel/exemplo/lembrete`,
          tag: 'LEMBRETE:/painel/exemplo/lembrete',
          lang: 'pt-BR',
          dir: 'auto',
        },
      }),
    });
    expect(await shown()).toEqual([
      {
        title: 'Lembrete: Enviar o relatório',
        body: 'Hoje às 15h',
        tag: 'LEMBRETE:/painel/exemplo/lembrete',
      },
    ]);
  }).toPass({ timeout: 30_000 });

  // Choosing it: the worker's notificationclick, handed the notification it showed.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    // The worker's own types (webworker) are not this file's: what is used, by hand.
    const scope = self as unknown as {
      registration: { getNotifications(): Promise<object[]> };
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: object }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(/\/painel\/exemplo\/lembrete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lembretes' })).toBeVisible();
});

test('says clearly when this browser cannot subscribe to pushes', async ({ baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await signIn(page, 'maria.silva@demo.elo');
  await controlledByTheWorker();
  await page.getByRole('button', { name: /^Notificações/ }).click();
  await page.getByRole('button', { name: 'Preferências de notificação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preferências de notificação' });
  const thisDevice = dialog.getByRole('switch', { name: 'Receber neste dispositivo' });
  await expect(thisDevice).not.toBeChecked();
  // Headless Chromium reaches no push service, as a browser behind a strict proxy would not.
  await thisDevice.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Este navegador não conseguiu ativar as notificações: o serviço de notificações dele não está disponível agora. Tente mais tarde ou em outro navegador.',
    // Chromium without its vendor's push service never answers: the portal gives up after 15 s.
    { timeout: 30_000 },
  );
  await expect(thisDevice).not.toBeChecked();
});
