import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Several people in their own browsers take longer than 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function openAs(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, login);
  return page;
}

function adminMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu da administração' });
}

test('the administration timeline filters by group and hides a post with a reason: the employee stops seeing it, the audit log keeps the reason', async ({
  browser,
}) => {
  const text = `Post a moderar ${unique()}`;
  const reason = `Linguagem imprópria ${unique()}`;

  // Maria publishes in her default group, Todos; Carlos, also in Todos, sees it.
  const maria = await openAs(browser, 'maria.silva@demo.elo');
  await maria.getByLabel('Texto da publicação').fill(text);
  const answer = maria.waitForResponse((response) =>
    response.url().endsWith('/backend/publicaPostagemTimeline'),
  );
  await maria
    .getByRole('region', { name: 'Nova publicação' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  const published = await answer;
  expect(published.status()).toBe(200);
  const postId = ((await published.json()) as { data: { postagem: { idMensagem: number } } }).data.postagem
    .idMensagem;
  const carlos = await openAs(browser, '10002');
  await expect(carlos.getByRole('article').filter({ hasText: text })).toBeVisible();

  // The administrator opens the timeline from the sidebar: every group, newest first.
  const admin = await openAs(browser, 'admin@demo.elo');
  await admin.goto('/admin');
  await adminMenu(admin).getByRole('link', { name: 'Timeline' }).click();
  await expect(admin).toHaveURL(/\/admin\/timeline$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Timeline' })).toBeVisible();
  const card = admin.getByRole('article', { name: 'Publicação de Maria Silva' }).filter({ hasText: text });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The group filter: all groups first; Comercial leaves Maria's post out, Todos brings it back.
  const filter = admin.getByRole('combobox', { name: 'Grupo' });
  await expect(filter.getByRole('option').first()).toHaveText('Todos os grupos');
  await filter.selectOption({ label: 'Comercial' });
  await expect(admin).toHaveURL(/\/admin\/timeline\?grupo=\d+$/);
  await expect(admin.getByRole('article').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await filter.selectOption({ label: 'Todos' });
  await expect(card).toBeVisible();
  await filter.selectOption({ label: 'Todos os grupos' });
  await expect(admin).toHaveURL(/\/admin\/timeline$/);

  // Hiding asks for the reason first.
  await card.getByRole('button', { name: 'Moderar a publicação de Maria Silva' }).click();
  await admin.getByRole('menuitem', { name: 'Ocultar' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Ocultar publicação' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ocultar' }).click();
  await expect(dialog.getByText('Campo obrigatório')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill(reason);
  await dialog.getByRole('button', { name: 'Ocultar' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Publicação ocultada').first()).toBeVisible();
  await expect(card.getByText('Oculta', { exact: true })).toBeVisible();

  // Carlos no longer sees it, in the feed or by its link.
  await carlos.reload();
  await expect(carlos.getByRole('article').first()).toBeVisible();
  await expect(carlos.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  await carlos.goto(`/painel/publicacao/${postId}`);
  await expect(carlos).toHaveURL(/\/painel\/timeline$/);
  await expect(carlos.getByRole('article').filter({ hasText: text })).toHaveCount(0);

  // Maria is told why.
  await maria.reload();
  await maria
    .getByRole('banner')
    .getByRole('button', { name: /^Notificações/ })
    .click();
  const bell = maria.getByRole('dialog', { name: 'Notificações' });
  await expect(bell.getByText('Sua publicação foi ocultada pela moderação').first()).toBeVisible();
  await expect(bell.getByText(new RegExp(reason)).first()).toBeVisible();
  await maria.keyboard.press('Escape');

  // The audit log keeps the reason.
  await adminMenu(admin).getByRole('link', { name: 'Auditoria' }).click();
  await admin.getByRole('combobox', { name: 'Ação' }).selectOption({ label: 'Publicação ocultada' });
  await expect(admin).toHaveURL(/acao=post_hide/);
  const row = admin.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Ver detalhes' }).click();
  const details = admin.getByRole('dialog', { name: 'Detalhes do registro' });
  await expect(details.getByRole('row', { name: /^motivo/ })).toContainText(reason);
  await admin.keyboard.press('Escape');

  // Shown again, Carlos sees it once more.
  await adminMenu(admin).getByRole('link', { name: 'Timeline' }).click();
  await card.getByRole('button', { name: 'Moderar a publicação de Maria Silva' }).click();
  await admin.getByRole('menuitem', { name: 'Exibir novamente' }).click();
  const again = admin.getByRole('dialog', { name: 'Exibir publicação novamente' });
  await again.getByRole('button', { name: 'Exibir novamente' }).click();
  await expect(again).toBeHidden();
  await expect(card.getByText('Oculta', { exact: true })).toHaveCount(0);
  await carlos.goto('/painel/timeline');
  await expect(carlos.getByRole('article').filter({ hasText: text })).toBeVisible();
});

test('a comment hidden from the administration timeline leaves the employee’s card', async ({ browser }) => {
  const text = `Post com comentário ${unique()}`;
  const remark = `Comentário a ocultar ${unique()}`;
  const maria = await openAs(browser, 'maria.silva@demo.elo');
  await maria.getByLabel('Texto da publicação').fill(text);
  await maria
    .getByRole('region', { name: 'Nova publicação' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  const carlos = await openAs(browser, '10002');
  const employeeCard = carlos.getByRole('article').filter({ hasText: text });
  await employeeCard.getByLabel('Escreva um comentário').fill(remark);
  await employeeCard.getByRole('button', { name: 'Comentar' }).click();
  await expect(employeeCard.getByText(remark)).toBeVisible();

  const admin = await openAs(browser, 'admin@demo.elo');
  await admin.goto('/admin/timeline');
  const card = admin.getByRole('article', { name: 'Publicação de Maria Silva' }).filter({ hasText: text });
  await card.getByRole('button', { name: 'Moderar o comentário de Carlos Pereira' }).click();
  await admin.getByRole('menuitem', { name: 'Ocultar' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Ocultar comentário' });
  await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Fora do tema');
  await dialog.getByRole('button', { name: 'Ocultar' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Oculto', { exact: true })).toBeVisible();
  await expect(card.getByText(remark)).toBeVisible();

  await carlos.reload();
  await expect(employeeCard).toBeVisible();
  await expect(employeeCard.getByText(remark)).toHaveCount(0);
});

test('the administration chat is the portal’s chat inside the administration layout', async ({ browser }) => {
  const admin = await openAs(browser, 'admin@demo.elo');
  await admin.goto('/admin');
  await adminMenu(admin).getByRole('link', { name: 'Chat' }).click();
  await expect(admin).toHaveURL(/\/admin\/chat$/);
  // The demo company's name for the chat (app settings).
  await expect(admin.getByRole('heading', { level: 1, name: /^Mensagens/ })).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Conversas' })).toBeVisible();
  await expect(adminMenu(admin)).toBeVisible();
  await expect(adminMenu(admin).getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(admin);
});
