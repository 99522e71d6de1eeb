import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Yasmin Ribeiro and the person created here are used by no other browser test.

test('the administrator searches and filters users, creates one after fixing errors, edits them, and a deactivated person cannot sign in', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@demo.elo');

  // The list, from the administration's sidebar.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Usuários' })
    .click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Usuários da empresa' });
  await expect(table.getByRole('rowheader', { name: 'Maria Silva' })).toBeVisible();
  await expect(page.getByText(/^Exibindo 1 a \d+ de \d+ resultado\(s\)$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Search ignoring accents and case, then a filter, both kept in the address.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('YASMIN ribeiro');
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  await expect(page).toHaveURL(/busca=YASMIN/);
  await expect(table.getByRole('rowheader')).toHaveText(['Yasmin Ribeiro']);
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await page.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Inativos' });
  await expect(page).toHaveURL(/ativo=N/);
  // The two people of the demo data who left (other tests may deactivate others of their own).
  await expect(table.getByRole('rowheader', { name: 'Rodrigo Batista' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Vanessa Lopes' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Maria Silva' })).toBeHidden();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);

  // A new user: the errors first, then fixed.
  await page.getByRole('link', { name: 'Novo usuário' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo usuário' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    page.getByText('Ops! Parece que você tentou salvar sem preencher todos os dados necessários'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Nome completo/ })).toHaveAccessibleDescription(
    'Campo obrigatório',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: /Nome completo/ }).fill('Helena Prado');
  // An e-mail someone already has: refused by the server, beside the field.
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('maria.silva@demo.elo');
  await page.getByLabel(/Senha provisória/).fill('Provisoria@2026');
  await page.getByRole('textbox', { name: /Data de nascimento/ }).fill('12/04/1990');
  await page.getByRole('combobox', { name: 'Setor' }).selectOption({ label: 'Tecnologia' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('textbox', { name: /^E-mail/ })).toHaveAccessibleDescription(
    'Este e-mail já está em uso por outra pessoa',
  );
  const email = `helena.prado.${Date.now()}@demo.elo`;
  await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  await expect(page.getByText('Helena Prado foi salvo(a).', { exact: true })).toBeVisible();

  // Edit her.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('helena prado');
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  const helena = table.getByRole('row', { name: /Helena Prado/ });
  await expect(helena).toContainText('Tecnologia');
  await expect(helena).toContainText('Nunca');
  await helena.getByRole('link', { name: 'Editar Helena Prado' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar usuário' })).toBeVisible();
  await expect(page.getByText('Aguardando o primeiro acesso')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Data de nascimento/ })).toHaveValue('12/04/1990');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Cargo' }).selectOption({ label: 'Gerente' });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios$/);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('helena prado');
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  await expect(table.getByRole('row', { name: /Helena Prado/ })).toContainText('Gerente');

  // Deactivate Yasmin from the list's selection.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('yasmin');
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  await expect(table.getByRole('rowheader')).toHaveText(['Yasmin Ribeiro']);
  await table.getByRole('checkbox', { name: 'Selecionar Yasmin Ribeiro' }).check();
  await page.getByRole('button', { name: 'Desativar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desativar 1 usuário(s)?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText('1 usuário(s) desativado(s).', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: /Yasmin Ribeiro/ })).toContainText('Não');

  // Yasmin's sign-in is refused with a clear message.
  const other = await browser.newContext();
  const yasmin = await other.newPage();
  await yasmin.goto('/');
  await yasmin.getByLabel('Login', { exact: true }).fill('yasmin.ribeiro@demo.elo');
  await yasmin.getByLabel('Senha', { exact: true }).fill('Demo@1234');
  await yasmin.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    yasmin.getByText('Esta conta está desativada. Fale com o administrador.', { exact: true }),
  ).toBeVisible();
  await expect(yasmin).toHaveURL(/\/$/);
  await other.close();
  await context.close();
});
