import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demoPassword, expectNoSeriousA11yViolations, signIn } from './support.ts';

// Renata asks and is deleted; Otávio's seeded request is cancelled. No other test uses them.
const renata = 'renata.azevedo@demo.elo';

test('an employee asks for deletion and downloads her data; the administrator reads, cancels one and forces hers', async ({
  browser,
}) => {
  // Two people, three screens and several axe scans: more than the default limit on a busy machine.
  test.setTimeout(240_000);
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, renata);

  // "Minha conta" from the user menu.
  await employee.getByRole('button', { name: /Menu do usuário/ }).click();
  await employee.getByRole('menuitem', { name: 'Minha conta' }).click();
  await expect(employee).toHaveURL(/\/painel\/minha-conta$/);
  await expect(employee.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(employee.getByRole('region', { name: 'Meus dados', exact: true })).toContainText(
    'Renata Azevedo',
  );
  await expectNoSeriousA11yViolations(employee);

  // Her data, as one JSON file.
  const downloading = employee.waitForEvent('download');
  await employee.getByRole('link', { name: 'Baixar meus dados' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('meus-dados.json');
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    perfil: { nome: string; email: string };
    grupos: { nome: string }[];
    chamadosRH: { itens: unknown[] };
  };
  expect(data.perfil).toMatchObject({ nome: 'Renata Azevedo', email: renata });
  expect(data.grupos.map((group) => group.nome)).toContain('Todos');
  expect(data.chamadosRH.itens).toEqual([]);

  // The request, confirmed before it goes.
  const deletion = employee.getByRole('region', { name: 'Excluir minha conta' });
  await deletion
    .getByRole('textbox', { name: /Comentário/ })
    .fill('Vou me mudar de país e não usarei mais o portal.');
  await deletion.getByRole('button', { name: 'Solicitar exclusão' }).click();
  const confirm = employee.getByRole('dialog', { name: 'Solicitar a exclusão da sua conta?' });
  await expectNoSeriousA11yViolations(employee);
  await confirm.getByRole('button', { name: 'Solicitar exclusão' }).click();
  await expect(deletion.getByText(/Você solicitou a exclusão da sua conta em/)).toBeVisible();
  await expect(deletion.getByRole('button', { name: 'Retirar solicitação' })).toBeVisible();

  // The administrator sees the requests.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.elo');
  await admin.goto('/admin/usuarios/solicitacoes-exclusao');
  await expect(admin.getByRole('heading', { level: 1, name: 'Solicitações de exclusão' })).toBeVisible();
  const table = admin.getByRole('table');
  await expect(table.getByRole('rowheader', { name: /Renata Azevedo/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // Reads Otávio's comment whole, then cancels his request.
  const otavio = admin.getByRole('row', { name: /Otávio Dias/ });
  await otavio.getByRole('button', { name: 'Ler o comentário de Otávio Dias' }).click();
  const comment = admin.getByRole('dialog', { name: 'Comentário de Otávio Dias' });
  await expect(comment).toContainText('gostaria que a minha conta do portal fosse excluída');
  await expectNoSeriousA11yViolations(admin);
  // Closed by its button: an Escape pressed right after the scan was lost in 2 of about 8 runs
  // (closing by Escape is tested in dialog-focus.spec.ts).
  await comment.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(comment).toBeHidden();
  await otavio.getByRole('button', { name: 'Cancelar solicitação' }).click();
  await admin
    .getByRole('dialog', { name: 'Cancelar a solicitação de Otávio Dias?' })
    .getByRole('button', { name: 'Cancelar solicitação' })
    .click();
  await expect(otavio).toContainText('Cancelada');

  // Forces Renata's: the warning says it is permanent.
  const hers = admin.getByRole('row', { name: /Renata Azevedo/ });
  // The erase job may run before the list reloads, and then her row names 'Usuário removido':
  // what tells her request was forced is one more row in exclusion.
  const inExclusion = table.getByRole('row').filter({ hasText: /Em exclusão|Excluída/ });
  const before = await inExclusion.count();
  await hers.getByRole('button', { name: 'Forçar exclusão' }).click();
  const force = admin.getByRole('dialog', { name: 'Excluir a conta de Renata Azevedo?' });
  await expect(force).toContainText('Esta ação é definitiva');
  await force.getByRole('button', { name: 'Forçar exclusão' }).click();
  await expect(force).toBeHidden();
  await expect(inExclusion).toHaveCount(before + 1);

  // The pending filter, kept in the address, no longer lists either of them.
  await admin.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Pendente' });
  await expect(admin).toHaveURL(/status=PENDENTE/);
  await expect(table.getByRole('rowheader', { name: /Paula Moreira/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /Otávio Dias/ })).toHaveCount(0);
  await expect(table.getByRole('rowheader', { name: /Renata Azevedo/ })).toHaveCount(0);

  // Renata is out, and cannot sign in again.
  await employee.reload();
  await expect(employee).toHaveURL(/\/$|\/\?/);
  await employee.goto('/');
  await employee.getByLabel('Login', { exact: true }).fill(renata);
  await employee.getByLabel('Senha', { exact: true }).fill(demoPassword);
  await employee.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    employee.getByText(/Esta conta está desativada\. Fale com o administrador\.|Login ou senha inválidos\./),
  ).toBeVisible();
  await expect(employee).not.toHaveURL(/\/painel\//);

  await employeeContext.close();
  await adminContext.close();
});

test.describe('on a phone held upright', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Minha conta and the deletion requests fit 390 px without sideways scrolling', async ({ page }) => {
    test.setTimeout(120_000);
    const noSidewaysScroll = async () => {
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    };
    await signIn(page, 'maria.silva@demo.elo');
    await page.goto('/painel/minha-conta');
    // The page's chunk loads first.
    await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('link', { name: 'Baixar meus dados' })).toBeVisible();
    await noSidewaysScroll();

    await page.goto('/logout');
    // The sign-out finishes before the next sign-in: a login page opened while the session still
    // holds would send the visitor home.
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await signIn(page, 'admin@demo.elo');
    await page.goto('/admin/usuarios/solicitacoes-exclusao');
    // At 390 px the requests are a list of cards (the kit's narrow layout), one per request.
    await expect(page.getByRole('listitem').filter({ hasText: 'Paula Moreira' }).first()).toBeVisible();
    await noSidewaysScroll();
  });
});
