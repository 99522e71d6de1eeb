import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

// Two people on two pages, a publication made through the API: more than 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const headers = { 'x-requested-with': 'XMLHttpRequest' };

/** Publishes on the company wall from the administration, as its publish screen sends it. */
async function publishOnWall(request: APIRequestContext, text: string, fields: Record<string, string> = {}) {
  const response = await request.post('/backend/salvaPublicacaoAdmin', {
    headers,
    multipart: { texto: text, flMural: 'S', acao: 'PUBLICAR', flPermiteComentarios: 'S', ...fields },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { publicacao: { idPublicacao: number } } }).data.publicacao
    .idPublicacao;
}

async function reach(request: APIRequestContext, idPublicacao: number) {
  const response = await request.post('/backend/consultaPublicacaoAdmin', {
    headers,
    data: { idPublicacao },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { alcance: { qtdVisualizacoesUnicas: number } } }).data.alcance;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'admin@demo.elo');
  return page;
}

test('a mandatory reading is pinned for the employee until confirmed, then listed as confirmed for the administrator', async ({
  browser,
}) => {
  const text = `Política de segurança ${unique()}`;
  const admin = await adminPage(browser);
  const deadline = new Date(Date.now() + 3 * 86_400_000);
  const id = await publishOnWall(admin.request, text, {
    flLeituraObrigatoria: 'S',
    dtLimiteLeitura: deadline.toISOString(),
    diasLembreteLeitura: '2',
  });

  // Its author is not part of the audience they are measured against: never asked to confirm it.
  await admin.goto('/painel/timeline');
  await expect(admin.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Leituras obrigatórias' }).getByText(text)).toHaveCount(0);

  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, 'maria.silva@demo.elo');
  const pinned = employee.getByRole('region', { name: 'Leituras obrigatórias' });
  const card = pinned.getByRole('article').filter({ hasText: text });
  await expect(card.getByText(text, { exact: true })).toBeVisible();
  await expect(card.getByText(/^Confirme até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expectNoSeriousA11yViolations(employee);

  await card.getByRole('button', { name: /^Li e estou ciente/ }).click();
  await expect(employee.getByText('Leitura confirmada.').first()).toBeVisible();
  await expect(pinned.getByText(text, { exact: true })).toHaveCount(0);
  // The feed's card of it now says it was confirmed; a reload does not pin it again.
  const feedCard = employee.getByRole('feed').getByRole('article').filter({ hasText: text });
  await expect(feedCard.getByText('Leitura confirmada', { exact: true })).toBeVisible();
  await employee.reload();
  await expect(employee.getByRole('feed').getByText(text, { exact: true })).toBeVisible();
  await expect(employee.getByRole('region', { name: 'Leituras obrigatórias' }).getByText(text)).toHaveCount(
    0,
  );

  // The administrator's single publication: Maria in its 'Confirmaram' tab.
  await admin.goto(`/admin/publicacoes/${id}?aba=confirmaram`);
  await expect(admin.getByRole('tab', { name: 'Confirmaram (1)', selected: true })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Confirmaram' }).getByRole('rowheader', { name: 'Maria Silva' }),
  ).toBeVisible();
  // Confirming is reading: Maria is among those who viewed it.
  await admin.getByRole('tab', { name: /^Visualizaram/ }).click();
  await expect(
    admin.getByRole('table', { name: 'Visualizaram' }).getByRole('rowheader', { name: 'Maria Silva' }),
  ).toBeVisible();
  // The read rate is the unique viewers shown over the audience shown.
  const reachFigures = admin.getByRole('region', { name: 'Alcance' });
  const figure = async (name: string) =>
    (
      await reachFigures
        .getByRole('term')
        .filter({ hasText: name })
        .locator('xpath=following-sibling::dd')
        .innerText()
    ).trim();
  const audience = Number((await figure('Público')).replace(/\./g, ''));
  const viewers = Number((await figure('Visualizações únicas')).replace(/\./g, ''));
  expect(viewers).toBeGreaterThanOrEqual(1);
  const rate = Math.round((viewers / audience) * 1000) / 10;
  expect(await figure('Taxa de leitura')).toBe(
    `${rate.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`,
  );
});

test('a post counts as viewed once the employee scrolls it into view', async ({ browser }) => {
  const text = `Aviso de manutenção ${unique()}`;
  const admin = await adminPage(browser);
  const id = await publishOnWall(admin.request, text);
  expect((await reach(admin.request, id)).qtdVisualizacoesUnicas).toBe(0);

  // A short window: the banners and the composer keep the feed below the fold.
  const context = await browser.newContext({ viewport: { width: 1000, height: 420 } });
  const employee = await context.newPage();
  await signIn(employee, '10002');
  const post = employee.getByRole('feed').getByRole('article').filter({ hasText: text });
  await expect(post).toHaveCount(1);
  await post.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await reach(admin.request, id)).qtdVisualizacoesUnicas, { timeout: 20_000 })
    .toBe(1);
});
