import { expect, test } from '@playwright/test';
import { lastInvitationPasswordTo, lastSmsCodeTo } from './messages.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

const header =
  'matricula,nome,email,tipoLogin,celular,dtNascimento,dtAdmissao,unidade,filial,setor,cargo,grupos';

test('the administrator previews an import with an error, fixes it and applies it', async ({ page }) => {
  test.slow();
  const tag = Date.now().toString(36);
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin/usuarios/importacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Importação de usuários' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar modelo XLSX' })).toHaveAttribute(
    'href',
    '/backend/usuarios/modelo-importacao.xlsx?idioma=pt-BR',
  );
  await expectNoSeriousA11yViolations(page);

  const file = (groups: string) => ({
    name: 'pessoas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        header,
        `E2E-${tag},Lívia Importada,livia.${tag}@demo.elo,EMAIL,11987650000,20/04/1992,2024-01-15,São Paulo,Matriz,Setor ${tag},Analista,${groups}`,
      ].join('\n'),
    ),
  });
  const apply = page.getByRole('button', { name: 'Aplicar importação' });

  // A group that does not exist: the preview names the column, and nothing can be applied.
  await page.getByLabel(/^Arquivo CSV ou XLSX/).setInputFiles(file('Comercial;Inexistente'));
  await page.getByRole('button', { name: 'Simular' }).click();
  const preview = page.getByRole('table', { name: 'Linhas do arquivo e o que acontece com cada uma' });
  await expect(preview.getByText('grupos: Grupo não encontrado: Inexistente')).toBeVisible();
  await expect(apply).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Fixed: the preview says new, and applying creates her.
  await page.getByLabel(/^Arquivo CSV ou XLSX/).setInputFiles(file('Comercial'));
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(preview.getByRole('row', { name: /Lívia Importada/ })).toContainText('Novo');
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(
    page.getByText('Importação aplicada: 1 novo(s), 0 alterado(s), 0 desativado(s).'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Resultado da importação' })).toBeVisible();

  // The same file again changes nothing; her sector now exists in the user settings.
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(preview.getByRole('row', { name: /Lívia Importada/ })).toContainText('Inalterado');
  await page.goto('/admin/configuracoes-usuario?tipo=SETOR');
  const sectors = page.getByRole('table', { name: 'Itens do cadastro de setor' });
  await expect(sectors.getByRole('row', { name: new RegExp(`Setor ${tag}`) })).toContainText('1');
});

test('an imported person gets the first-access invitation and completes first access with its password', async ({
  page,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const name = `Vera Convidada ${tag}`;
  const email = `vera.${tag}@demo.elo`;
  // A mobile of her own, so the SMS code read from the outbox is hers.
  const mobile = `119${String(Date.now()).slice(-8)}`;
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin/usuarios/importacao');
  await page.getByLabel(/^Arquivo CSV ou XLSX/).setInputFiles({
    name: 'convidada.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, `,${name},${email},EMAIL,${mobile},14/07/1993,,,,,,`].join('\n')),
  });
  await page.getByRole('button', { name: 'Simular' }).click();
  const preview = page.getByRole('table', { name: 'Linhas do arquivo e o que acontece com cada uma' });
  await expect(preview.getByRole('row', { name: new RegExp(name) })).toContainText('Novo');
  await page.getByRole('button', { name: 'Aplicar importação' }).click();
  await expect(
    page.getByText('Importação aplicada: 1 novo(s), 0 alterado(s), 0 desativado(s).'),
  ).toBeVisible();

  // On the users list, she is selected and invited.
  await page.goto(`/admin/usuarios?busca=${encodeURIComponent(email)}`);
  const table = page.getByRole('table', { name: 'Usuários da empresa' });
  await expect(table.getByRole('rowheader', { name })).toBeVisible();
  await table.getByRole('checkbox', { name: new RegExp(name) }).check();
  // The bulk actions fit a 390 px screen without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  const inviteButton = page.getByRole('button', { name: 'Enviar convite de primeiro acesso' });
  await inviteButton.scrollIntoViewIfNeeded();
  await expect(inviteButton).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await inviteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Enviar o convite de primeiro acesso a 1 usuário(s)?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Enviar convite de primeiro acesso' }).click();
  await expect(page.getByText('1 convite(s) enviado(s), 0 ignorado(s).', { exact: true })).toBeVisible();

  // The e-mail carries a provisional password that opens her first access.
  const password = await lastInvitationPasswordTo(email);
  await page.context().clearCookies();
  await page.goto('/primeiro-acesso-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Primeiro acesso' })).toBeVisible();
  await page.getByLabel('Login', { exact: true }).fill(email);
  await page.getByLabel('Senha provisória').fill(password);
  const birthDate = page.getByLabel('Data de nascimento', { exact: true });
  await expect(async () => {
    await birthDate.fill('');
    await birthDate.pressSequentially('14071993', { delay: 50 });
    await expect(birthDate).toHaveValue('14/07/1993', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Primeiro acesso: confirmação do celular' }),
  ).toBeVisible();
  await page.getByLabel('Últimos 4 dígitos do celular').fill(mobile.slice(-4));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Digite o código' })).toBeVisible();
  await page.getByLabel('Código recebido por SMS').fill(await lastSmsCodeTo(mobile));
  await page.getByRole('button', { name: 'Validar código' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Crie a sua nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill(`Vera#${tag}`);
  await page.getByLabel('Confirme a nova senha').fill(`Vera#${tag}`);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
  await expect(page.getByRole('button', { name: `Menu do usuário: ${name}` })).toBeVisible();
});

test('the administrator keeps the user settings: creates and deletes an item, told why one in use stays', async ({
  page,
}) => {
  test.slow();
  const name = `Unidade E2E ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Configurações de usuário' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações de usuário' })).toBeVisible();
  const units = page.getByRole('table', { name: 'Itens do cadastro de unidade' });
  await expect(units.getByRole('row', { name: /São Paulo/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Novo item: unidade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo item: unidade' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(units.getByRole('row', { name: new RegExp(name) })).toContainText('0');

  // São Paulo has people: deleting it is refused with the reason.
  await page.getByRole('button', { name: 'Excluir: São Paulo' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir "São Paulo"?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: /está em uso por \d+ pessoa\(s\)/ })).toBeVisible();
  await expect(units.getByRole('row', { name: /São Paulo/ })).toBeVisible();

  // The new one, used by nobody, goes.
  await page.getByRole('button', { name: `Excluir: ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Excluir "${name}"?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(units.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Assuntos de chamado' }).click();
  await expect(page).toHaveURL(/tipo=ASSUNTO_CHAMADO/);
  await expect(page.getByRole('table', { name: 'Itens do cadastro de assunto de chamado' })).toContainText(
    'Férias',
  );
});
