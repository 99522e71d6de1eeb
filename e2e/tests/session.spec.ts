import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('signing out ends the session: private pages need a new sign-in', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.getByRole('button', { name: 'Menu do usuário: Maria Silva' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tokenChat'))).toBeNull();
  await page.goto('/painel/timeline');
  await expect(page).toHaveURL(/\/\?destino=%2Fpainel%2Ftimeline$/);
});

test('/logout signs out too', async ({ page }) => {
  await signIn(page, '10002');
  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.goto('/painel/dashboard');
  await expect(page).toHaveURL(/\/\?destino=%2Fpainel%2Fdashboard$/);
});

test('the signed-in user survives a reload: the guard asks the server who it is', async ({ page }) => {
  await signIn(page, 'admin@demo.elo');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu do usuário: Beatriz Almeida' })).toBeVisible();
});

test('a session the server ended sends the next visit to the login page', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  // The server forgets the session (as after the idle time): the cookie no longer opens anything.
  await page.request.post('/backend/doLogout', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {},
  });
  await page.goto('/painel/dashboard');
  await expect(page).toHaveURL(/\/\?destino=%2Fpainel%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});

test('a visitor on the public pages makes no call that answers 401; a signed-in one goes home', async ({
  page,
}) => {
  const unauthorized: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(response.url());
  });
  for (const path of ['/', '/solicitar-senha-email', '/primeiro-acesso-1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(unauthorized).toEqual([]);

  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();
});
