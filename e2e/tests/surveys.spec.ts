import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signedInPage(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return page;
}

/** Waits for the next autosave the server accepted. */
function autosaved(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/backend/salvaRespostaQuestaoPesquisa') && response.ok(),
  );
}

/** Opens a survey from the list by its title and returns its id. */
async function openFromList(page: Page, title: string | RegExp): Promise<number> {
  await page.goto('/painel/pesquisas');
  const link = page.getByRole('link', { name: title });
  await expect(link).toHaveAttribute('href', /^\/painel\/pesquisas\/acessar\/\d+$/);
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  return Number(href.split('/').pop());
}

test('maria answers the open survey: every type, an upload, autosave across a reload, the missing required answer, then results', async ({
  browser,
}) => {
  test.slow();
  const page = await signedInPage(browser, 'maria.silva@demo.elo');
  await page.goto('/painel/pesquisas');
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisas' })).toBeVisible();
  const unread = page.getByRole('link', { name: 'Pesquisa de clima 2026 (não lida)' });
  await expect(unread).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: unread })).toContainText(
    /Encerra em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
  );
  await expectNoSeriousA11yViolations(page);

  await unread.click();
  await expect(page).toHaveURL(/\/painel\/pesquisas\/responder\/\d+\/aplicacao\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pesquisa de clima 2026' })).toBeVisible();

  const climate = page.getByRole('group', { name: /Como você avalia o ambiente de trabalho\?/ });
  const benefits = page.getByRole('group', { name: /Quais benefícios você mais usa\?/ });
  const improve = page.getByRole('group', { name: /O que podemos melhorar na empresa\?/ });
  const photo = page.getByRole('group', { name: /Envie uma foto ou um PDF/ });

  // Multiple choice with 'other' and its text.
  // 'Other' without its text is not saved yet, and waits for the submit to complain.
  await climate.getByRole('radio', { name: 'Outro' }).check();
  await expect(climate.getByText('Escreva a sua resposta no campo de texto da opção escolhida')).toBeHidden();
  const otherText = climate.getByLabel('Escreva sua resposta para “Outro”');
  await otherText.fill('b'.repeat(301));
  await expect(
    climate.getByText('A resposta é muito longa, diminua para no máximo 300 caracteres'),
  ).toBeVisible();
  let saved = autosaved(page);
  await otherText.fill('Colaborativo e acolhedor');
  await saved;
  await expect(climate.getByText('A resposta é muito longa')).toBeHidden();

  // Checkboxes.
  saved = autosaved(page);
  await benefits.getByRole('checkbox', { name: 'Plano de saúde' }).check();
  await saved;
  saved = autosaved(page);
  await benefits.getByRole('checkbox', { name: 'Academia' }).check();
  await saved;

  // Upload: a format the question refuses, then a real image.
  const files = photo.getByLabel('Adicionar arquivos');
  await files.setInputFiles({
    name: 'planilha.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('x'),
  });
  await expect(
    photo.getByText(
      'Os arquivos: planilha.xlsx não são permitidos. Extensões permitidas: jpg, jpeg, png, pdf',
    ),
  ).toBeVisible();
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  saved = autosaved(page);
  await files.setInputFiles({ name: 'minha-mesa.png', mimeType: 'image/png', buffer: image });
  await saved;
  await expect(photo.getByRole('list', { name: 'Arquivos anexados' })).toContainText('minha-mesa.png');

  // Open text over the limit is flagged at once.
  const improveText = improve.getByRole('textbox');
  await improveText.fill('a'.repeat(501));
  await expect(improve.getByText('Permitido no máximo 500 caracteres')).toBeVisible();
  await improveText.fill('');

  // Closing the tab loses nothing: after a reload every saved answer is back.
  await page.reload();
  await expect(climate.getByRole('radio', { name: 'Outro' })).toBeChecked();
  await expect(climate.getByLabel('Escreva sua resposta para “Outro”')).toHaveValue(
    'Colaborativo e acolhedor',
  );
  await expect(benefits.getByRole('checkbox', { name: 'Plano de saúde' })).toBeChecked();
  await expect(benefits.getByRole('checkbox', { name: 'Academia' })).toBeChecked();
  await expect(benefits.getByRole('checkbox', { name: 'Vale-refeição' })).not.toBeChecked();
  await expect(photo.getByRole('list', { name: 'Arquivos anexados' })).toContainText('minha-mesa.png');

  // Submitting without the required open answer scrolls to it and focuses it.
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(improve.getByText('Esta pergunta é obrigatória')).toBeVisible();
  await expect(improve.getByRole('textbox')).toBeFocused();
  await expect(improve).toBeInViewport();
  await expect(page).toHaveURL(/\/aplicacao\/\d+$/);
  await expectNoSeriousA11yViolations(page);

  await improve.getByRole('textbox').fill('Mais pausas para o café');
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page).toHaveURL(/\/painel\/pesquisas\/respostas\/\d+$/);
  await expect(page.getByText('Respostas enviadas com sucesso!').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados da pesquisa' })).toBeVisible();
  const climateResults = page.getByRole('region', { name: /Como você avalia o ambiente de trabalho\?/ });
  await expect(climateResults.getByRole('row', { name: /Outro/ })).toContainText('Sua escolha');
  await expect(climateResults.getByRole('row', { name: /Outro/ })).toContainText('%');
  await expect(climateResults.getByText('Colaborativo e acolhedor')).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Envie uma foto/ }).getByRole('link', { name: 'minha-mesa.png' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Answered once and limited to one answer: the list says so, and the entry goes to the results.
  await page.goto('/painel/pesquisas');
  const answered = page.getByRole('listitem').filter({ hasText: 'Pesquisa de clima 2026' });
  await expect(answered).toContainText('Respondida');
  await answered.getByRole('link').click();
  await expect(page).toHaveURL(/\/painel\/pesquisas\/respostas\/\d+$/);
  await page.context().close();
});

