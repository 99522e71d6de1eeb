import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Several people and uploads take longer than 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Publishes from the composer and returns the new post's id, as the server answered it. */
async function publishFromComposer(page: Page): Promise<number> {
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/backend/publicaPostagemTimeline'),
  );
  await page
    .getByRole('region', { name: 'Nova publicação' })
    .getByRole('button', { name: 'Publicar', exact: true })
    .click();
  const response = await answer;
  expect(response.status()).toBe(200);
  await expect(page.getByText('Publicação salva com sucesso!').first()).toBeVisible();
  return ((await response.json()) as { data: { postagem: { idMensagem: number } } }).data.postagem.idMensagem;
}

function postBy(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text });
}

test('a text post reaches a colleague, who reacts and comments; the deep link opens it', async ({
  browser,
}) => {
  const text = `Reunião geral amanhã ${unique()}`;
  const mariaContext = await browser.newContext();
  const maria = await mariaContext.newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await maria.getByLabel('Texto da publicação').fill(text);
  const postId = await publishFromComposer(maria);
  await expect(postBy(maria, text)).toBeVisible();

  const carlosContext = await browser.newContext();
  const carlos = await carlosContext.newPage();
  await signIn(carlos, '10002');
  const card = postBy(carlos, text);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Curtir' }).click();
  await expect(card.getByRole('button', { name: 'Curtir' })).toHaveAttribute('aria-pressed', 'true');
  // The picker changes the reaction: one per person.
  await card.getByRole('button', { name: 'Escolher reação' }).click();
  await carlos.getByRole('menuitemradio', { name: 'Amei' }).click();
  await expect(card.getByRole('button', { name: 'Amei' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText('1 reação')).toBeVisible();
  await card.getByLabel('Escreva um comentário').fill('Estarei lá!');
  await card.getByRole('button', { name: 'Comentar' }).click();
  await expect(card.getByText('Estarei lá!')).toBeVisible();

  await maria.goto(`/painel/publicacao/${postId}`);
  const dialog = maria.getByRole('dialog', { name: 'Publicação' });
  await expect(dialog.getByText(text)).toBeVisible();
  await expect(dialog.getByText('Estarei lá!')).toBeVisible();
  await expectNoSeriousA11yViolations(maria);
  await mariaContext.close();
  await carlosContext.close();
});

test('an image post and a YouTube post show as such', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  const caption = `Nossa equipe ${unique()}`;
  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Texto da publicação').fill(caption);
  await page.getByLabel('Foto').setInputFiles({ name: 'equipe.jpg', mimeType: 'image/jpeg', buffer: image });
  await expect(page.getByRole('img', { name: 'Pré-visualização da imagem equipe.jpg' })).toBeVisible();
  await publishFromComposer(page);
  await expect(
    postBy(page, caption).getByRole('img', { name: 'Imagem publicada por Maria Silva' }),
  ).toBeVisible();

  const video = `Vejam este vídeo ${unique()} https://youtu.be/aqz-KE-bpKQ`;
  await page.getByLabel('Texto da publicação').fill(video);
  await expect(page.locator('iframe[title="Pré-visualização do vídeo do YouTube"]')).toBeVisible();
  await publishFromComposer(page);
  await expect(
    postBy(page, 'Vejam este vídeo')
      .first()
      .locator('iframe[title="Vídeo do YouTube publicado por Maria Silva"]'),
  ).toBeVisible();
});

test('the composer takes pictures only: a video or a GIF is refused before upload, in the spec words', async ({
  page,
}) => {
  await signIn(page, 'maria.silva@demo.elo');
  const picker = page.getByLabel('Foto');
  await expect(picker).toHaveAttribute('accept', 'image/png,image/jpeg,.png,.jpg,.jpeg');
  const video = await readFile(
    path.resolve(import.meta.dirname, '../../apps/server/src/db/seed/assets/demo-video.mp4'),
  );
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/backend/publicaPostagemTimeline')) uploads += 1;
  });
  for (const file of [
    { name: 'convencao.mp4', mimeType: 'video/mp4', buffer: video },
    { name: 'planilha.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
  ]) {
    await picker.setInputFiles(file);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG' }),
    ).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(file.name) })).toHaveCount(0);
  }
  expect(uploads).toBe(0);
});

