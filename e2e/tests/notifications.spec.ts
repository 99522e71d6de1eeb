import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Two people signing in, posting and commenting take longer than 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
}

/** The unread count the bell's accessible name says ('Notificações (3 não lidas)'; none: 0). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/\((\d+) não lidas?\)/.exec(name)?.[1] ?? 0);
}

test("a comment on Maria's post rings her bell live; the item opens the post and is read", async ({
  browser,
}) => {
  const text = `Quem traz o bolo na sexta? ${unique()}`;
  const mariaContext = await browser.newContext();
  const maria = await mariaContext.newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await maria.getByLabel('Texto da publicação').fill(text);
  const published = maria.waitForResponse((response) =>
    response.url().endsWith('/backend/publicaPostagemTimeline'),
  );
  await maria
    .getByRole('region', { name: 'Nova publicação' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  const postId = ((await (await published).json()) as { data: { postagem: { idMensagem: number } } }).data
    .postagem.idMensagem;
  await expect(bell(maria)).toBeVisible();
  const before = await unreadCount(maria);

  const carlosContext = await browser.newContext();
  const carlos = await carlosContext.newPage();
  await signIn(carlos, '10002');
  const card = carlos.getByRole('article').filter({ hasText: text });
  await card.getByLabel('Escreva um comentário').fill('Eu levo!');
  await card.getByRole('button', { name: 'Comentar' }).click();
  await expect(card.getByText('Eu levo!')).toBeVisible();

  // Maria never reloads: the stream brings the item.
  await expect.poll(() => unreadCount(maria)).toBeGreaterThan(before);
  await expect(maria.getByTestId('notification-count')).toBeVisible();
  await bell(maria).click();
  const list = maria.getByRole('dialog', { name: 'Notificações' });
  const item = list.getByRole('button', {
    name: /Não lida: Carlos Pereira comentou a sua publicação Eu levo!/,
  });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(maria);

  await item.click();
  await expect(maria).toHaveURL(new RegExp(`/painel/publicacao/${postId}$`));
  await expect(maria.getByRole('dialog', { name: 'Publicação' }).getByText(text)).toBeVisible();
  // The item is read now (other tests may ring Maria's bell meanwhile, so the count is not exact).
  await maria.keyboard.press('Escape');
  await bell(maria).click();
  await expect(
    maria
      .getByRole('dialog', { name: 'Notificações' })
      .getByRole('button', { name: /Carlos Pereira comentou a sua publicação Eu levo!/ })
      .first(),
  ).not.toHaveAccessibleName(/^Não lida:/);

  await mariaContext.close();
  await carlosContext.close();
});

test('the preferences keep an e-mail digest chosen for a kind of notification', async ({ page }) => {
  await signIn(page, '10002');
  await bell(page).click();
  await page
    .getByRole('dialog', { name: 'Notificações' })
    .getByRole('button', { name: 'Preferências de notificação' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Preferências de notificação' });
  const comments = dialog.getByRole('group', { name: 'Comentário em uma publicação sua' });
  await expect(comments.getByRole('switch', { name: 'Mostrar no portal' })).toBeChecked();
  await comments.getByLabel('Resumo por e-mail').selectOption({ label: 'Semanal' });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByText('Preferências salvas.', { exact: true })).toBeVisible();

  await bell(page).click();
  await page
    .getByRole('dialog', { name: 'Notificações' })
    .getByRole('button', { name: 'Preferências de notificação' })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: 'Preferências de notificação' })
      .getByRole('group', { name: 'Comentário em uma publicação sua' })
      .getByLabel('Resumo por e-mail'),
  ).toHaveValue('SEMANAL');
  // Back to the default, so other tests find Carlos as the seed left him.
  const restore = page.getByRole('dialog', { name: 'Preferências de notificação' });
  await restore
    .getByRole('group', { name: 'Comentário em uma publicação sua' })
    .getByLabel('Resumo por e-mail')
    .selectOption({ label: 'Não enviar' });
  await restore.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByText('Preferências salvas.').first()).toBeVisible();
});
