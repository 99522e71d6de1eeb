import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support.ts';

// Several dialogs in a row on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

/**
 * Opens a dialog from the keyboard (Enter on the focused control) and returns it; focus moves
 * into it.
 */
async function openByKeyboard(page: Page, opener: Locator, dialogName: string | RegExp): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  return dialog;
}

async function openChat(page: Page, conversation: string): Promise<void> {
  await page.goto('/painel/chat');
  await page
    .getByRole('navigation', { name: 'Conversas' })
    .getByRole('button', { name: new RegExp(`^${conversation}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: conversation })).toBeVisible();
}

test('a dialog opened by a button gives the focus back to it, closed by Escape or by its cancel button', async ({
  page,
}) => {
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel/chat');
  for (const name of ['Novo grupo', 'Nova conversa']) {
    const opener = page.getByRole('button', { name, exact: true });
    const dialog = await openByKeyboard(page, opener, name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener, name).toBeFocused();
  }

  // A confirmation, cancelled with its button from the keyboard.
  await openChat(page, 'Projeto Elo');
  const leave = page.getByRole('button', { name: 'Sair do grupo' });
  const confirm = await openByKeyboard(page, leave, 'Sair do grupo Projeto Elo?');
  await confirm.getByRole('button', { name: 'Cancelar' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(leave).toBeFocused();
  // Nothing was left.
  await expect(page.getByRole('heading', { level: 2, name: 'Projeto Elo' })).toBeVisible();
});

test('a dialog opened from a menu or a popover gives the focus back to the control that opened that', async ({
  page,
}) => {
  await signIn(page, 'maria.silva@demo.elo');

  // The bell's popover holds the notification preferences: its item goes with the popover, so
  // the focus returns to the bell.
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('dialog', { name: 'Notificações' });
  await expect(list).toBeVisible();
  const preferences = await openByKeyboard(
    page,
    list.getByRole('button', { name: 'Preferências de notificação' }),
    'Preferências de notificação',
  );
  await page.keyboard.press('Escape');
  await expect(preferences).toBeHidden();
  await expect(bell).toBeFocused();

  // A message's menu: 'Apagar para mim' asks first; cancelled, the focus is back on the menu's button.
  await openChat(page, 'Carlos Pereira');
  const actions = page
    .getByRole('region', { name: /^Mensagens com/ })
    .getByRole('button', { name: 'Ações da mensagem' })
    .last();
  await actions.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const confirm = await openByKeyboard(
    page,
    menu.getByRole('menuitem', { name: 'Apagar para mim' }),
    'Apagar esta mensagem?',
  );
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(actions).toBeFocused();
});
