import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, typedMoment } from './support.ts';

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
}

test('a publication scheduled on the publish screen appears on the employee’s timeline at its time and rings her bell once', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const text = `Brigada de incêndio: simulado hoje ${Date.now().toString(36)}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.elo');
  await admin.goto('/admin/publicacoes/nova');
  await admin.getByLabel('Texto', { exact: true }).fill(text);
  await admin.getByRole('checkbox', { name: 'Publicar no mural' }).check();
  // The field takes minutes: the minute after next, so about one to two minutes ahead.
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  await admin.getByLabel('Data e hora da publicação', { exact: true }).fill(typedMoment(at));
  await admin.getByRole('button', { name: 'Agendar', exact: true }).click();
  await expect(admin.getByText('Publicação salva com sucesso!').first()).toBeVisible();
  await expect(admin.getByText('Agendado', { exact: true })).toBeVisible();

  const maria = await (await browser.newContext()).newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  const card = maria.getByRole('article').filter({ hasText: text });
  await expect(maria.getByRole('article').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  // Before its time nobody sees it; from its time on it is there (the page is reloaded, as a
  // person coming back to the timeline would). The reloads start 10 s before its time, not one
  // to two minutes before: a card shown by any reload before its time still fails the check below,
  // and the browser is spared a dozen reloads of the whole portal.
  await maria.waitForTimeout(Math.max(0, at.getTime() - 10_000 - Date.now()));
  await expect(async () => {
    await maria.reload();
    await expect(card).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 240_000, intervals: [5_000] });
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  await expectNoSeriousA11yViolations(maria);

  // The bell has it, once.
  const item = maria
    .getByRole('dialog', { name: 'Notificações' })
    .getByRole('button', { name: new RegExp(`Nova publicação ${text}`) });
  await expect(async () => {
    await maria.reload();
    await bell(maria).click();
    await expect(item).toHaveCount(1, { timeout: 3_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
});
