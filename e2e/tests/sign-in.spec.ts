import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// No portal worker here: a test below makes the built files vanish with page.route, and a worker's
// own requests (its cache of the built files) escape page.route.
test.use({ serviceWorkers: 'block' });

const accounts = [
  { login: 'maria.silva@demo.elo', name: 'Maria Silva' },
  { login: '10002', name: 'Carlos Pereira' },
  { login: 'admin@demo.elo', name: 'Beatriz Almeida' },
  { login: 'sem.permissao@demo.elo', name: 'Sérgio Moura' },
  { login: 'joao@outra.elo', name: 'João Batista' },
];

for (const account of accounts) {
  test(`${account.login} signs in and lands on the timeline`, async ({ page }) => {
    await signIn(page, account.login);
    await expect(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Menu do usuário: ${account.name}` })).toBeVisible();
  });
}

test('the login page is accessible and says when the password is wrong', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Login', { exact: true }).fill('maria.silva@demo.elo');
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Login ou senha inválidos.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousA11yViolations(page);
});

test('empty fields get the translated required message beside them', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Campo obrigatório')).toHaveCount(2);
  await expect(page.getByLabel('Login', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test("when the form's checks cannot load, the server checks the fields with the same messages", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeVisible();
  // The checks load with the form's first use; here their files are gone (a deploy replaced them).
  await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404 }));
  const answer = page.waitForResponse((response) => response.url().endsWith('/backend/doLogin'));
  await page.getByRole('button', { name: 'Entrar' }).click();
  expect((await answer).status()).toBe(422);
  await expect(page.getByText('Campo obrigatório')).toHaveCount(2);
  await expect(page.getByLabel('Login', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('the timeline shell shows the groups, default first, and is accessible', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  const groups = page.getByLabel('Grupo');
  await expect(groups).toBeVisible();
  await expect(groups.locator('option').first()).toHaveText('Todos (padrão)');
  await expectNoSeriousA11yViolations(page);
});
