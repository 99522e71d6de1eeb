import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { RegistroAuditoria } from '@elo/contract/calls/audit';
import type { Chamado } from '@elo/contract/calls/hr-tickets';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { answerTicket, assignToAdmin, attachment, makeSubject, openedTicket, pdf } from './test-support.ts';

/*
 * The audit log about confidential HR tickets (docs/security.md, "Record rules: confidential HR"):
 * the entries stay for every reader of the log, but to a reader not assigned to the ticket's
 * subject their author shows as 'Confidencial', without address or browser, and no field names the
 * requester or carries text, on the screen and in the CSV and XLSX exports alike; nor do the
 * search and the author filter find them by their author.
 */

let t: TestApp;
let companyId: number;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
let denuncia: number;
let complaint: { idChamado: number; protocolo: string };
let holidays: { idChamado: number; protocolo: string };

const requesterName = 'Joana Denunciante';
const fileName = 'relato-da-joana.pdf';
const complaintText = 'Relato sigiloso sobre o turno da noite';

async function searchLog(who: string, filter: Record<string, unknown>, language?: string) {
  const response = await t.call(
    'consultaAuditoriaAdmin',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 100, ...filter },
    { cookie: cookies[who], ...(language ? { language } : {}) },
  );
  expect(response.statusCode, response.body).toBe(200);
  return {
    body: response.body,
    entries: response.json().data.listRegistros as RegistroAuditoria[],
    total: response.json().data.qtdTotalRegistros as number,
  };
}

