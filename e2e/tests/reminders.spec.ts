import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, typedMoment } from './support.ts';

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
}

test('Maria creates a reminder a minute ahead; it rings her bell live at its time and she snoozes it there', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Ligar para o fornecedor ${Date.now().toString(36)}`;
  const maria = await (await browser.newContext()).newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await maria.goto('/painel/exemplo/lembrete');
  await expect(maria.getByRole('heading', { name: 'Lembretes', level: 1 })).toBeVisible();
  await expect(maria.getByRole('listitem', { name: 'Conferir a agenda do dia' })).toBeVisible();
  await expectNoSeriousA11yViolations(maria);

  await maria.getByRole('button', { name: 'Novo lembrete' }).click();
  const dialog = maria.getByRole('dialog', { name: 'Novo lembrete' });
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Descrição').fill('Confirmar a entrega de amanhã');
  // The field takes minutes: the minute after next, so one to two minutes ahead.
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  await dialog.getByRole('textbox', { name: 'Data e hora', exact: true }).fill(typedMoment(at));
  await expectNoSeriousA11yViolations(maria);
  await dialog.getByRole('button', { name: 'Salvar lembrete' }).click();
  await expect(dialog).toBeHidden();
  const item = maria.getByRole('listitem', { name: title });
  await expect(item).toContainText(typedMoment(at));

  // No reload from here: the open bell gets the notification live when the reminder fires.
  await bell(maria).click();
  const list = maria.getByRole('dialog', { name: 'Notificações' });
  await expect(list.getByRole('button', { name: new RegExp(title) })).toHaveCount(1, { timeout: 180_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  const snooze = list.getByRole('group', { name: `Adiar o lembrete ${title}` });
  await snooze.getByRole('button', { name: 'Adiar 10 min' }).click();
  await expect(maria.getByText(/^Lembrete adiado para/)).toBeVisible();
  await maria.keyboard.press('Escape');
  await expect(item).toContainText(typedMoment(new Date(Date.now() + 10 * 60_000)).slice(0, 10));
});

test('the reminders page and its dialog fit a 390 px screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel/exemplo/lembrete');
  await expect(page.getByRole('listitem', { name: 'Conferir a agenda do dia' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('tab', { name: 'Passados' }).click();
  await expect(page.getByRole('listitem', { name: 'Enviar o relatório mensal' })).toContainText('Concluído');
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Novo lembrete' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo lembrete' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
