import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

const noAccess = 'Você não tem acesso a esta funcionalidade.';

test('a private page sends a visitor to the login page, and signing in lands where they were going', async ({
  page,
}) => {
  await page.goto('/painel/pesquisas');
  await expect(page).toHaveURL(/\/\?destino=%2Fpainel%2Fpesquisas$/);
  await page.getByLabel('Login', { exact: true }).fill('maria.silva@demo.elo');
  await page.getByLabel('Senha', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/painel\/pesquisas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisas' })).toBeVisible();
});

test('a public page visited while signed in goes home, unless the query skips the guard', async ({
  page,
}) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/solicitar-senha-email');
  await expect(page).toHaveURL(/\/painel\/timeline$/);
  await page.goto('/?token=abc');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page).toHaveURL(/\/\?token=abc$/);
});

test('/painel goes to the timeline', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel');
  await expect(page).toHaveURL(/\/painel\/timeline$/);
});

test('a missing permission opens the no-permission modal and goes home', async ({ page }) => {
  // Three pages, each with an axe scan: 18 s on the quiet machine, past 60 s in a busy CI run.
  test.setTimeout(180_000);
  await signIn(page, 'sem.permissao@demo.elo');
  for (const path of ['/painel/chat', '/painel/pesquisas', '/painel/pesquisas/acessar/1']) {
    await page.goto(path);
    const dialog = page.getByRole('dialog', { name: noAccess });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'Entre em contato com administrador solicite a ativação das Permissões para este recurso',
    );
    await expect(page).toHaveURL(/\/painel\/timeline$/);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('an employee with the permissions opens chat and surveys', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel/chat');
  // The demo company calls its chat 'Mensagens' (app settings' function names).
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/painel/pesquisas');
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisas' })).toBeVisible();
});

test('the administration is for administrators only', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/admin');
  await expect(page.getByRole('dialog', { name: noAccess })).toBeVisible();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
});

test('the master administrator opens the administration: every area, quick access and figure', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin');
  const quickAccess = page.getByRole('region', { name: 'Acesso rápido' });
  for (const area of ['Publicações', 'Grupos', 'Usuários', 'TV corporativa']) {
    await expect(quickAccess.getByRole('link', { name: new RegExp(`^${area}`) })).toBeVisible();
  }
  const menu = page.getByRole('navigation', { name: 'Menu da administração' });
  await expect(menu.getByRole('link', { name: 'Grupos' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Auditoria' })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Números da empresa' });
  // The demo company's active people and survey answers, counted by the server.
  await expect(figures.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
  for (const figure of [
    'Usuários ativos',
    'Publicações',
    'Mensagens no chat (30 dias)',
    'Respostas de pesquisas',
  ]) {
    await expect(figures.getByRole('term').filter({ hasText: figure })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test('a restricted administrator sees only the areas and figures her statuses allow', async ({ page }) => {
  // editor@demo.elo: publications at E, users at L, nothing else.
  await signIn(page, 'editor@demo.elo');
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Menu da administração' });
  await expect(menu.getByRole('link', { name: 'Publicações' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Usuários' })).toBeVisible();
  for (const hidden of ['Grupos', 'Pesquisas', 'Auditoria', 'TV corporativa']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  const figures = page.getByRole('region', { name: 'Números da empresa' });
  await expect(figures.getByRole('term').filter({ hasText: 'Usuários ativos' })).toBeVisible();
  await expect(figures.getByRole('term').filter({ hasText: 'Respostas de pesquisas' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // An area she may not read, opened by its address, sends her back with the spec's message.
  await page.goto('/admin/auditoria');
  await expect(page.getByRole('dialog', { name: noAccess })).toBeVisible();
});

test('at 390 px the administration menu collapses behind a button and opens by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu da administração' });
  await expect(menu.getByRole('link', { name: 'Auditoria' })).toBeHidden();
  const toggle = menu.getByRole('button', { name: 'Menu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Auditoria' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await menu.getByRole('link', { name: 'Auditoria' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
});

test('/appportal goes to HR contact keeping the ticket id, which opens that ticket', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  // No ticket of Maria's has this id: the page says so and leads back to her tickets.
  await page.goto('/appportal?idChamado=999999');
  await expect(page).toHaveURL(/\/painel\/fale-com-rh\?idChamado=999999$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fale com o RH' })).toBeVisible();
  await expect(page.getByText('Não foi possível abrir este chamado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar aos chamados' })).toBeVisible();
});

test('any other path shows the not-found page with a way home', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
});