test('polls stay out of the portal feed (idTipoIgnorar [7]) and the composer makes none; one opened by its link takes a vote', async ({
  page,
}) => {
  const feedAnswer = page.waitForResponse((response) =>
    response.url().endsWith('/backend/consultaPostagens'),
  );
  await signIn(page, '10002');
  const answer = await feedAnswer;
  const request = answer.request().postDataJSON() as { idsGrupo: number[]; idTipoIgnorar: number[] };
  expect(request.idTipoIgnorar).toEqual([7]);
  type Card = {
    idMensagem: number;
    idAppTipoMensagem: number;
    textoPublicacao: string;
    dtPublicacao: string;
  };
  const shown = ((await answer.json()) as { data: { listPostagens: Card[] } }).data.listPostagens;
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((post) => post.idAppTipoMensagem !== 7)).toBe(true);
  await expect(page.getByRole('region', { name: 'Nova publicação' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Criar enquete' })).toHaveCount(0);

  // The same groups and page size, with and without leaving polls out: the newest poll is newer
  // than the last card of the page without polls, so it would be on that page were polls not left out.
  const feedPage = async (idTipoIgnorar: number[]) => {
    const answered = await page.request.post('/backend/consultaPostagens', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { qtdRegistrosPorPagina: 50, idsGrupo: request.idsGrupo, idTipoIgnorar },
    });
    return ((await answered.json()) as { data: { listPostagens: Card[] } }).data.listPostagens;
  };
  const all = await feedPage([]);
  const withoutPolls = await feedPage([7]);
  const poll = all.find((post) => post.idAppTipoMensagem === 7);
  expect(poll).toBeDefined();
  expect(withoutPolls.map((post) => post.idMensagem)).not.toContain(poll!.idMensagem);
  expect(Date.parse(poll!.dtPublicacao)).toBeGreaterThan(Date.parse(withoutPolls.at(-1)!.dtPublicacao));
  const feed = page.getByRole('region', { name: 'Publicações' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(postBy(page, poll!.textoPublicacao)).toHaveCount(0);

  await page.goto(`/painel/publicacao/${poll!.idMensagem}`);
  const dialog = page.getByRole('dialog', { name: 'Publicação' });
  // The opened post loads after the page (a busy machine takes its time).
  await expect(dialog.getByText(poll!.textoPublicacao)).toBeVisible({ timeout: 30_000 });
  const options = dialog.getByRole('group', { name: 'Enquete' }).getByRole('radio');
  await expect(options.first()).toBeVisible();
  // A seeded vote of this person may exist: choose an option they have not chosen.
  const count = await options.count();
  let choice = options.first();
  for (let index = 0; index < count; index += 1) {
    if (!(await options.nth(index).isChecked())) {
      choice = options.nth(index);
      break;
    }
  }
  await choice.check();
  await dialog.getByRole('button', { name: /^(Votar|Mudar voto)$/ }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'no total' })).toHaveText(/votos? no total/);
  await expect(dialog.getByRole('button', { name: 'Mudar voto' })).toBeDisabled();
  await expect(choice).toBeChecked();
  await expectNoSeriousA11yViolations(page);
});

test('without the publish permission the composer is locked with the spec text', async ({ page }) => {
  await signIn(page, 'sem.permissao@demo.elo');
  await expect(
    page.getByText(
      'Entre em contato com o administrador e solicite a ativação de permissões para este recurso',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Texto da publicação')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the timeline loads more pages and the dashboard shows shortcuts and latest posts', async ({ page }) => {
  await signIn(page, 'maria.silva@demo.elo');
  const feed = page.getByRole('region', { name: 'Publicações' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  const before = await feed.getByRole('article').count();
  // Reaching the end of the feed loads the next page (the button is there for the keyboard; it
  // moves down as the posts arrive, so a click aimed at it could land on a post).
  await page.getByRole('button', { name: 'Carregar mais', exact: true }).scrollIntoViewIfNeeded();
  await expect.poll(() => feed.getByRole('article').count()).toBeGreaterThan(before);

  await page.goto('/painel/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Atalhos' }).getByRole('link', { name: 'Mensagens' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Últimas publicações' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Comunicados' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
