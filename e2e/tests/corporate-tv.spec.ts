import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn } from './support.ts';

// A TV and an administrator on two pages, a publication, an offline spell and a revocation.
test.describe.configure({ timeout: 150_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Publishes on the company wall as the administration's publish screen sends it. */
async function publishOnWall(request: APIRequestContext, text: string) {
  const response = await request.post('/backend/salvaPublicacaoAdmin', {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    multipart: { texto: text, flMural: 'S', acao: 'PUBLICAR', flPermiteComentarios: 'S' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a TV at /tv is paired by its code, shows what is published, keeps rotating offline and is revoked', async ({
  browser,
}) => {
  const name = `Recepção ${unique()}`;
  const firstText = `Primeira notícia da TV ${unique()}`;
  const liveText = `Notícia ao vivo na TV ${unique()}`;

  // The TV: a fresh browser with no session shows a code of 6 characters without look-alikes.
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await tv.goto('/tv');
  await expect(tv.getByRole('heading', { name: 'Parear esta tela' })).toBeVisible();
  const codeBoxes = tv.getByTestId('tv-pairing-code');
  await expect(codeBoxes).toHaveText(/^[2-9A-HJ-NP-Z]{6}$/);
  const code = (await codeBoxes.textContent()) ?? '';
  await expect(tv.getByText(/^O código vale até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  await expectNoSeriousA11yViolations(tv);

  // The administrator declares a screen of publications only, 8 s a slide.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@demo.elo');
  await publishOnWall(admin.request, firstText);
  await admin.goto('/admin/tv-corporativa');
  await expect(admin.getByRole('heading', { level: 1, name: 'TV corporativa' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole('button', { name: 'Nova tela' }).click();
  const form = admin.getByRole('dialog', { name: 'Nova tela' });
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await form.getByLabel('Segundos por slide').fill('7');
  await form.getByLabel('Quantidade de publicações').fill('2');
  await form.getByLabel('Exibir comunicados').uncheck();
  await form.getByLabel('Exibir aniversariantes e tempo de empresa de hoje').uncheck();
  await form.getByRole('button', { name: 'Salvar' }).click();
  // 7 s a slide is refused beside the field, in the contract's words.
  await expect(form.getByText('Informe de 8 a 15 segundos por slide')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await form.getByLabel('Segundos por slide').fill('8');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText(`Tela ${name} salva.`, { exact: true })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Não pareada')).toBeVisible();

  // Pairing by the code, typed in lower case: the field upper-cases it.
  await admin.getByRole('button', { name: `Parear: ${name}` }).click();
  const pairDialog = admin.getByRole('dialog', { name: `Parear ${name}` });
  const codeField = pairDialog.getByLabel('Código mostrado na TV');
  await codeField.pressSequentially(code.toLowerCase());
  await expect(codeField).toHaveValue(code);
  await expectNoSeriousA11yViolations(admin);
  await pairDialog.getByRole('button', { name: 'Parear' }).click();
  await expect(admin.getByText(`Tela ${name} pareada.`, { exact: true })).toBeVisible();

  // The TV leaves the code for the company's content: the two latest publications.
  await expect(tv.getByRole('heading', { name: 'Parear esta tela' })).toHaveCount(0);
  await expect(tv.getByRole('heading', { level: 1, name: /^TV corporativa de / })).toBeAttached();
  await expect(tv.getByText(/^Slide [12] de 2$/)).toBeVisible();
  await expect(tv.getByText(firstText)).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(tv);
  // The list says so once the TV holds its token and fetched its content.
  await admin.reload();
  await expect(row.getByText('Pareada', { exact: true })).toBeVisible();
  await expect(row.getByText('Online', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Último contato /)).toBeVisible();

  // Published afterwards, it reaches the TV without a reload (the rotation shows it within 2 slides).
  await publishOnWall(admin.request, liveText);
  await expect(tv.getByText(liveText)).toBeVisible({ timeout: 30_000 });

  // The preview plays the same rotation in the administration.
  await admin.getByRole('button', { name: `Pré-visualizar: ${name}` }).click();
  const preview = admin.getByRole('dialog', { name: `Pré-visualização de ${name}` });
  await expect(preview.getByText(/^Slide [12] de 2$/)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await preview.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(preview).toHaveCount(0);

  // Offline: the offline mark shows and the slides keep turning.
  await tvContext.setOffline(true);
  await expect(tv.getByRole('status').filter({ hasText: 'Sem conexão' })).toBeVisible();
  const counter = tv.getByText(/^Slide [12] de 2$/);
  const before = await counter.textContent();
  await expect(counter).not.toHaveText(before ?? '', { timeout: 30_000 });
  await expect(tv.getByRole('status').filter({ hasText: 'Sem conexão' })).toBeVisible();
  // Even reloaded without network, the service worker opens the screen with the last content.
  const reloaded = await tv.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(tv.getByRole('status').filter({ hasText: 'Sem conexão' })).toBeVisible();
  await expect(tv.getByText(liveText)).toBeVisible({ timeout: 30_000 });

  // Back online, the mark goes; revoked from the administration, the TV says so and asks a new code.
  await tvContext.setOffline(false);
  await expect(tv.getByText('Sem conexão')).toHaveCount(0, { timeout: 30_000 });
  await admin.getByRole('button', { name: `Revogar: ${name}` }).click();
  const confirmRevoke = admin
    .getByRole('alertdialog')
    .or(admin.getByRole('dialog'))
    .filter({
      hasText: `Revogar o pareamento de ${name}?`,
    });
  await confirmRevoke.getByRole('button', { name: 'Revogar' }).click();
  await expect(admin.getByText(`Pareamento de ${name} revogado.`, { exact: true })).toBeVisible();
  await expect(tv.getByRole('heading', { name: 'Esta tela não está mais autorizada' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(tv.getByTestId('tv-pairing-code')).toHaveText(/^[2-9A-HJ-NP-Z]{6}$/);

  // The list at 390 px scrolls only downwards; the screen is then deleted.
  await admin.setViewportSize({ width: 390, height: 844 });
  // At this width each screen is a card of the list, its actions in it.
  const card = admin
    .getByRole('list', { name: 'Telas da TV corporativa' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(card.getByText('Não pareada')).toBeVisible();
  await expectNoSidewaysScroll(admin);
  await admin.getByRole('button', { name: `Excluir: ${name}` }).click();
  const confirmDelete = admin
    .getByRole('alertdialog')
    .or(admin.getByRole('dialog'))
    .filter({
      hasText: `Excluir ${name}?`,
    });
  await confirmDelete.getByRole('button', { name: 'Excluir' }).click();
  await expect(admin.getByText(`Tela ${name} excluída.`, { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);

  await tvContext.close();
  await adminContext.close();
});

test('the list shows a screen paired in another page as paired and online, without a reload', async ({
  browser,
}) => {
  const name = `Refeitório ${unique()}`;
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await tv.goto('/tv');
  const codeBoxes = tv.getByTestId('tv-pairing-code');
  await expect(codeBoxes).toHaveText(/^[2-9A-HJ-NP-Z]{6}$/);
  const code = (await codeBoxes.textContent()) ?? '';

  // The list, open in one page, with a new screen not paired yet.
  const adminContext = await browser.newContext();
  const list = await adminContext.newPage();
  await signIn(list, 'admin@demo.elo');
  await list.goto('/admin/tv-corporativa');
  await list.getByRole('button', { name: 'Nova tela' }).click();
  const form = list.getByRole('dialog', { name: 'Nova tela' });
  await form.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(list.getByText(`Tela ${name} salva.`, { exact: true })).toBeVisible();
  const row = list.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Não pareada')).toBeVisible();

  // Another page of the administration pairs it by the TV's code.
  const other = await adminContext.newPage();
  await other.goto('/admin/tv-corporativa');
  await other.getByRole('button', { name: `Parear: ${name}` }).click();
  const pairDialog = other.getByRole('dialog', { name: `Parear ${name}` });
  await pairDialog.getByLabel('Código mostrado na TV').fill(code);
  await pairDialog.getByRole('button', { name: 'Parear' }).click();
  await expect(other.getByText(`Tela ${name} pareada.`, { exact: true })).toBeVisible();
  await expect(tv.getByRole('heading', { name: 'Parear esta tela' })).toHaveCount(0);

  // The first page, never reloaded, says so well before its 30 s refresh.
  await expect(row.getByText('Pareada', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText('Online', { exact: true })).toBeVisible({ timeout: 15_000 });

  await tvContext.close();
  await adminContext.close();
});
