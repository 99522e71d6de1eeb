import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('/lang/{lang} stores the language and goes to the login page in it', async ({ page }) => {
  await page.goto('/lang/en');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => localStorage.getItem('@lang'))).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Elo' })).toBeVisible();

  await page.goto('/lang/pt-BR');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});

test('the server answers in the chosen language', async ({ page }) => {
  await page.goto('/lang/en');
  await page.getByLabel('Login', { exact: true }).fill('maria.silva@demo.elo');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid login or password.' })).toBeVisible();
});

test.describe('with an English browser and no saved language', () => {
  test.use({ locale: 'en-US' });
  test('the browser language is chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('with a browser language the portal does not speak', () => {
  test.use({ locale: 'de-DE' });
  test('English is the fallback', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
});

test('the language links on the login page switch it', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Escolher idioma' })
    .getByRole('link', { name: 'English' })
    .click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the portal names the demo’s chat in the chosen language (issue 29)', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  const menu = (name: string) => page.getByRole('navigation', { name });
  await expect(menu('Navegação principal').getByRole('link', { name: /^Mensagens/ })).toBeVisible();
  await page.getByRole('button', { name: /Menu do usuário/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(menu('Main navigation').getByRole('link', { name: /^Messages/ })).toBeVisible();
  await expect(menu('Main navigation').getByRole('link', { name: /^Surveys/ })).toBeVisible();
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await menu('Navegación principal')
    .getByRole('link', { name: /^Mensajes/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
});
