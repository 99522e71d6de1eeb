import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// The group made here is this test's own (a unique name) and deleted at the end; Thiago Freitas
// joins it by hand and the Curitiba unit by rule. The demo company's default group is never
// changed here (the server tests cover the default's rules).

/** The page fits the viewport's width with no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(width);
  expect(widths.body).toBeLessThanOrEqual(width);
}

async function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#0e7490' } })
    .png()
    .toBuffer();
}

test('the administrator creates a group (the photo field refusing a wrong size first), adds a member with roles, adds a rule and sees its people by rule, then deletes the group', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const name = `Grupo E2E ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.elo');

  // The list, from the sidebar: the default group marked.
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Grupos' })
    .click();
  await expect(page).toHaveURL(/\/admin\/grupos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Grupos da empresa' });
  const todos = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Todos/ }) });
  await expect(todos.getByText('Padrão')).toBeVisible();
  await expect(todos.getByRole('button', { name: 'Excluir Todos' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A new group: the photo field refuses 259x260 before anything is sent, then takes 260x260.
  await page.getByRole('link', { name: 'Novo grupo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo grupo' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Nome/ }).fill(name);
  await page.getByRole('textbox', { name: /^Sigla/ }).fill('E');
  const photo = page.getByLabel(/^Foto/);
  await photo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await picture(259, 260) });
  await expect(page.getByText('A imagem deve ter exatamente 260x260 pixels')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Não foi possível criar o grupo')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Sigla/ })).toHaveAccessibleDescription(
    /A sigla deve ter de 2 a 5 caracteres/,
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: /^Sigla/ }).fill('E2E');
  await photo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: await picture(260, 260) });
  await expect(page.getByText('A imagem deve ter exatamente 260x260 pixels')).toBeHidden();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/admin\/grupos$/);
  await page.getByRole('searchbox', { name: 'Buscar grupos' }).fill(name);
  await page.getByRole('searchbox', { name: 'Buscar grupos' }).press('Enter');
  await expect(table.getByRole('rowheader')).toHaveText([name]);

  // Its members: one person by hand with both roles.
  await page.getByRole('link', { name: `Membros e regras de ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Membros de ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar membros' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar membros' });
  await dialog.getByRole('searchbox', { name: 'Buscar pessoas' }).fill('Thiago Freitas');
  await dialog.getByRole('searchbox', { name: 'Buscar pessoas' }).press('Enter');
  await dialog.getByRole('checkbox', { name: /Thiago Freitas/ }).check();
  await dialog.getByRole('checkbox', { name: 'Administra o grupo' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Pode publicar' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Adicionar (1)' }).click();
  await expect(dialog).toBeHidden();
  const members = page.getByRole('table', { name: `Membros de ${name}` });
  const thiago = members
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Thiago Freitas' }) });
  await expect(thiago.getByRole('cell')).toContainText(['Por escolha', 'Sim', 'Sim']);

  // A rule: everyone of the Curitiba unit joins, marked as by rule.
  await page.getByRole('button', { name: 'Adicionar regra' }).click();
  const rule = page.getByRole('group', { name: /^Regra 1/ });
  await rule.getByRole('combobox', { name: 'Unidade' }).selectOption({ label: 'Curitiba' });
  await page.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Notificações/ })
      .getByText(/^Regras salvas: \d+ pessoa\(s\) no grupo por regra\.$/),
  ).toBeVisible();
  const juliana = members
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Juliana Costa' }) });
  await expect(juliana.getByRole('cell', { name: 'Por regra', exact: true })).toBeVisible();
  await expect(thiago.getByRole('cell', { name: 'Por escolha', exact: true })).toBeVisible();
  await expect(
    page.getByRole('group', { name: /^Regra 1: Curitiba/ }).getByText(/pessoa\(s\) agora/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Thiago's roles change: he may no longer publish, still administers the group.
  await page.getByRole('button', { name: 'Papéis de Thiago Freitas' }).click();
  const roles = page.getByRole('dialog', { name: 'Papéis de Thiago Freitas no grupo' });
  await expect(roles.getByRole('checkbox', { name: 'Pode publicar' })).toBeChecked();
  await roles.getByRole('checkbox', { name: 'Pode publicar' }).uncheck();
  await expectNoSeriousA11yViolations(page);
  await roles.getByRole('button', { name: 'Salvar papéis' }).click();
  await expect(roles).toBeHidden();
  await expect(
    page.getByRole('region', { name: /^Notificações/ }).getByText('Papéis de Thiago Freitas salvos.'),
  ).toBeVisible();
  await expect(thiago.getByRole('cell')).toContainText(['Por escolha', 'Não', 'Sim']);

  // 390 px wide, the members screen fits without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  // At 390 px the members are a list of cards (the kit's narrow layout).
  await expect(
    page
      .getByRole('list', { name: `Membros de ${name}` })
      .getByRole('listitem')
      .filter({ hasText: 'Juliana Costa' }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Thiago, in by hand only, is removed and leaves the group.
  await page.getByRole('button', { name: 'Remover Thiago Freitas' }).click();
  const removal = page.getByRole('dialog', { name: 'Remover 1 pessoa(s) do grupo?' });
  await removal.getByRole('button', { name: 'Remover' }).click();
  await expect(
    page.getByRole('region', { name: /^Notificações/ }).getByText('1 pessoa(s) removida(s).'),
  ).toBeVisible();
  await expect(members.getByRole('rowheader', { name: 'Thiago Freitas' })).toHaveCount(0);
  await expect(juliana).toBeVisible();

  // 390 px wide, the list and the form fit too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/grupos?busca=${encodeURIComponent(name)}`);
  // Cards at this width (the kit's narrow layout), one per group.
  await expect(
    page.getByRole('list', { name: 'Grupos da empresa' }).getByRole('listitem').filter({ hasText: name }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await page.goto('/admin/grupos/novo');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo grupo' })).toBeVisible();
  await expectNoSidewaysScroll(page, 390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Deleted at the end: the dialog says what becomes of posts, announcements, surveys and chats.
  await page.goto(`/admin/grupos?busca=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Excluir ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Excluir o grupo "${name}"?` });
  await expect(confirm.getByText(/publicações feitas só neste grupo/)).toBeVisible();
  await expect(confirm.getByText(/conversas do chat não mudam/)).toBeVisible();
  await expect(
    confirm.getByText(/uma pesquisa que tinha só este grupo não chega mais a ninguém/),
  ).toBeVisible();
  await expect(confirm.getByText(/chamados do RH deste grupo/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(
    page
      .getByRole('region', { name: /^Notificações/ })
      .getByText(`Grupo "${name}" excluído`, { exact: false }),
  ).toBeVisible();
  await expect(table.getByRole('rowheader', { name })).toHaveCount(0);
});
