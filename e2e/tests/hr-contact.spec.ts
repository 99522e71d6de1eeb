import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn } from './support.ts';

// Two people signing in and writing back and forth take longer than 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const narrow = { width: 390, height: 844 };
const wide = { width: 1280, height: 900 };

// A small but real PDF: the server tells a file's kind by its content.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The main navigation's "Fale com o RH" link. */
function hrLink(page: Page) {
  return page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: /^Fale com o RH/ });
}

/** How many tickets the navigation says have an unread HR message (none: 0). */
async function unreadTickets(page: Page): Promise<number> {
  // The words screen readers hear ('2 chamados com mensagem não lida'); the badge's digit is hidden from them.
  const said = hrLink(page).locator('.sr-only');
  if ((await said.count()) === 0) return 0;
  return Number(/^(\d+) /.exec((await said.textContent()) ?? '')?.[1] ?? 0);
}

test('Maria opens a ticket with a PDF; HR notes and answers; her count moves live; she rates it; the report counts it', async ({
  browser,
}) => {
  const tag = unique();
  const question = `Quero tirar férias em janeiro, é possível? ${tag}`;
  const note = `Conferir o saldo de férias antes ${tag}`;
  const answer = `Sim, suas férias de janeiro estão aprovadas ${tag}`;

  // Maria, on a phone-sized screen all along.
  const mariaContext = await browser.newContext({ viewport: narrow });
  const maria = await mariaContext.newPage();
  await signIn(maria, 'maria.silva@demo.elo');
  await hrLink(maria).click();
  await expect(maria.getByRole('heading', { level: 1, name: 'Fale com o RH' })).toBeVisible();
  await expectNoSeriousA11yViolations(maria);
  await expectNoSidewaysScroll(maria);
  const before = await unreadTickets(maria);

  await maria.getByRole('button', { name: 'Novo chamado' }).click();
  const dialog = maria.getByRole('dialog', { name: 'Novo chamado' });
  await dialog.getByLabel('Assunto').selectOption({ label: 'Férias' });
  await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill(question);
  await dialog
    .getByLabel('Anexos')
    .setInputFiles({ name: 'escala.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(dialog.getByText('escala.pdf')).toBeVisible();
  await expectNoSeriousA11yViolations(maria);
  const opened = maria.waitForResponse((response) => response.url().endsWith('/backend/abreChamado'));
  await dialog.getByRole('button', { name: 'Abrir chamado' }).click();
  const { protocolo } = ((await (await opened).json()) as { data: { protocolo: string } }).data;
  await expect(maria.getByRole('heading', { name: `Chamado ${protocolo}` })).toBeVisible();
  await expect(maria.getByRole('article', { name: 'Sua mensagem' }).getByText(question)).toBeVisible();
  await expect(maria.getByRole('link', { name: 'escala.pdf' })).toBeVisible();
  await expectNoSeriousA11yViolations(maria);
  await expectNoSidewaysScroll(maria);
  // Back to the list, where the answer will show up.
  await maria.getByRole('link', { name: 'Voltar aos chamados' }).click();
  await expect(maria.getByRole('link', { name: new RegExp(`Chamado ${protocolo}`) })).toBeVisible();

  // HR: rh@demo.elo holds only the HR portal and is assigned the Férias subject.
  const hrContext = await browser.newContext({ viewport: wide });
  const hr = await hrContext.newPage();
  await signIn(hr, 'rh@demo.elo');
  await hr.goto('/admin/portal-rh');
  await expect(hr.getByRole('heading', { level: 1, name: 'Portal do RH' })).toBeVisible();
  await hr.getByRole('searchbox', { name: 'Buscar' }).fill(protocolo);
  const row = hr.getByRole('row').filter({ has: hr.getByRole('rowheader', { name: protocolo }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Aberto')).toBeVisible();
  await expectNoSeriousA11yViolations(hr);
  await hr.setViewportSize(narrow);
  await expectNoSidewaysScroll(hr);
  await hr.setViewportSize(wide);

  await row.getByRole('link', { name: protocolo }).click();
  await expect(hr.getByRole('heading', { level: 1, name: `Chamado ${protocolo}` })).toBeVisible();
  await expect(hr.getByRole('article', { name: 'Colaborador' }).getByText(question)).toBeVisible();
  await expectNoSeriousA11yViolations(hr);

  const message = hr.getByRole('textbox', { name: /^Mensagem/ });
  await message.fill(note);
  await hr.getByRole('checkbox', { name: 'Nota interna' }).check();
  await hr.getByRole('button', { name: 'Salvar nota interna' }).click();
  await expect(hr.getByRole('article', { name: 'Nota interna' }).getByText(note)).toBeVisible();

  await message.fill(answer);
  await hr.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(hr.getByRole('article', { name: 'RH' }).getByText(answer)).toBeVisible();
  await hr.setViewportSize(narrow);
  await expectNoSidewaysScroll(hr);
  await hr.setViewportSize(wide);

  // Maria never reloads: the notification stream moves her count.
  await expect.poll(() => unreadTickets(maria)).toBe(before + 1);
  const mine = maria.getByRole('link', { name: new RegExp(`Chamado ${protocolo}`) });
  await expect(mine.getByText('Nova resposta')).toBeVisible();
  await mine.click();
  await expect(maria.getByRole('article', { name: 'Mensagem do RH' }).getByText(answer)).toBeVisible();
  await expect(maria.getByText(note)).toHaveCount(0);
  await expect.poll(() => unreadTickets(maria)).toBe(before);

  // HR resolves it; Maria rates it, once.
  await hr.getByLabel('Situação').selectOption({ label: 'Resolvido' });
  await expect(hr.getByText('Situação alterada para Resolvido.', { exact: true })).toBeVisible();
  await maria.reload();
  const rating = maria.getByRole('group', { name: 'Avalie o atendimento' });
  await expect(rating).toBeVisible();
  await rating.getByLabel('5 estrelas').check();
  await maria.getByLabel('Comentário (opcional)').fill('Resposta rápida, obrigada!');
  await expectNoSeriousA11yViolations(maria);
  await maria.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(maria.getByText('Sua avaliação: 5 de 5')).toBeVisible();
  await expect(rating).toHaveCount(0);

  // The report of this month counts the Férias ticket.
  await hr
    .getByRole('navigation', { name: 'Seções do Portal do RH' })
    .getByRole('link', { name: 'Relatório de SLA' })
    .click();
  await expect(hr.getByRole('heading', { level: 1, name: 'Relatório de SLA' })).toBeVisible();
  const ferias = hr.getByRole('row').filter({ has: hr.getByRole('rowheader', { name: 'Férias' }) });
  await expect(ferias).toBeVisible();
  await expect(hr.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
    'href',
    /\/backend\/portal-rh\/relatorio-sla\.csv\?mes=\d{4}-\d{2}&idioma=pt-BR$/,
  );
  await expectNoSeriousA11yViolations(hr);
  await hr.setViewportSize(narrow);
  await expectNoSidewaysScroll(hr);

  await mariaContext.close();
  await hrContext.close();
});