test('a finished quiz opens on its results with the correct options; someone outside its group is refused', async ({
  browser,
}) => {
  // Two people signing in and an accessibility scan: more than 30 s on a busy machine.
  test.slow();
  const maria = await signedInPage(browser, 'maria.silva@demo.elo');
  const quizId = await openFromList(maria, /Quiz de segurança da informação/);
  await expect(maria).toHaveURL(new RegExp(`/painel/pesquisas/respostas/${quizId}$`));
  await expect(maria.getByText(/Você acertou \d+ de \d+ perguntas\./)).toBeVisible();
  await expect(maria.getByText('Correta').first()).toBeVisible();
  await expectNoSeriousA11yViolations(maria);

  const closed = await openFromList(maria, /Avaliação da festa de fim de ano/);
  await expect(maria).toHaveURL(new RegExp(`/painel/pesquisas/respostas/${closed}$`));
  await expect(maria.getByText('Esta pesquisa está encerrada')).toBeVisible();
  await maria.context().close();

  const carlos = await signedInPage(browser, '10002');
  await carlos.goto(`/painel/pesquisas/acessar/${quizId}`);
  await expect(carlos.getByText('Você não tem acesso a esta pesquisa.').first()).toBeVisible();
  await expect(carlos).toHaveURL(/\/painel\/pesquisas$/);
  await carlos.goto('/painel/pesquisas/acessar/999999');
  await expect(carlos.getByText('Pesquisa não encontrada ou não disponível.').first()).toBeVisible();
  await expect(carlos).toHaveURL(/\/painel\/pesquisas$/);
  await carlos.context().close();
});

