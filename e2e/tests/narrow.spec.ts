import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// A phone held upright: every page must fit it, with every control reachable.
test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, 'the page is wider than the screen').toBeLessThanOrEqual(widths.viewport);
  expect(widths.body, 'the body is wider than the screen').toBeLessThanOrEqual(widths.viewport);
}

test('the portal fits 390 px: every menu entry on screen, pages without sideways scrolling', async ({
  page,
}) => {
  await signIn(page, 'maria.silva@demo.elo');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  // The chat goes by the demo company's own name for it, 'Mensagens'.
  for (const entry of ['Dashboard', 'Timeline', 'Mensagens', 'Pesquisas', 'Fale com o RH']) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${entry}`) })).toBeInViewport();
  }
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  for (const [entry, heading] of [
    ['Dashboard', 'Dashboard'],
    ['Pesquisas', 'Pesquisas'],
    ['Fale com o RH', 'Fale com o RH'],
  ] as const) {
    await nav.getByRole('link', { name: new RegExp(`^${entry}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test('at 390 px the chat composer is on screen with the conversation', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: /^Mensagens/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Conversas' })
    .getByRole('button', { name: /^Carlos Pereira/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Carlos Pereira' })).toBeVisible();
  await expect(page.getByLabel('Mensagem', { exact: true })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('at 390 px a survey’s results and the administration’s tables scroll inside themselves', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin/pesquisas');
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisas' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'Resultados' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/admin/auditoria');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
