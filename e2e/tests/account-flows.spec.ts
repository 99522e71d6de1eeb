import { expect, test } from '@playwright/test';
import { lastResetLinkTo, lastSmsCodeTo } from './messages.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Several people and uploads take longer than 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

test('first access: provisional password, mobile digits, SMS code, new password, signed in', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Login', { exact: true }).fill('10099');
  await page.getByLabel('Senha', { exact: true }).fill('Primeiro@1');
  await page.getByRole('button', { name: 'Entrar' }).click();
  // Signing in before first access says so, with the way to it.
  await expect(page.getByRole('alert').filter({ hasText: 'primeiro acesso' })).toBeVisible();
  await page.getByRole('link', { name: 'Fazer o primeiro acesso' }).click();
  await expect(page).toHaveURL(/\/primeiro-acesso-1$/);

  await expect(page.getByRole('heading', { level: 1, name: 'Primeiro acesso' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Login', { exact: true }).fill('10099');
  await page.getByLabel('Senha provisória').fill('Primeiro@1');
  // Typed through the ##/##/#### mask, as a person types it. The mask follows the caret with a
  // timer, which a machine under heavy load can outrun: typing again is what a person would do.
  const birthDate = page.getByLabel('Data de nascimento', { exact: true });
  await expect(async () => {
    await birthDate.fill('');
    await birthDate.pressSequentially('20051990', { delay: 50 });
    await expect(birthDate).toHaveValue('20/05/1990', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Primeiro acesso: confirmação do celular' }),
  ).toBeVisible();
  await page.getByLabel('Últimos 4 dígitos do celular').fill('1111');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Os dígitos não conferem com o celular cadastrado')).toBeVisible();
  await page.getByLabel('Últimos 4 dígitos do celular').fill('4321');
  await page.getByRole('button', { name: 'Confirmar' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Digite o código' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Código recebido por SMS').fill(await lastSmsCodeTo('+5511987654321'));
  await page.getByRole('button', { name: 'Validar código' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Crie a sua nova senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('senha123');
  await page.getByLabel('Confirme a nova senha').fill('senha123');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Esta senha é muito comum. Escolha outra')).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('Juliana#2026');
  await page.getByLabel('Confirme a nova senha').fill('Juliana#2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();

  await expect(page).toHaveURL(/\/painel\/timeline$/);
  await expect(page.getByRole('button', { name: 'Menu do usuário: Juliana Costa' })).toBeVisible();
});

test('password by e-mail: the link from the e-mail sets a new password', async ({ page }) => {
  await page.goto('/solicitar-senha-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitar senha por e-mail' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('E-mail').fill('ana.rocha@demo.elo');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(
    page.getByText('Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.'),
  ).toBeVisible();

  await page.goto(await lastResetLinkTo('ana.rocha@demo.elo'));
  await expect(page.getByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('AnaRocha#2026');
  await page.getByLabel('Confirme a nova senha').fill('AnaRocha#2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();

  await signIn(page, 'ana.rocha@demo.elo', 'AnaRocha#2026');
});

test('password by matricula: the last digits, the SMS code, a new password', async ({ page }) => {
  // Bruno Carvalho: matricula 10011, mobile ending 1001 (demo seed).
  await page.goto('/solicitar-senha-matricula');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitar senha por matrícula' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Matrícula').fill('10011');
  await page.getByLabel('Últimos 4 dígitos do celular').fill('1001');
  await page.getByRole('button', { name: 'Solicitar código' }).click();

  await expect(page).toHaveURL(/\/resetarsenha\/[\w-]+\?canal=sms$/);
  await expect(
    page.getByText('Se os dados conferirem, enviamos um código por SMS para o seu celular.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Código recebido por SMS').fill('000000');
  await page.getByLabel('Nova senha', { exact: true }).fill('Bruno#Senha2026');
  await page.getByLabel('Confirme a nova senha').fill('Bruno#Senha2026');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  const code = await lastSmsCodeTo('+5511990001001');
  if (code !== '000000') await expect(page.getByText('Código inválido ou expirado')).toBeVisible();

  await page.getByLabel('Código recebido por SMS').fill(code);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
  await signIn(page, 'bruno.carvalho@demo.elo', 'Bruno#Senha2026');
});
