import { expect, test } from '@playwright/test';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../apps/server/src/modules/sso/testing/oidc-provider.ts';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Single sign-on of Elo Demonstração through a real OpenID provider (oidc-provider, in this
// worker) for a domain of its own (corp.demo.elo), so the other tests' demo.elo e-mails keep the
// password form. The person signing in does not exist yet: created on the way in, with the groups
// the provider's claims map to.

const port = Number(process.env.E2E_PORT ?? 3210);
const portal = `http://127.0.0.1:${port}`;
let idp: TestOidcProvider;

test.beforeAll(async () => {
  idp = await startTestOidcProvider({
    clientId: 'portal-e2e',
    clientSecret: 'segredo-e2e',
    redirectUri: `${portal}/backend/sso/oidc/retorno`,
    postLogoutRedirectUri: `${portal}/`,
  });
  idp.addAccount({
    sub: 'nova.pessoa',
    email: 'nova.pessoa@corp.demo.elo',
    name: 'Nova Pessoa',
    groups: ['vendas', 'ti', 'diretoria'],
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test('the master sets corporate sign-in up, and a new person signs in through the provider’s pages, lands on the timeline with the mapped groups, and signs out of both', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.elo');
  await admin.goto('/admin/configuracoes-app');
  await admin
    .getByRole('navigation', { name: 'Seções das configurações do aplicativo' })
    .getByRole('link', { name: 'Login corporativo (SSO)' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Login corporativo (SSO)' })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Redirect URI (OIDC)', exact: true })).toHaveValue(
    `${portal}/backend/sso/oidc/retorno`,
  );
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole('checkbox', { name: 'Login corporativo ligado' }).check();
  await admin.getByRole('textbox', { name: /Domínios de e-mail/ }).fill('corp.demo.elo');
  await admin.getByRole('textbox', { name: /Emissor/ }).fill(idp.issuer);
  await admin.getByRole('textbox', { name: /Client ID/ }).fill('portal-e2e');
  await admin.getByLabel('Client secret', { exact: true }).fill('segredo-e2e');
  for (const [index, [value, group]] of [
    ['vendas', 'Comercial'],
    ['ti', 'Tecnologia'],
  ].entries()) {
    await admin.getByRole('button', { name: 'Adicionar mapeamento' }).click();
    await admin.getByRole('textbox', { name: `Valor no provedor (${index + 1})` }).fill(value!);
    await admin
      .getByRole('combobox', { name: `Grupo do portal (${index + 1})` })
      .selectOption({ label: group! });
  }
  await admin.getByRole('checkbox', { name: 'Criar a pessoa no primeiro login' }).check();
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Login corporativo salvo.', { exact: true })).toBeVisible();
  await expect(admin.getByText('Um segredo está salvo. Deixe em branco para mantê-lo.')).toBeVisible();
  await admin.getByRole('button', { name: 'Testar configuração' }).click();
  await expect(admin.getByText('A configuração está pronta.')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Login', { exact: true }).fill('nova.pessoa@corp.demo.elo');
  await page.getByLabel('Senha', { exact: true }).focus();
  const offer = page.getByRole('link', { name: 'Entrar com a conta da empresa' });
  await expect(offer).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await offer.click();

  // The provider's own sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('nova.pessoa');
  await page.locator('input[name="password"]').fill('qualquer');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/painel\/timeline$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu do usuário: Nova Pessoa' })).toBeVisible();
  // Her groups: the default one, and the two the provider's groups map to (not 'diretoria').
  const groups = page.getByRole('combobox', { name: 'Grupo' });
  await expect(groups.locator('option')).toHaveText([
    'Todos (padrão)',
    'Comercial',
    'Tecnologia',
    'Todos os meus grupos',
  ]);

  // Signing out ends the provider's session too: its sign-out page, then back to the login page.
  await page.getByRole('button', { name: 'Menu do usuário: Nova Pessoa' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${portal}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeVisible();
  await context.close();
});
