import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support.ts';

test('the administrator finds her survey write in the audit log, opens its change and exports it', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@demo.elo');

  // An administration write: duplicating a survey.
  await page.goto('/admin/pesquisas');
  const source = 'Quiz de segurança da informação';
  await page
    .getByRole('group', { name: `Ações da pesquisa ${source}` })
    .getByRole('button', { name: 'Duplicar' })
    .click();
  await expect(page).toHaveURL(/\/admin\/pesquisas\/\d+\/editar$/);

  // The audit log, from the sidebar, filtered by the action.
  await page
    .getByRole('navigation', { name: 'Menu da administração' })
    .getByRole('link', { name: 'Auditoria' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  // The log lists entries from the start (which ones are newest depends on the tests running beside).
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Ação' }).selectOption({ label: 'Pesquisa duplicada' });
  await expect(page).toHaveURL(/\/admin\/auditoria\?acao=survey_duplicate$/);
  const row = page.getByRole('row', { name: new RegExp(`${source} \\(cópia\\)`) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Beatriz Almeida');
  await expect(row).toContainText(`Pesquisa ${source} (cópia)`);

  // Its change, before and after, in words: the source survey by its title, never its id.
  await row.getByRole('button', { name: 'Ver detalhes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes do registro' });
  await expect(dialog.getByRole('row', { name: /^Pesquisa de origem/ })).toContainText(source);
  await expect(dialog.getByRole('row', { name: /^Título/ })).toContainText(`${source} (cópia)`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The CSV holds the filtered log.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('auditoria.csv');
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv
    .replace(/^\ufeff/, '')
    .trim()
    .split(/\r?\n/);
  // In the screen's words: the action, the target's kind and name, the fields and the source survey.
  // As Excel in Brazil reads it: ';' between cells.
  expect(lines[0]).toBe('Data;Autor;Ação;Tipo do alvo;Alvo;Alterações;Endereço;Navegador');
  const copyLine = lines.find((line) => line.includes(`;Pesquisa duplicada;Pesquisa;${source} (cópia);`));
  expect(copyLine).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Beatriz Almeida;Pesquisa duplicada;/);
  expect(copyLine).toContain(`Pesquisa de origem:  → ${source}`);
  expect(copyLine).not.toContain('idPesquisaOrigem');
  expect(lines.slice(1).every((line) => line.includes(';Pesquisa duplicada;'))).toBe(true);

  // The author filter finds her by name.
  const picker = page.getByRole('combobox', { name: 'Autor' });
  await picker.fill('beatriz');
  await page.getByRole('option', { name: 'Beatriz Almeida' }).click();
  await expect(page).toHaveURL(/autor=\d+/);
  await expect(picker).toHaveValue('Beatriz Almeida');
  await expect(row).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  expect(csv).not.toContain('Demo@1234');
  await context.close();
});
