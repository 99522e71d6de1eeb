import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Only the other company (Outra Indústria) is changed here: the demo company's colours and
// function names, which other tests read, stay as seeded. João's sign-in test only checks that he
// lands on the timeline, which a new colour or chat name does not change.

async function picture(width: number, height: number, background = '#6d28d9') {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A CSS variable as an element computes it (the page root when a page is given). */
async function cssVariable(target: Page | Locator, name: string): Promise<string> {
  const element = 'goto' in target ? target.locator('html') : target;
  return element.evaluate((node, variable) => getComputedStyle(node).getPropertyValue(variable).trim(), name);
}

test('the master administrator rebrands the other company: live preview, contrast warning, logo checks; its portal takes the new look and names, the demo company keeps its own, and the sign-in page remembers it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@outra.elo');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Configurações do aplicativo' })
    .click();
  await expect(page).toHaveURL(/\/admin\/configuracoes-app$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações do aplicativo' })).toBeVisible();
  const preview = page.getByRole('region', { name: 'Pré-visualização do portal' });
  const themed = preview.locator('[data-preview-theme]');
  await expect(preview.getByRole('img', { name: /^Logotipo de Outra Indústria/ })).toBeVisible();
  // The seeded teal reads white text at 5.5:1, but not on its hover and active shades: the screen says so.
  const warning = preview.getByRole('alert');
  await expect(warning).toContainText('Contraste abaixo do recomendado (WCAG AA, 4,5:1)');
  await expect(warning).toContainText(
    'O texto dos botões ao passar o mouse (tom 500) tem contraste de 4,48:1.',
  );

  // The preview follows the main colour and the chat's name as they are typed, before saving.
  const mainColour = page.getByRole('textbox', { name: /^Cor principal/ });
  await mainColour.fill('#6d28d9');
  await expect.poll(() => cssVariable(themed, '--color-primary-600')).toBe('#6d28d9');
  await expect(warning).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  // The page around the preview still wears the saved colour until the settings are saved.
  await expect.poll(() => cssVariable(page, '--color-primary-600')).toBe('#0f766e');
  const chatName = `Papo ${Date.now() % 10_000}`;
  await page.getByRole('textbox', { name: 'Chat', exact: true }).fill(chatName);
  const previewNav = preview.getByRole('list', { name: 'Menu do portal (pré-visualização)' });
  await expect(previewNav.getByText(chatName)).toBeVisible();

  // A light secondary text colour is warned of; a readable one clears the warning.
  const secondary = page.getByRole('textbox', { name: /^Cor da fonte secundária/ });
  await secondary.fill('#cccccc');
  await expect(warning).toContainText('Contraste abaixo do recomendado (WCAG AA, 4,5:1)');
  await expect(warning).toContainText('A fonte secundária sobre o fundo branco tem contraste de');
  await secondary.fill('#374151');
  await expect(warning).toBeHidden();

  // The image field refuses a wrong logo before anything is sent.
  const logo = page.getByLabel(/^Logotipo/);
  await logo.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: await picture(200, 60) });
  await expect(
    page.getByText('Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG'),
  ).toBeVisible();
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(20, 20) });
  await expect(
    page.getByText('O logotipo deve ter de 32 a 2048 pixels de largura e de altura'),
  ).toBeVisible();
  await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(240, 80) });
  await expect(page.getByText('O logotipo deve ter de 32 a 2048 pixels de largura e de altura')).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações do aplicativo salvas.', { exact: true })).toBeVisible();
  // The administration wears the new shades at once.
  await expect.poll(() => cssVariable(page, '--color-primary-600')).toBe('#6d28d9');
  await expect.poll(() => cssVariable(page, '--color-font-secondary')).toBe('#374151');

  // The portal of this company: new shade, new logo, the chat's new name in the menu and its title.
  await page.goto('/painel/timeline');
  await expect.poll(() => cssVariable(page, '--color-primary-600')).toBe('#6d28d9');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: new RegExp(`^${chatName}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: chatName })).toBeVisible();
  const headerLogo = page.getByRole('banner').getByRole('img', { name: 'Logotipo de Outra Indústria S.A.' });
  await expect(headerLogo).toBeVisible();
  await expect.poll(() => headerLogo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(240);

  // Another company's portal keeps its own colour.
  const demoContext = await browser.newContext();
  const maria = await demoContext.newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await expect.poll(() => cssVariable(maria, '--color-primary-600')).toBe('#1d4ed8');
  await expect(
    maria.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: /^Mensagens/ }),
  ).toBeVisible();
  await demoContext.close();

  // Signed out, this browser's sign-in page shows the company's logo and colour.
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logotipo de Outra Indústria S.A.' })).toBeVisible();
  await expect.poll(() => cssVariable(page, '--color-primary-600')).toBe('#6d28d9');
  await page.reload();
  await expect(page.getByRole('img', { name: 'Logotipo de Outra Indústria S.A.' })).toBeVisible();
  await expect.poll(() => cssVariable(page, '--color-primary-600')).toBe('#6d28d9');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('at 390 px the app settings and their preview fit the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'admin@outra.elo');
  await page.goto('/admin/configuracoes-app');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações do aplicativo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pré-visualização do portal' })).toBeVisible();
  // A main colour whose button states all read at AA (the seeded teal's hover does not; see above).
  await page.getByRole('textbox', { name: /^Cor principal/ }).fill('#115e59');
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});
