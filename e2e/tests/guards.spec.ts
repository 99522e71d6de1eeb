import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

const noAccess = 'Você não tem acesso a esta funcionalidade.';

test('a private page sends a visitor who is not signed in to the login page', async ({ page }) => {
  await page.goto('/painel/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
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
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
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

test('the master administrator opens the administration', async ({ page }) => {
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin');
  const quickAccess = page.getByRole('region', { name: 'Acesso rápido' });
  await expect(quickAccess.getByRole('link', { name: 'Publicações' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Menu da administração' }).getByRole('link', { name: 'Grupos' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('/appportal goes to HR contact keeping the ticket id', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/appportal?idChamado=7');
  await expect(page).toHaveURL(/\/painel\/fale-com-rh\?idChamado=7$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fale com o RH' })).toBeVisible();
  await expect(page.getByText('Chamado solicitado: nº 7')).toBeVisible();
});

test('any other path shows the not-found page with a way home', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/isto/nao/existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
});
