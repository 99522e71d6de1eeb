import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn } from './support.ts';

// Everything this test creates carries its own names, and the company holiday falls next year:
// the tickets other tests open keep their deadlines.
test('an HR administrator creates a subject with SLA targets, adds a company holiday and writes a canned answer; each tab passes axe and fits a 390 px screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = String(Date.now() % 100_000);
  const subject = `Atestados ${tag}`;
  const answerTitle = `Atestado recebido ${tag}`;
  const nextYear =
    Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
    ) + 1;

  await signIn(page, 'admin@demo.elo');
  await page.goto('/admin/portal-rh');
  await page
    .getByRole('navigation', { name: 'Seções do Portal do RH' })
    .getByRole('link', { name: 'Configurações' })
    .click();
  await expect(page).toHaveURL(/\/admin\/portal-rh\/configuracoes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações do RH' })).toBeVisible();

  // Subjects: a new one with targets in business hours.
  const subjects = page.getByRole('table', { name: 'Assuntos dos chamados' });
  await expect(subjects.getByRole('rowheader').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Novo assunto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo assunto' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Prazo de primeira resposta (horas úteis)' }).fill('2,5');
  await dialog.getByRole('textbox', { name: 'Prazo de solução (horas úteis)' }).fill('16');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Salvar assunto' }).click();
  await expect(dialog).toBeHidden();
  const row = subjects.getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('cell', { name: '2,5 h úteis', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '16 h úteis', exact: true })).toBeVisible();

  // Calendar and holidays: a company holiday next year, typed in the date field.
  await page.getByRole('tab', { name: 'Calendário e feriados' }).click();
  await expect(page.getByRole('checkbox', { name: 'Segunda-feira' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  const holidayForm = page.getByRole('form', { name: 'Adicionar feriado da empresa' });
  await holidayForm.getByRole('textbox', { name: 'Data' }).fill(`14/08/${nextYear}`);
  await holidayForm.getByRole('textbox', { name: 'Nome do feriado' }).fill(`Aniversário da empresa ${tag}`);
  await holidayForm.getByRole('button', { name: 'Adicionar feriado' }).click();
  // The list moves to the holiday's year, beside Brazil's national holidays.
  const holidays = page.getByRole('table', { name: `Feriados de ${nextYear}` });
  const holiday = holidays.getByRole('row').filter({ hasText: `Aniversário da empresa ${tag}` });
  await expect(holiday.getByRole('cell', { name: `14/08/${nextYear}`, exact: true })).toBeVisible();
  await expect(holiday.getByRole('cell', { name: 'Da empresa', exact: true })).toBeVisible();
  await expect(
    holidays
      .getByRole('row')
      .filter({ hasText: 'Natal' })
      .getByRole('cell', { name: 'Nacional', exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Canned answers: one for the new subject.
  await page.getByRole('tab', { name: 'Respostas prontas' }).click();
  await expect(page.getByRole('table', { name: 'Respostas prontas' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Nova resposta pronta' }).click();
  const answerDialog = page.getByRole('dialog', { name: 'Nova resposta pronta' });
  await answerDialog.getByRole('combobox', { name: 'Assunto' }).selectOption({ label: subject });
  await answerDialog.getByRole('textbox', { name: 'Título' }).fill(answerTitle);
  await answerDialog
    .getByRole('textbox', { name: 'Texto' })
    .fill('Recebemos o seu atestado e ele já foi lançado na folha.');
  await expectNoSeriousA11yViolations(page);
  await answerDialog.getByRole('button', { name: 'Salvar resposta' }).click();
  await expect(answerDialog).toBeHidden();
  const answer = page
    .getByRole('table', { name: 'Respostas prontas' })
    .getByRole('row')
    .filter({ hasText: answerTitle });
  await expect(answer.getByRole('cell', { name: subject, exact: true })).toBeVisible();

  // At 390 px every tab fits the screen: tables scroll inside their own box.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['Assuntos', 'Calendário e feriados', 'Respostas prontas']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page);
  }
});
