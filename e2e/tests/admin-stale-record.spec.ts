import { expect, test, type Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Sabrina Castro is used by no other browser test.

const staleMessage = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';

/** An administrator, in a browser of their own, on Sabrina Castro's user form. */
async function openSabrina(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin/usuarios?busca=sabrina%20castro');
  await page
    .getByRole('table', { name: 'Usuários da empresa' })
    .getByRole('link', { name: 'Editar Sabrina Castro' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar usuário' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Nome completo/ })).toHaveValue('Sabrina Castro');
  return { context, page };
}

test("two administrators edit the same person: the stale save is refused, keeps what was typed, and a reload shows the other's change", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await openSabrina(browser);
  const b = await openSabrina(browser);
  const profileText = `Analista de dados desde 2020 (${Date.now()})`;

  // A saves a new profile text.
  await a.page.getByRole('textbox', { name: /Data de nascimento/ }).fill('15/03/1992');
  await a.page.getByRole('textbox', { name: 'Texto do perfil' }).fill(profileText);
  await a.page.getByRole('button', { name: 'Salvar' }).click();
  await expect(a.page.getByText('Sabrina Castro foi salvo(a).', { exact: true })).toBeVisible();

  // B saves a phone number from the copy B opened before A saved.
  const mobile = b.page.getByRole('textbox', { name: 'Celular' });
  await b.page.getByRole('textbox', { name: /Data de nascimento/ }).fill('15/03/1992');
  await mobile.fill('11955554444');
  await b.page.getByRole('button', { name: 'Salvar' }).click();
  const alert = b.page.getByRole('alert').filter({ hasText: staleMessage });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Recarregar' })).toBeVisible();
  await expect(b.page).toHaveURL(/\/admin\/usuarios\/\d+\/editar$/);
  await expect(mobile).toHaveValue('11955554444');
  await expect(b.page.getByRole('textbox', { name: 'Texto do perfil' })).toHaveValue('');
  await expectNoSeriousA11yViolations(b.page);

  // Reloaded, B sees A's change; B's phone, typed again, is saved beside it.
  await alert.getByRole('button', { name: 'Recarregar' }).click();
  await expect(b.page.getByRole('textbox', { name: 'Texto do perfil' })).toHaveValue(profileText);
  await expect(b.page.getByText(staleMessage)).toBeHidden();
  await expect(mobile).not.toHaveValue('11955554444');
  await mobile.fill('11955554444');
  await b.page.getByRole('button', { name: 'Salvar' }).click();
  await expect(b.page.getByText('Sabrina Castro foi salvo(a).', { exact: true })).toBeVisible();

  // A opens her again: both changes are there.
  await a.page.goto('/admin/usuarios?busca=sabrina%20castro');
  await a.page.getByRole('link', { name: 'Editar Sabrina Castro' }).click();
  await expect(a.page.getByRole('textbox', { name: 'Texto do perfil' })).toHaveValue(profileText);
  await expect(a.page.getByRole('textbox', { name: 'Celular' })).toHaveValue('11955554444');
  await a.context.close();
  await b.context.close();
});