test('the administrator creates a survey, publishes it to a group, sees the answer arrive and exports CSV', async ({
  browser,
}) => {
  // Three people and two downloads: more than the default 30 s on a shared machine.
  test.slow();
  const title = `Café da manhã ${unique()}`;
  const admin = await signedInPage(browser, 'admin@demo.elo');
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Pesquisas' })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Pesquisas' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole('link', { name: 'Nova pesquisa' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nova pesquisa' })).toBeVisible();

  await admin.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await admin.getByRole('checkbox', { name: /^Todos/ }).check();
  // The survey's own look: a header image and a main colour.
  const header = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#7c2d12' } })
    .jpeg()
    .toBuffer();
  await admin
    .getByLabel('Imagem de cabeçalho (PNG ou JPG)')
    .setInputFiles({ name: 'cabecalho.jpg', mimeType: 'image/jpeg', buffer: header });
  await expect(admin.getByRole('img', { name: 'Imagem de cabeçalho atual' })).toBeVisible();
  await admin.getByLabel('Cor principal').fill('#7c2d12');
  await admin.getByLabel('Enunciado da pergunta 1').fill('O que você quer no café da manhã?');
  await admin
    .getByRole('region', { name: 'Pergunta 1' })
    .getByRole('checkbox', { name: 'Resposta obrigatória' })
    .check();
  await admin.getByRole('button', { name: 'Adicionar pergunta: Múltipla escolha' }).click();
  const second = admin.getByRole('region', { name: 'Pergunta 2' });
  await admin.getByLabel('Enunciado da pergunta 2').fill('Você participaria?');
  await second.getByRole('textbox', { name: 'Opção 1' }).fill('Sim');
  await second.getByRole('textbox', { name: 'Opção 2' }).fill('Não');

  // Reorder by keyboard with dnd-kit: the choice question becomes the first.
  await admin.getByRole('button', { name: 'Arrastar a pergunta 2' }).focus();
  await admin.keyboard.press('Space');
  await expect(admin.getByText('Pergunta 2 selecionada para mover.')).toBeAttached();
  // dnd-kit listens for the arrow keys a moment after the pick-up (a timer), which a busy machine
  // can outrun: a person would press again. Above the first position there is nowhere to go.
  await expect(async () => {
    await admin.keyboard.press('ArrowUp');
    await expect(admin.getByText('Pergunta 2 sobre a posição 1.')).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await admin.keyboard.press('Space');
  await expect(admin.getByText('Pergunta 2 movida para a posição 1.')).toBeAttached();
  await expect(admin.getByLabel('Enunciado da pergunta 1')).toHaveValue('Você participaria?');
  await expect(admin.getByLabel('Enunciado da pergunta 2')).toHaveValue('O que você quer no café da manhã?');
  // And back with the move buttons.
  await admin.getByRole('button', { name: 'Mover a pergunta 2 para cima' }).click();
  await expect(admin.getByLabel('Enunciado da pergunta 1')).toHaveValue('O que você quer no café da manhã?');
  await expectNoSeriousA11yViolations(admin);

  await admin.getByRole('button', { name: 'Salvar e publicar' }).click();
  await expect(admin.getByText(`Pesquisa “${title}” publicada.`).first()).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/pesquisas$/);
  const row = admin.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Publicada');
  await expect(row).toContainText('Todos');

  // Carlos (in Todos) answers it.
  const carlos = await signedInPage(browser, '10002');
  await openFromList(carlos, new RegExp(title));
  await expect(carlos.locator('main header img')).toHaveAttribute('src', /^\/backend\/midia\//);
  await expect(carlos.getByRole('button', { name: 'Enviar respostas' })).toHaveCSS(
    'background-color',
    'rgb(124, 45, 18)',
  );
  // A first try, cleared with limpaFormulario: nothing of it survives a reload.
  let saved = autosaved(carlos);
  await carlos.getByRole('textbox').fill('Tapioca');
  await saved;
  await carlos.getByRole('button', { name: 'Limpar formulário' }).click();
  const clearDialog = carlos.getByRole('dialog', { name: 'Limpar o formulário?' });
  await clearDialog.getByRole('button', { name: 'Apagar respostas' }).click();
  await expect(carlos.getByText('As respostas foram apagadas.').first()).toBeVisible();
  await expect(carlos.getByRole('textbox')).toHaveValue('');
  await carlos.reload();
  await expect(carlos.getByRole('textbox')).toHaveValue('');
  saved = autosaved(carlos);
  await carlos.getByRole('textbox').fill('Pão de queijo');
  await saved;
  await carlos
    .getByRole('group', { name: /Você participaria\?/ })
    .getByRole('radio', { name: 'Sim' })
    .check();
  await carlos.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(carlos).toHaveURL(/\/painel\/pesquisas\/respostas\/\d+$/);
  await carlos.context().close();

  await row.getByRole('link', { name: 'Resultados' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Resultados da pesquisa' })).toBeVisible();
  const individual = admin.getByRole('region', { name: 'Respostas individuais' });
  await expect(individual.getByRole('row', { name: /Carlos/ })).toContainText('Pão de queijo');
  await expect(
    admin.getByRole('region', { name: /Você participaria\?/ }).getByRole('row', { name: /Sim/ }),
  ).toContainText('100%');
  await expectNoSeriousA11yViolations(admin);

  const xlsxDownload = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Exportar XLSX' }).click();
  const xlsx = await readFile((await (await xlsxDownload).path()) ?? '');
  // An XLSX file is a ZIP archive.
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');

  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path()) ?? '', 'utf8');
  expect(csv).toContain('Pão de queijo');
  expect(csv).toContain('Você participaria?');
  expect(csv).toMatch(/Carlos/);

  // With an answer in, the editor says which changes are no longer allowed.
  await admin.getByRole('link', { name: 'Editar' }).click();
  await expect(admin.getByText('Esta pesquisa já tem respostas')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Remover a pergunta 1' })).toBeDisabled();
  await expect(admin.getByLabel('Tipo da pergunta 1')).toBeDisabled();
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
});

test('someone without the survey permission is refused, in the app and by the server', async ({ page }) => {
  await signIn(page, 'sem.permissao@demo.elo');
  await page.goto('/painel/pesquisas');
  await expect(
    page.getByRole('dialog', { name: 'Você não tem acesso a esta funcionalidade.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/painel\/timeline$/);
  const answer = await page.request.post('/backend/consultaPesquisas', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {},
  });
  expect(answer.status()).toBe(403);
});
