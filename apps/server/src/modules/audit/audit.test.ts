import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { calls } from '@elo/contract/calls/registry';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { auditLog, surveys } from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCompany,
  makeGroup,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { startSmtpCatcher } from '../../test/message-catchers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: string;
let otherAdmin: string;
let maria: string;
let mariaPerson: MadePerson;
let carlosPerson: MadePerson;
let sergioPerson: MadePerson;
let ownCompanyId: number;
let otherCompanyId: number;
let beatrizId: number;
let comercialId: number;

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';
const day = 86_400_000;

/** A call made from a browser of our own, so the entry's address and user agent can be checked. */
function callAs(cookie: string, name: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/backend/${name}`,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': 'pt-BR',
      'user-agent': browser,
      cookie,
    },
    payload: JSON.stringify(body),
  });
}

const listLog = (cookie: string, filter: Record<string, unknown> = {}) =>
  t.call('consultaAuditoriaAdmin', { idPaginaAtual: 1, qtdRegistrosPorPagina: 50, ...filter }, { cookie });

const download = (cookie: string, format: 'csv' | 'xlsx', query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/backend/auditoria/exportacao.${format}${query}`,
    headers: { cookie, 'accept-language': 'pt-BR' },
  });

async function countEntries(where?: ReturnType<typeof and>) {
  const [row] = await t.database.db.select({ total: count() }).from(auditLog).where(where);
  return row!.total;
}