const exportLog = (who: string, format: 'csv' | 'xlsx', query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/backend/auditoria/exportacao.${format}?${query}`,
    headers: { cookie: cookies[who]!, 'accept-language': 'pt-BR' },
  });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  const ferias = await makeSubject(db, { companyId, name: 'Férias' });
  denuncia = await makeSubject(db, { companyId, name: 'Denúncia', confidential: true });
  const people = {
    joana: await makePerson(db, {
      companyId,
      name: requesterName,
      permissions: employeePermissions,
      groupIds: [company.defaultGroupId],
    }),
    auditor: await makePerson(db, { companyId, administrator: { [AdminPermission.audit]: 'L' } }),
    hrAuditor: await makePerson(db, {
      companyId,
      administrator: { [AdminPermission.hrPortal]: 'E', [AdminPermission.audit]: 'L' },
    }),
    complaintsAuditor: await makePerson(db, {
      companyId,
      name: 'Davi Comitê de Ética',
      administrator: { [AdminPermission.hrPortal]: 'E', [AdminPermission.audit]: 'L' },
    }),
  };
  await assignToAdmin(db, { companyId, userId: people.complaintsAuditor.id, subjectIds: [denuncia] });
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.id;
    cookies[name] = await t.signIn(person.email, factoryPassword);
  }
  cookies.master = await t.signIn(company.master.email, factoryPassword);

  complaint = await openedTicket(t, cookies.joana!, { idAssunto: denuncia, mensagem: complaintText }, [
    attachment(fileName, 'application/pdf', pdf()),
  ]);
  holidays = await openedTicket(t, cookies.joana!, { idAssunto: ferias, mensagem: 'Férias de janeiro' });
  // HR assigned to Denúncia answers, notes, reads the complaint and its file: all audited.
  const answered = await answerTicket(t, cookies.complaintsAuditor!, {
    idChamado: complaint.idChamado,
    mensagem: 'Recebemos o seu relato.',
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const shown = await t.call(
    'consultaChamadoAdmin',
    { idChamado: complaint.idChamado },
    { cookie: cookies.complaintsAuditor },
  );
  expect(shown.statusCode).toBe(200);
  const own = await t.call('consultaChamado', { idChamado: complaint.idChamado }, { cookie: cookies.joana });
  const url = (own.json().data.chamado as Chamado).mensagens[0]!.anexos[0]!.url;
  const read = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.complaintsAuditor! } });
  expect(read.statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('audit entries about a confidential ticket', () => {
  it('searching its protocol as an auditor not assigned to its subject shows hr_ticket_open without the requester', async () => {
    for (const who of ['auditor', 'hrAuditor', 'master']) {
      const { body, entries, total } = await searchLog(who, { busca: complaint.protocolo });
      expect(total, who).toBe(entries.length);
      expect(entries.map((entry) => entry.acao).sort(), who).toEqual([
        'hr_ticket_answer',
        'hr_ticket_attachment_read',
        'hr_ticket_confidential_read',
        'hr_ticket_open',
      ]);
      const opening = entries.find((entry) => entry.acao === 'hr_ticket_open')!;
      expect(opening, who).toMatchObject({
        idUsuarioAutor: null,
        nomeAutor: 'Confidencial',
        tipoAlvo: 'hr_ticket',
        idAlvo: String(complaint.idChamado),
        nomeAlvo: complaint.protocolo,
        ip: null,
        userAgent: null,
      });
      // What names nobody stays; a file's name does not.
      expect(opening.alteracoes).toEqual(
        expect.arrayContaining([
          { campo: 'idAssunto', nomeCampo: 'Assunto', antes: null, depois: 'Denúncia' },
          { campo: 'qtdAnexos', nomeCampo: 'Quantidade de anexos', antes: null, depois: 1 },
        ]),
      );
      const fileRead = entries.find((entry) => entry.acao === 'hr_ticket_attachment_read')!;
      expect(fileRead.alteracoes).toEqual([
        { campo: 'anexo', nomeCampo: 'Anexo', antes: '***', depois: '***' },
      ]);
      expect(
        entries.every((entry) => entry.nomeAutor === 'Confidencial' && entry.idUsuarioAutor === null),
      ).toBe(true);
      for (const secret of [requesterName, 'Davi Comitê de Ética', fileName, complaintText])
        expect(body, `${who}: ${secret}`).not.toContain(secret);
    }
    // In English, the author is 'Confidential'.
    const english = await searchLog('auditor', { busca: complaint.protocolo, acao: 'hr_ticket_open' }, 'en');
    expect(english.entries.map((entry) => entry.nomeAutor)).toEqual(['Confidential']);
  });

  it('is found neither by the requester’s name nor by them as author; their other tickets are', async () => {
    const byName = await searchLog('auditor', { busca: 'joana denunciante' });
    expect(byName.entries.map((entry) => entry.nomeAlvo)).toContain(holidays.protocolo);
    expect(byName.entries.map((entry) => entry.nomeAlvo)).not.toContain(complaint.protocolo);
    expect(byName.total).toBe(byName.entries.length);
    const byAuthor = await searchLog('auditor', { idUsuarioAutor: ids.joana });
    expect(byAuthor.entries.map((entry) => entry.nomeAlvo)).not.toContain(complaint.protocolo);
    expect(byAuthor.entries.map((entry) => entry.nomeAlvo)).toContain(holidays.protocolo);
    expect(byAuthor.body).not.toContain(complaint.protocolo);
    // Nor is the HR administrator who answered found by their name on it.
    const byHr = await searchLog('auditor', { busca: 'Davi Comitê' });
    expect(byHr.entries.map((entry) => entry.acao)).toEqual(['sign_in']);
  });

  it('shows in full to an auditor assigned to its subject', async () => {
    const { entries } = await searchLog('complaintsAuditor', { busca: complaint.protocolo });
    const opening = entries.find((entry) => entry.acao === 'hr_ticket_open')!;
    expect(opening).toMatchObject({ idUsuarioAutor: ids.joana, nomeAutor: requesterName });
    expect(opening.ip).not.toBeNull();
    const fileRead = entries.find((entry) => entry.acao === 'hr_ticket_attachment_read')!;
    expect(fileRead.alteracoes).toEqual([
      { campo: 'anexo', nomeCampo: 'Anexo', antes: null, depois: fileName },
    ]);
    const byName = await searchLog('complaintsAuditor', { busca: 'joana denunciante' });
    expect(byName.entries.map((entry) => entry.nomeAlvo)).toContain(complaint.protocolo);
  });

  it('exports masked in CSV and XLSX alike', async () => {
    const query = `busca=${encodeURIComponent(complaint.protocolo)}&acao=hr_ticket_open`;
    const csv = await exportLog('auditor', 'csv', query);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;Confidencial;Chamado ao RH aberto;Chamado;${complaint.protocolo};`);
    expect(lines[1]!.endsWith(';;')).toBe(true);
    expect(csv.body).not.toContain(requesterName);
    const xlsx = await exportLog('auditor', 'xlsx', query);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const cells = [2, 3, 5, 7, 8].map((column) => sheet.getRow(2).getCell(column).value ?? '');
    expect(cells).toEqual(['Confidencial', 'Chamado ao RH aberto', complaint.protocolo, '', '']);
    // The assigned auditor's export names the requester.
    const full = await exportLog('complaintsAuditor', 'csv', query);
    expect(full.body).toContain(requesterName);
    // So does the full export of the unassigned one for her other ticket, and never the complaint's author.
    const whole = await exportLog('auditor', 'csv', 'acao=hr_ticket_open');
    expect(whole.body).toContain(`${requesterName};Chamado ao RH aberto;Chamado;${holidays.protocolo}`);
    expect(whole.body).not.toContain(`${requesterName};Chamado ao RH aberto;Chamado;${complaint.protocolo}`);
  });

  it('stays masked once its subject’s confidentiality is lifted: confidential for life', async () => {
    const lifted = await t.call(
      'salvaAssuntoChamadoAdmin',
      { idAssunto: denuncia, nome: 'Denúncia', flConfidencial: 'N' },
      { cookie: cookies.complaintsAuditor },
    );
    expect(lifted.statusCode, lifted.body).toBe(200);
    const { entries, body } = await searchLog('auditor', { busca: complaint.protocolo });
    expect(entries.find((entry) => entry.acao === 'hr_ticket_open')).toMatchObject({
      nomeAutor: 'Confidencial',
    });
    expect(body).not.toContain(requesterName);
    // A ticket opened under it from now on is not confidential: its entries show in full.
    const later = await openedTicket(t, cookies.joana!, { idAssunto: denuncia, mensagem: 'Outro assunto' });
    const laterEntries = await searchLog('auditor', { busca: later.protocolo });
    expect(laterEntries.entries.map((entry) => entry.nomeAutor)).toEqual([requesterName]);
  });
});
