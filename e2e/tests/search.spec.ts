import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn } from './support.ts';

test('Maria searches from the header without accents, filters by kind and opens a survey', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'maria.silva@demo.elo');
  const field = page.getByRole('combobox', { name: 'Buscar no portal' });
  await expect(field).toBeVisible();
  // '/' anywhere but in a field takes her to the search.
  await page.locator('body').press('/');
  await expect(field).toBeFocused();
  await page.keyboard.type('seguranca');
  const suggestions = page.getByRole('listbox', { name: 'Sugestões' });
  // The demo's timeline repeats its texts: several posts match.
  const post = suggestions.getByRole('option', { name: /Semana de segurança da informação/ }).first();
  await expect(post).toBeVisible();
  await expect(post.locator('mark').first()).toHaveText(/^segurança$/i);
  await expectNoSeriousA11yViolations(page);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/painel\/busca\?q=seguranca$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "seguranca"' })).toBeVisible();
  const filters = page.getByRole('navigation', { name: 'Filtrar por tipo' });
  await expect(filters.getByRole('button', { name: /^Postagens \([1-9]\d*\)$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await filters.getByRole('button', { name: /^Pesquisas \(1\)$/ }).click();
  await expect(page).toHaveURL(/tipo=PESQUISA/);
  const results = page.getByRole('list', { name: 'Resultados para "seguranca"' }).getByRole('link');
  await expect(results).toHaveCount(1);
  await expect(results).toHaveText('Quiz de segurança da informação');
  await results.focus();
  await page.keyboard.press('Enter');
  // The survey's access page: Maria answered the demo's quiz, so it shows her its results.
  await expect(page).toHaveURL(/\/painel\/pesquisas\/(acessar|respostas)\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados da pesquisa' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Qual é a senha mais segura/ })).toBeVisible();
});

test('people are found by a part of their name, and the results page fits 390 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'maria.silva@demo.elo');
  await page.goto('/painel/busca?q=carlos%20pere');
  await expect(page.getByRole('heading', { level: 1, name: 'Resultados para "carlos pere"' })).toBeVisible();
  const people = page.getByRole('link', { name: 'Carlos Pereira', exact: true });
  await expect(people.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  // The header's field and its suggestions fit too.
  const field = page.getByRole('combobox', { name: 'Buscar no portal' });
  await field.fill('pesquisa de clima');
  await expect(page.getByRole('listbox', { name: 'Sugestões' }).getByRole('option').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
});