/** A draft survey ready to publish, created by the master administrator. */
async function createDraft(title: string): Promise<number> {
  const response = await callAs(admin, 'salvaPesquisa', {
    titulo: title,
    descricao: '',
    corPrincipal: '#0f766e',
    corFundo: '#ffffff',
    idsGrupos: [comercialId],
    dtInicioPesquisa: new Date(Date.now() - day).toISOString(),
    dtFimPesquisa: new Date(Date.now() + 10 * day).toISOString(),
    limitarAUmaResposta: true,
    desabilitarSalvamentoAutomatico: false,
    flAnonima: 'N',
    flQuiz: 'N',
    questoes: [{ titulo: 'Como foi sua semana?', tipoQuestao: 1 }],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.pesquisa.idPesquisa;
}

async function surveyStatus(id: number) {
  const [row] = await t.database.db
    .select({ status: surveys.status })
    .from(surveys)
    .where(eq(surveys.id, id));
  return row?.status;
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    seed: false,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.demo.elo' },
  });
  const { db } = t.database;
  const company = await makeCompany(db, { masterName: 'Beatriz Almeida' });
  const other = await makeCompany(db);
  const { companyId, defaultGroupId } = company;
  comercialId = await makeGroup(db, { companyId, name: 'Comercial' });
  mariaPerson = await makePerson(db, {
    companyId,
    name: 'Maria Silva',
    permissions: employeePermissions,
    groupIds: [defaultGroupId, comercialId],
    canPost: true,
  });
  // Carlos reads the log; Sérgio administers surveys only.
  carlosPerson = await makePerson(db, {
    companyId,
    name: 'Carlos Pereira',
    permissions: employeePermissions,
    groupIds: [defaultGroupId, comercialId],
    canPost: true,
    administrator: { [AdminPermission.audit]: 'L' },
  });
  sergioPerson = await makePerson(db, {
    companyId,
    name: 'Sérgio Moura',
    groupIds: [defaultGroupId],
    administrator: { [AdminPermission.surveys]: 'E' },
  });
  const signIn = (person: MadePerson) => t.signIn(person.email, factoryPassword);
  [admin, otherAdmin, maria] = await Promise.all([
    signIn(company.master),
    signIn(other.master),
    signIn(mariaPerson),
  ]);
  beatrizId = company.master.id;
  ownCompanyId = companyId;
  otherCompanyId = other.companyId;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('what is recorded', () => {
  it("records an administrator's publish once, with who, what, the target, before/after, address and browser", async () => {
    const id = await createDraft('Pesquisa de clima auditada');
    const published = await callAs(admin, 'publicaPesquisa', { idPesquisa: id });
    expect(published.statusCode).toBe(200);

    const entries = (await listLog(admin, { acao: 'survey_publish' })).json().data.listRegistros;
    const mine = entries.filter((entry: { idAlvo: string }) => entry.idAlvo === String(id));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      idUsuarioAutor: beatrizId,
      nomeAutor: 'Beatriz Almeida',
      acao: 'survey_publish',
      tipoAlvo: 'survey',
      nomeAlvo: 'Pesquisa de clima auditada',
      alteracoes: [{ campo: 'status', nomeCampo: 'Situação', antes: 'draft', depois: 'published' }],
      ip: '127.0.0.1',
      userAgent: browser,
    });
    // Creating it was recorded too, with the form's fields as they became.
    const created = (await listLog(admin, { acao: 'survey_create', busca: 'clima auditada' })).json().data
      .listRegistros;
    expect(created).toHaveLength(1);
    expect(created[0].alteracoes).toContainEqual({
      campo: 'titulo',
      nomeCampo: 'Título',
      antes: null,
      depois: 'Pesquisa de clima auditada',
    });
  });

  it('records an edit with only the fields that changed', async () => {
    const id = await createDraft('Pesquisa para editar');
    const view = (await t.call('consultaPesquisaAdmin', { idPesquisa: id }, { cookie: admin })).json().data
      .pesquisa;
    const saved = await callAs(admin, 'salvaPesquisa', {
      idPesquisa: id,
      titulo: 'Pesquisa editada',
      descricao: '',
      corPrincipal: '#0f766e',
      corFundo: '#ffffff',
      idsGrupos: [comercialId],
      dtInicioPesquisa: view.dtInicioPesquisa,
      dtFimPesquisa: view.dtFimPesquisa,
      limitarAUmaResposta: true,
      desabilitarSalvamentoAutomatico: false,
      flAnonima: 'N',
      flQuiz: 'N',
      questoes: view.questoes.map((question: { idPesquisaQuestao: number; titulo: string }) => ({
        idPesquisaQuestao: question.idPesquisaQuestao,
        titulo: question.titulo,
        tipoQuestao: 1,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = (await listLog(admin, { acao: 'survey_update', busca: 'editada' })).json().data
      .listRegistros;
    expect(entry.alteracoes).toEqual([
      { campo: 'titulo', nomeCampo: 'Título', antes: 'Pesquisa para editar', depois: 'Pesquisa editada' },
    ]);
  });

  it('records sign-ins, failed ones of an existing account without an author, and never the password', async () => {
    const before = await countEntries(eq(auditLog.action, 'sign_in_failed'));
    const failed = await t.call('doLogin', { login: mariaPerson.email, senha: 'Errada@Senha99' });
    expect(failed.statusCode).toBe(401);
    // An unknown login names no account: nothing to record in any company.
    await t.call('doLogin', { login: 'ninguem@demo.elo', senha: 'Errada@Senha99' });
    expect(await countEntries(eq(auditLog.action, 'sign_in_failed'))).toBe(before + 1);

    const person = mariaPerson;
    const [entry] = (await listLog(admin, { acao: 'sign_in_failed' })).json().data.listRegistros;
    expect(entry).toMatchObject({
      idUsuarioAutor: null,
      nomeAutor: null,
      tipoAlvo: 'user',
      idAlvo: String(person.id),
      nomeAlvo: 'Maria Silva',
    });
    const signIns = (await listLog(admin, { acao: 'sign_in', idUsuarioAutor: person.id })).json().data;
    expect(signIns.qtdTotalRegistros).toBeGreaterThanOrEqual(1);
    expect(signIns.listRegistros[0]).toMatchObject({ nomeAutor: 'Maria Silva', idAlvo: String(person.id) });
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain('Errada@Senha99');
    expect(everything).not.toContain(factoryPassword);
  });

  it('records a password reset in its own transaction, hiding the password', async () => {
    await t.call('solicitaTrocaDeSenha', { login: mariaPerson.email });
    const email = smtp.messages.at(-1);
    const token = email?.text?.match(/resetarsenha\/([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    const reset = await t.call('resetaSenhaComToken', { token, senha: 'Nova@Senha2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = (await listLog(admin, { acao: 'password_reset' })).json().data.listRegistros;
    expect(entry).toMatchObject({
      nomeAlvo: 'Maria Silva',
      alteracoes: [{ campo: 'senha', nomeCampo: 'Senha', antes: '***', depois: '***' }],
    });
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(everything).not.toContain('Nova@Senha2026');
    expect(everything).not.toContain(token);
    maria = await t.signIn(mariaPerson.email, 'Nova@Senha2026');
  });
});

describe('the same transaction', () => {
  it('a change whose entry cannot be written does not happen', async () => {
    const id = await createDraft('Pesquisa sem registro possível');
    await t.database.db.execute(
      sql.raw(`
      create function refuse_publish_entry() returns trigger language plpgsql as $$
      begin
        if new.action = 'survey_publish' and new.target_id = '${id}' then
          raise exception 'entry refused';
        end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql`create trigger refuse_publish_entry before insert on audit_log for each row execute function refuse_publish_entry()`,
    );
    try {
      const response = await callAs(admin, 'publicaPesquisa', { idPesquisa: id });
      expect(response.statusCode).toBe(500);
      expect(await surveyStatus(id)).toBe('draft');
      expect(
        await countEntries(and(eq(auditLog.action, 'survey_publish'), eq(auditLog.targetId, String(id)))),
      ).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_publish_entry on audit_log`);
      await t.database.db.execute(sql`drop function refuse_publish_entry()`);
    }
    // With the database accepting it again, the change commits with exactly one entry.
    expect((await callAs(admin, 'publicaPesquisa', { idPesquisa: id })).statusCode).toBe(200);
    expect(await surveyStatus(id)).toBe('published');
    expect(
      await countEntries(and(eq(auditLog.action, 'survey_publish'), eq(auditLog.targetId, String(id)))),
    ).toBe(1);
  });

  it('a change that fails after its entry was written leaves no entry', async () => {
    const id = await createDraft('Pesquisa que não encerra');
    expect((await callAs(admin, 'publicaPesquisa', { idPesquisa: id })).statusCode).toBe(200);
    // Checked at commit time, when both the change and its entry are already written.
    await t.database.db.execute(
      sql.raw(`
      create function refuse_close() returns trigger language plpgsql as $$
      begin
        if new.id = ${id} and new.status = 'closed' then
          raise exception 'close refused' using errcode = '23514';
        end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql`create constraint trigger refuse_close after update on surveys deferrable initially deferred for each row execute function refuse_close()`,
    );
    try {
      const response = await callAs(admin, 'encerraPesquisa', { idPesquisa: id });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(await surveyStatus(id)).toBe('published');
      expect(
        await countEntries(and(eq(auditLog.action, 'survey_close'), eq(auditLog.targetId, String(id)))),
      ).toBe(0);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_close on surveys`);
      await t.database.db.execute(sql`drop function refuse_close()`);
    }
  });
});

describe('append-only', () => {
  it('the database refuses to change an entry', async () => {
    await expect(t.database.db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    expect(await countEntries(eq(auditLog.action, 'forged'))).toBe(0);
  });

  it('no call edits or deletes entries', () => {
    const writers = Object.values(calls).filter(
      (call) =>
        /auditoria/i.test(call.name) &&
        (call.mode === 'write' || /^(altera|exclui|remove|apaga|salva)/.test(call.name)),
    );
    expect(writers).toEqual([]);
    expect(calls.consultaAuditoriaAdmin.mode).toBe('read');
  });
});

describe('reading the log', () => {
  beforeAll(async () => {
    const base = { companyId: ownCompanyId, ip: '10.0.0.9', userAgent: 'Seed' };
    await t.database.db.insert(auditLog).values([
      // 23:30 of 9 March in São Paulo (02:30 UTC on the 10th); the third is 00:10 of the 11th there.
      {
        ...base,
        action: 'filter_test',
        actorUserId: beatrizId,
        actorName: 'Beatriz Almeida',
        targetType: 'post',
        targetId: '1',
        targetName: 'Publicação do mês',
        createdAt: new Date('2026-03-10T02:30:00Z'),
      },
      {
        ...base,
        action: 'filter_test',
        actorUserId: null,
        actorName: 'Pessoa Removida',
        targetType: 'post',
        targetId: '2',
        targetName: 'Aviso geral',
        createdAt: new Date('2026-03-10T12:00:00Z'),
        changes: { texto: { antes: 'Olá', depois: 'Olá, equipe' } },
      },
      {
        ...base,
        action: 'filter_test',
        actorUserId: beatrizId,
        actorName: 'Beatriz Almeida',
        targetType: 'post',
        targetId: '3',
        targetName: 'Terceira',
        createdAt: new Date('2026-03-11T03:10:00Z'),
      },
      {
        companyId: otherCompanyId,
        action: 'filter_test',
        actorName: 'Roberta Lima',
        targetType: 'post',
        targetId: '9',
        targetName: 'Publicação da outra empresa',
        createdAt: new Date('2026-03-10T12:00:00Z'),
      },
      {
        companyId: otherCompanyId,
        action: 'other_company_only',
        actorName: 'Roberta Lima',
        createdAt: new Date('2026-03-10T12:00:00Z'),
      },
    ]);
  });

  const ids = (response: { json(): { data: { listRegistros: { idAlvo: string }[] } } }) =>
    response.json().data.listRegistros.map((entry) => entry.idAlvo);

  it('lists newest first, filters by action, words without accents, author and São Paulo days', async () => {
    expect(ids(await listLog(admin, { acao: 'filter_test' }))).toEqual(['3', '2', '1']);
    expect(ids(await listLog(admin, { acao: 'filter_test', busca: 'PUBLICACAO' }))).toEqual(['1']);
    expect(ids(await listLog(admin, { acao: 'filter_test', busca: 'removida' }))).toEqual(['2']);
    expect(ids(await listLog(admin, { acao: 'filter_test', idUsuarioAutor: beatrizId }))).toEqual(['3', '1']);
    // 02:30 UTC of the 10th is still the 9th in São Paulo, and 03:10 UTC of the 11th is already the 11th.
    expect(
      ids(await listLog(admin, { acao: 'filter_test', dtInicio: '2026-03-10', dtFim: '2026-03-10' })),
    ).toEqual(['2']);
    expect(ids(await listLog(admin, { acao: 'filter_test', dtFim: '2026-03-09' }))).toEqual(['1']);
    expect(ids(await listLog(admin, { acao: 'filter_test', dtInicio: '2026-03-11' }))).toEqual(['3']);
    expect(ids(await listLog(admin, { acao: 'filter_test', dtInicio: '2026-03-12' }))).toEqual([]);
  });

  it('pages with the wire primitives and lists the actions of the company only', async () => {
    const page = (
      await listLog(admin, { acao: 'filter_test', idPaginaAtual: 2, qtdRegistrosPorPagina: 2 })
    ).json().data;
    expect(page).toMatchObject({ idPaginaAtual: 2, qtdRegistrosPorPagina: 2, qtdTotalRegistros: 3 });
    expect(page.listRegistros.map((entry: { idAlvo: string }) => entry.idAlvo)).toEqual(['1']);
    expect(page.acoes).toContain('filter_test');
    expect(page.acoes).toContain('survey_publish');
    expect(page.acoes).not.toContain('other_company_only');
    const changed = (await listLog(admin, { acao: 'filter_test', busca: 'aviso' })).json().data
      .listRegistros[0];
    expect(changed.alteracoes).toEqual([
      { campo: 'texto', nomeCampo: 'Texto', antes: 'Olá', depois: 'Olá, equipe' },
    ]);
  });

  it("another company's entries never appear", async () => {
    const other = (await listLog(otherAdmin, { acao: 'filter_test' })).json().data;
    expect(other.listRegistros.map((entry: { nomeAlvo: string }) => entry.nomeAlvo)).toEqual([
      'Publicação da outra empresa',
    ]);
    const demo = (await listLog(admin, { busca: 'outra empresa' })).json().data;
    expect(demo.qtdTotalRegistros).toBe(0);
  });

  it('answers bad dates with translated 422s, and records nothing', async () => {
    const before = await countEntries();
    const bad = await listLog(admin, { dtInicio: '2026-13-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.dtInicio).toEqual(['Informe uma data válida']);
    const reversed = await listLog(admin, { dtInicio: '2026-03-10', dtFim: '2026-03-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.dtFim).toEqual(['A data final deve ser igual ou posterior à data inicial']);
    const english = await t.call(
      'consultaAuditoriaAdmin',
      { dtInicio: '2026-02-30' },
      { cookie: admin, language: 'en' },
    );
    expect(english.json().errors.dtInicio).toEqual(['Enter a valid date']);
    const badExport = await download(admin, 'csv', '?dtInicio=10%2F03%2F2026');
    expect(badExport.statusCode).toBe(422);
    expect(badExport.json().errors.dtInicio).toEqual(['Informe uma data válida']);
    expect(await countEntries()).toBe(before);
  });

  it('lets a read-only administrator read and export, and refuses anyone without the permission', async () => {
    const readOnly = await t.signIn(carlosPerson.email, factoryPassword);
    expect((await listLog(readOnly, { acao: 'filter_test' })).json().data.qtdTotalRegistros).toBe(3);
    expect((await download(readOnly, 'csv')).statusCode).toBe(200);
    const surveysOnly = await t.signIn(sergioPerson.email, factoryPassword);
    for (const cookie of [surveysOnly, maria]) {
      const refused = await listLog(cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Você não tem acesso a esta funcionalidade.');
      expect((await download(cookie, 'csv')).statusCode).toBe(403);
    }
    expect((await t.call('consultaAuditoriaAdmin', {})).statusCode).toBe(401);
  });
});

describe('export', () => {
  it('writes the filtered log as CSV with a byte-order mark, São Paulo dates and the changes', async () => {
    const response = await download(admin, 'csv', '?acao=filter_test&dtInicio=2026-03-09&dtFim=2026-03-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const lines = response.body.slice(1).trim().split(/\r?\n/);
    // In Portuguese, as Excel in Brazil reads it: ';' between cells.
    expect(lines[0]).toBe('Data;Autor;Ação;Tipo do alvo;Alvo;Alterações;Endereço;Navegador');
    expect(lines.slice(1)).toEqual([
      '10/03/2026 09:00;Pessoa Removida;filter_test;Postagem;Aviso geral;Texto: Olá → Olá, equipe;10.0.0.9;Seed',
      '09/03/2026 23:30;Beatriz Almeida;filter_test;Postagem;Publicação do mês;;10.0.0.9;Seed',
    ]);
  });

  it('never carries a password, token or code', async () => {
    const whole = (await download(admin, 'csv')).body;
    // The action in the screen's words, not its code.
    expect(whole).toContain(';Senha redefinida;');
    expect(whole).not.toContain('password_reset');
    expect(whole).toContain('Senha: *** → ***');
    for (const secret of [factoryPassword, 'Errada@Senha99', 'Nova@Senha2026', '$argon2']) {
      expect(whole).not.toContain(secret);
    }
  });

  it('writes the same lines as XLSX', async () => {
    const response = await download(admin, 'xlsx', '?acao=filter_test&busca=publica%C3%A7%C3%A3o');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Auditoria');
    expect(sheet.getRow(1).getCell(1).value).toBe('Data');
    expect(sheet.rowCount).toBe(2);
    const cells = [1, 2, 3, 4, 5, 7, 8].map((column) => sheet.getRow(2).getCell(column).value);
    expect(cells).toEqual([
      '09/03/2026 23:30',
      'Beatriz Almeida',
      'filter_test',
      'Postagem',
      'Publicação do mês',
      '10.0.0.9',
      'Seed',
    ]);
  });
});
