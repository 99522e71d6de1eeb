import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signIn, typedMoment } from './support.ts';

// The announcement made here (a unique description) is for the group Comercial, which Maria is
// in; other tests only check that Maria's carousel is there, which stays true throughout.

// One after the other: each compares the list's order, which the other changes.
test.describe.configure({ mode: 'default' });

async function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
}

/** Moves Maria's carousel until the slide with this image is on screen; false when there is none. */
async function showSlide(page: Page, alt: string): Promise<boolean> {
  const carousel = page.getByRole('region', { name: 'Comunicados' });
  await expect(carousel).toBeVisible();
  const image = carousel.getByRole('img', { name: alt });
  await expect(carousel.getByRole('img').first()).toBeVisible();
  const total = await carousel.getByRole('button', { name: /^Mostrar o comunicado \d+$/ }).count();
  for (let step = 0; step < total; step++) {
    if (await image.isVisible()) return true;
    await carousel.getByRole('button', { name: `Mostrar o comunicado ${step + 1}` }).click();
  }
  return image.isVisible();
}

test('an announcement for a group appears in its member’s carousel, counts the click, and leaves it when scheduled later', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alt = `Comunicado de teste ${Date.now().toString(36)}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.elo');
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Comunicados' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/comunicados$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeVisible();
  await expect(admin.getByRole('article').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The status filter lives in the address.
  await admin.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Agendado' });
  await expect(admin).toHaveURL(/status=agendado/);
  await expect(
    admin.getByRole('article', { name: 'Semana de integração: boas-vindas aos novos colaboradores' }),
  ).toBeVisible();
  await admin.getByRole('combobox', { name: 'Situação' }).selectOption({ label: 'Todas' });
  await expect(admin).toHaveURL(/\/admin\/comunicados$/);

  // The form refuses an image one pixel short before sending anything.
  await admin.getByRole('button', { name: 'Novo comunicado' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo comunicado' });
  await expect(dialog).toBeVisible();
  const imageInput = dialog.getByLabel(/^Imagem/);
  await imageInput.setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await picture(1919, 1080),
  });
  await expect(dialog.getByText('A imagem deve ter exatamente 1920x1080 pixels')).toBeVisible();
  // Saving without an image is refused with the spec's message.
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Erro ao salvar comunicado!')).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  await imageInput.setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await picture(1920, 1080),
  });
  await expect(dialog.getByText('A imagem deve ter exatamente 1920x1080 pixels')).toBeHidden();
  await dialog.getByRole('textbox', { name: /^Descrição da imagem/ }).fill(alt);
  // A javascript: link is refused beside the field.
  await dialog.getByRole('textbox', { name: /^Link/ }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Link/ })).toHaveAccessibleDescription(
    /O link deve começar com http:\/\//,
  );
  await dialog.getByRole('textbox', { name: /^Link/ }).fill('/painel/pesquisas');
  await dialog.getByRole('checkbox', { name: 'Comercial' }).check();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByRole('article', { name: alt });
  await expect(card).toContainText('Ativo');
  await expect(card).toContainText('Comercial');

  // New ones go last; one place up with its button, then back down with the keyboard.
  const list = admin.getByRole('list', { name: 'Comunicados na ordem do carrossel' });
  const names = () =>
    list.getByRole('article').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  const before = await names();
  const at = before.indexOf(alt);
  expect(at).toBeGreaterThan(0);
  const movedUp = [...before];
  movedUp.splice(at - 1, 2, alt, before[at - 1]!);
  await admin.getByRole('button', { name: `Subir ${alt}` }).click();
  await expect.poll(names).toEqual(movedUp);
  // The toast tells the place in the whole carousel, as the card shows it (exactly: the live
  // region repeats it after "Notificação").
  await expect(admin.getByText(`${alt} agora está na posição ${at}.`, { exact: true })).toBeVisible();
  await expect(card.locator('dt:text-is("Posição") + dd')).toHaveText(String(at));
  await admin.reload();
  await expect.poll(names).toEqual(movedUp);
  await admin.getByRole('button', { name: `Arrastar ${alt}` }).focus();
  await admin.keyboard.press('Space');
  await expect(admin.getByText(`Comunicado ${at} pego.`)).toBeAttached();
  // dnd-kit listens for the arrows a moment after the pick-up: a person would press again.
  await expect(async () => {
    await admin.keyboard.press('ArrowDown');
    await expect(admin.getByText(`Comunicado ${at} sobre a posição ${at + 1}.`)).toBeAttached({
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await admin.keyboard.press('Space');
  await expect.poll(names).toEqual(before);

  // Maria sees it in her carousel; clicking opens the portal page it points at.
  const maria = await (await browser.newContext()).newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await maria.goto('/painel/dashboard');
  expect(await showSlide(maria, alt)).toBe(true);
  await maria.getByRole('region', { name: 'Comunicados' }).getByRole('link', { name: alt }).click();
  await expect(maria).toHaveURL(/\/painel\/pesquisas$/);

  // The list counts her view and her click.
  await expect(async () => {
    await admin.reload();
    await expect(card.locator('dt:text-is("Cliques") + dd')).toHaveText('1', { timeout: 1000 });
  }).toPass();
  await expect(card.locator('dt:text-is("Visualizações") + dd')).toHaveText('1');

  // Starting tomorrow, it is scheduled and leaves her carousel.
  await admin.getByRole('button', { name: `Editar ${alt}` }).click();
  const editor = admin.getByRole('dialog', { name: 'Editar comunicado' });
  const start = editor.getByRole('textbox', { name: /^Início/ });
  await start.fill(typedMoment(new Date(Date.now() + 86_400_000)));
  await start.blur();
  await expectNoSeriousA11yViolations(admin);
  await editor.getByRole('button', { name: 'Salvar' }).click();
  await expect(editor).toBeHidden();
  await expect(card).toContainText('Agendado');
  await maria.goto('/painel/dashboard');
  await expect(maria.getByRole('region', { name: 'Comunicados' })).toBeVisible();
  expect(await showSlide(maria, alt)).toBe(false);

  // 390 px wide, the list fits without sideways scrolling.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(card).toBeVisible();
  const widths = await admin.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(390);
  expect(widths.body).toBeLessThanOrEqual(390);

  // Deleted at the end.
  await admin.getByRole('button', { name: `Excluir ${alt}` }).click();
  await admin
    .getByRole('dialog', { name: 'Excluir comunicado?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(card).toBeHidden();
});

test('a scheduled announcement appears in the carousel when its start comes and leaves it when its end passes', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alt = `Comunicado agendado ${Date.now().toString(36)}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.elo');
  await admin.goto('/admin/comunicados');
  await expect(admin.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeVisible();

  // Created to start tomorrow: scheduled, and not in Maria's carousel.
  await admin.getByRole('button', { name: 'Novo comunicado' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo comunicado' });
  await dialog.getByLabel(/^Imagem/).setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await picture(1920, 1080),
  });
  await dialog.getByRole('textbox', { name: /^Descrição da imagem/ }).fill(alt);
  const newStart = dialog.getByRole('textbox', { name: /^Início/ });
  await newStart.fill(typedMoment(new Date(Date.now() + 86_400_000)));
  await newStart.blur();
  await dialog.getByRole('checkbox', { name: 'Comercial' }).check();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByRole('article', { name: alt });
  await expect(card).toContainText('Agendado');
  // Back to the last place with ↓: that button is then disabled, so the focus moves to ↑.
  await admin.getByRole('button', { name: `Subir ${alt}` }).click();
  await expect(admin.getByRole('button', { name: `Descer ${alt}` })).toBeEnabled();
  await admin.getByRole('button', { name: `Descer ${alt}` }).click();
  await expect(admin.getByRole('button', { name: `Descer ${alt}` })).toBeDisabled();
  await expect(admin.getByRole('button', { name: `Subir ${alt}` })).toBeFocused();
  const maria = await (await browser.newContext()).newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await maria.goto('/painel/dashboard');
  expect(await showSlide(maria, alt)).toBe(false);

  // Its start moved to a moment ago: active, and in her carousel.
  const edit = async (field: RegExp, moment: Date) => {
    await admin.getByRole('button', { name: `Editar ${alt}` }).click();
    const editor = admin.getByRole('dialog', { name: 'Editar comunicado' });
    const input = editor.getByRole('textbox', { name: field });
    await input.fill(typedMoment(moment));
    await input.blur();
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await expect(editor).toBeHidden();
  };
  await edit(/^Início/, new Date(Date.now() - 120_000));
  await expect(card).toContainText('Ativo');
  await maria.goto('/painel/dashboard');
  expect(await showSlide(maria, alt)).toBe(true);

  // Its end moved to now (this minute, already begun): ended, and gone from her carousel.
  await edit(/^Término/, new Date());
  await expect(card).toContainText('Encerrado');
  await maria.goto('/painel/dashboard');
  await expect(maria.getByRole('region', { name: 'Comunicados' })).toBeVisible();
  expect(await showSlide(maria, alt)).toBe(false);

  // The form at 390 px: every field and its buttons fit without sideways scrolling.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.getByRole('button', { name: `Editar ${alt}` }).click();
  const narrow = admin.getByRole('dialog', { name: 'Editar comunicado' });
  await expect(narrow).toBeVisible();
  const box = await narrow.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const overflow = await narrow.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await narrow.getByRole('button', { name: 'Salvar' }).scrollIntoViewIfNeeded();
  await expect(narrow.getByRole('button', { name: 'Salvar' })).toBeInViewport();
  await expect(narrow.getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await narrow.getByRole('button', { name: 'Cancelar' }).click();
  await expect(narrow).toBeHidden();

  // The delete confirmation passes the accessibility scan, then deletes it.
  await admin.getByRole('button', { name: `Excluir ${alt}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Excluir comunicado?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(card).toBeHidden();
});
