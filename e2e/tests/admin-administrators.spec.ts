import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu da administração' });

test('the master creates an administrator who reads users only; signed in, she sees that area and is refused the rest', async ({
  browser,
}) => {
  // Two people, two sign-ins and three axe scans on a busy machine.
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const login = `teresa.${suffix}@demo.elo`;
  const password = 'Girassol#2026';

  const masterContext = await browser.newContext();
  const master = await masterContext.newPage();
  await signIn(master, 'admin@demo.elo');
  await master.goto('/admin');
  await sidebar(master).getByRole('link', { name: 'Administradores' }).click();
  await expect(master.getByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();
  await expect(master.getByRole('row', { name: /Helena Rocha/ })).toBeVisible();
  await expectNoSeriousA11yViolations(master);

  await master.getByRole('link', { name: 'Novo administrador' }).click();
  await expect(master.getByRole('heading', { level: 1, name: 'Novo administrador' })).toBeVisible();
  // Saved empty: the spec's required fields, beside each.
  await master.getByRole('button', { name: 'Salvar' }).click();
  await expect(master.getByLabel(/^Nome completo/)).toHaveAccessibleDescription(/Campo obrigatório/);
  await expect(master.getByLabel(/^Senha/)).toHaveAccessibleDescription(/Campo obrigatório/);
  await expectNoSeriousA11yViolations(master);

  await master.getByLabel(/^Nome completo/).fill('Teresa Restrita');
  // An e-mail already in use: the server's message beside the field.
  await master.getByLabel(/^E-mail/).fill('maria.silva@demo.elo');
  await master.getByLabel(/^Login/).fill('maria.silva@demo.elo');
  await master.getByLabel(/^Senha/).fill(password);
  await master.getByRole('group', { name: 'Usuários' }).getByRole('radio', { name: 'Leitura' }).check();
  await master.getByRole('button', { name: 'Salvar' }).click();
  await expect(master.getByLabel(/^E-mail/)).toHaveAccessibleDescription(
    'Este e-mail já está em uso por outra pessoa',
  );
  await master.getByLabel(/^E-mail/).fill(login);
  await master.getByLabel(/^Login/).fill(login);
  await master.getByRole('button', { name: 'Salvar' }).click();
  await expect(master.getByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();
  await master.getByRole('searchbox', { name: 'Buscar' }).fill('teresa restrita');
  await master.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  const row = master.getByRole('row', { name: /Teresa Restrita/ });
  await expect(row).toContainText('0 em edição, 1 em leitura');
  await masterContext.close();

  // Teresa signs in with the password set for her (administrators skip the first access).
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login, password);
  await page.goto('/admin');
  const links = sidebar(page).getByRole('link');
  await expect(sidebar(page).getByRole('link', { name: 'Usuários', exact: true })).toBeVisible();
  await expect(links.filter({ hasText: /^(Administradores|Auditoria|Pesquisas|Grupos)$/ })).toHaveCount(0);
  // Another area by its address: the no-access message, and back to the portal.
  await page.goto('/admin/administradores');
  await expect(
    page.getByRole('dialog', { name: 'Você não tem acesso a esta funcionalidade.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
  // The server refuses her the write whatever the page shows.
  const refused = await page.request.post('/backend/salvaAdministradorAdmin', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: {
      nome: 'X',
      login: 'x@demo.elo',
      email: 'x@demo.elo',
      senha: password,
      flAprovado: 'S',
      permissoesAdmin: [],
    },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});

test('a read-only administrator of administrators sees them without the controls that change them', async ({
  browser,
}) => {
  // Several pages and axe scans on a busy machine.
  test.slow();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'rh.admin@demo.elo');
  await page.goto('/admin/administradores');
  await expect(page.getByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Beatriz Almeida/ })).toContainText('Master');
  await expect(page.getByRole('link', { name: 'Novo administrador' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remover/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ver: Eduardo Nogueira' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Administrador' })).toBeVisible();
  const publications = page.getByRole('group', { name: 'Publicações e timeline' });
  await expect(publications.getByRole('radio', { name: 'Edição' })).toBeChecked();
  await expect(publications.getByRole('radio', { name: 'Edição' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Creating is for E: the address alone does not open it.
  await page.goto('/admin/administradores/novo');
  await expect(
    page.getByRole('dialog', { name: 'Você não tem acesso a esta funcionalidade.' }),
  ).toBeVisible();
  await context.close();
});

test('the master promotes an employee and removes them again; the master cannot be removed', async ({
  browser,
}) => {
  // Several pages and axe scans on a busy machine.
  test.slow();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin/administradores/novo');
  await page.getByRole('radio', { name: 'Um usuário que já existe' }).check();
  await page.getByRole('searchbox', { name: 'Buscar usuário' }).fill('10030');
  await page.getByRole('searchbox', { name: 'Buscar usuário' }).press('Enter');
  const choose = page.getByRole('button', { name: /^Escolher: / });
  await expect(choose).toHaveCount(1);
  const name = (await choose.getAttribute('aria-label'))!.replace('Escolher: ', '');
  await choose.click();
  await expect(page.getByText(`Promovendo ${name}: a senha continua a mesma.`)).toBeVisible();
  await expect(page.getByLabel(/^Senha/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('group', { name: 'Auditoria' }).getByRole('radio', { name: 'Leitura' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();

  // The edit page of the one just promoted.
  await page.getByRole('link', { name: `Editar: ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar administrador' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Auditoria' }).getByRole('radio', { name: 'Leitura' }),
  ).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: `Remover: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remover ${name} da administração?` });
  await expect(dialog).toContainText('continua como usuário do aplicativo');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByText(`${name} não é mais administrador.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  // The master's row offers no removal at all; the server would refuse it with its reason.
  await expect(page.getByRole('button', { name: 'Remover: Beatriz Almeida' })).toHaveCount(0);
  await context.close();
});

test('an administrator awaiting approval is told so in the administration, and the portal works', async ({
  browser,
}) => {
  // Several pages and axe scans on a busy machine.
  test.slow();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'aguardando@demo.elo');
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: /Administração/ }).click();
  await expect(
    page.getByText('Seu acesso à administração ainda não foi aprovado. Fale com um administrador.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Voltar ao portal' }).click();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
  await context.close();
});

test.describe('on a phone held upright', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the administrators list and form fit 390 px without sideways scrolling', async ({ page }) => {
    test.slow();
    const noSidewaysScroll = async () => {
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    };
    await signIn(page, 'admin@demo.elo');
    await page.goto('/admin/administradores');
    await expect(page.getByRole('heading', { level: 1, name: 'Administradores' })).toBeVisible();
    // At this width the list shows each administrator as a card, with its actions in it.
    const helena = page
      .getByRole('list', { name: 'Administradores' })
      .getByRole('listitem')
      .filter({ hasText: 'Helena Rocha' });
    await expect(helena).toBeVisible();
    await noSidewaysScroll();
    await page.goto('/admin/administradores/novo');
    const users = page.getByRole('group', { name: 'Usuários' });
    await expect(users.getByRole('radio', { name: 'Edição' })).toBeVisible();
    // Every permission's three choices can be reached by keyboard: arrows move within a row.
    await users.getByRole('radio', { name: 'Nenhum' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(users.getByRole('radio', { name: 'Leitura' })).toBeChecked();
    await noSidewaysScroll();
  });
});
