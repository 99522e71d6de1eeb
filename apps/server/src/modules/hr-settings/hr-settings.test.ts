import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { AdminPermission } from '@elo/contract/enums';
import {
  adminTicketSubjects,
  auditLog,
  catalogItems,
  hrCalendars,
  hrCannedAnswers,
  hrHolidays,
  hrSubjectSettings,
} from '../../db/schema/all.ts';
import { factoryPassword, makeCatalogItem, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addBusinessMinutes } from './business-calendar.ts';
import { findTicketSubject, listTicketSubjects, loadBusinessCalendar } from './service.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let reader: string;
let employee: string;
let otherAdmin: string;
let assigned: string;
let assignedId: number;
let ferias: number;
let inactive: number;
let otherSubject: number;

const call = (cookie: string, name: string, body: Record<string, unknown> = {}) =>
  t.call(name, body, { cookie });

async function auditOf(action: string) {
  return t.database.db
    .select({ targetId: auditLog.targetId, targetName: auditLog.targetName, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  ferias = await makeCatalogItem(db, { companyId, kind: 'ASSUNTO_CHAMADO', name: 'Férias' });
  inactive = await makeCatalogItem(db, { companyId, kind: 'ASSUNTO_CHAMADO', name: 'Antigo', active: false });
  otherSubject = await makeCatalogItem(db, {
    companyId: otherCompanyId,
    kind: 'ASSUNTO_CHAMADO',
    name: 'Alheio',
  });
  await makeCatalogItem(db, { companyId, kind: 'SETOR', name: 'Financeiro' });
  await db.insert(hrSubjectSettings).values({
    subjectId: ferias,
    companyId,
    confidential: false,
    firstResponseMinutes: 240,
    resolutionMinutes: 90,
  });
  const readerPerson = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.hrPortal]: 'L' },
  });
  const hrPerson = await makePerson(db, { companyId, administrator: { [AdminPermission.hrPortal]: 'E' } });
  await db.insert(adminTicketSubjects).values({ companyId, userId: hrPerson.id, itemId: ferias });
  const employeePerson = await makePerson(db, { companyId });
  assignedId = hrPerson.id;
  [admin, reader, employee, otherAdmin, assigned] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(employeePerson.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(hrPerson.email, factoryPassword),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('the look-ups the HR tickets use', () => {
  it("finds the company's subjects with their settings, and only theirs", async () => {
    const { db } = t.database;
    expect(await findTicketSubject(db, companyId, ferias)).toEqual({
      id: ferias,
      name: 'Férias',
      active: true,
      confidential: false,
      firstResponseMinutes: 240,
      resolutionMinutes: 90,
      version: 1,
    });
    // A subject never saved on the settings screen: not confidential, no targets.
    expect(await findTicketSubject(db, companyId, inactive)).toMatchObject({
      active: false,
      confidential: false,
      firstResponseMinutes: null,
      resolutionMinutes: null,
    });
    expect(await findTicketSubject(db, companyId, otherSubject)).toBeNull();
    const names = (await listTicketSubjects(db, otherCompanyId)).map((subject) => subject.name);
    expect(names).toEqual(['Alheio']);
  });

  it("builds the company's calendar: the default, then its own hours and days off", async () => {
    const { db } = t.database;
    const company = await makeCompany(db);
    const standard = await loadBusinessCalendar(db, company.companyId);
    expect(standard).toMatchObject({
      workingDays: [1, 2, 3, 4, 5],
      dayStartMinute: 480,
      dayEndMinute: 1080,
      timeZone: 'America/Sao_Paulo',
    });
    expect(standard.isHoliday('2026-11-20')).toBe(true);
    expect(standard.isHoliday('2026-12-08')).toBe(false);

    await db.insert(hrCalendars).values({
      companyId: company.companyId,
      workingDays: '123456',
      dayStartMinute: 540,
      dayEndMinute: 720,
      nationalHolidays: false,
    });
    await db
      .insert(hrHolidays)
      .values({ companyId: company.companyId, day: '2026-12-08', name: 'Padroeira' });
    const own = await loadBusinessCalendar(db, company.companyId);
    expect(own).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], dayStartMinute: 540, dayEndMinute: 720 });
    expect(own.isHoliday('2026-11-20')).toBe(false);
    expect(own.isHoliday('2026-12-08')).toBe(true);
    // Saturday 12:00 closes; the company's day off on Tuesday is skipped.
    expect(addBusinessMinutes(own, new Date('2026-12-05T14:30:00Z'), 60)).toEqual(
      new Date('2026-12-07T12:30:00Z'),
    );
    // Another company's calendar is untouched.
    expect((await loadBusinessCalendar(db, companyId)).isHoliday('2026-12-08')).toBe(false);
  });
});

describe('consultaAssuntosChamado', () => {
  it("answers an employee the company's active subjects with their confidentiality", async () => {
    const response = await call(employee, 'consultaAssuntosChamado');
    expect(response.statusCode, response.body).toBe(200);
    const subjects = response.json().data.listAssuntos;
    expect(subjects).toContainEqual({ idAssunto: ferias, nome: 'Férias', flConfidencial: 'N' });
    const ids = subjects.map((subject: { idAssunto: number }) => subject.idAssunto);
    expect(ids).not.toContain(inactive);
    expect(ids).not.toContain(otherSubject);
  });
});

describe('subjects', () => {
  it('creates a confidential subject with targets in business hours, stored in minutes and audited', async () => {
    const response = await call(admin, 'salvaAssuntoChamadoAdmin', {
      nome: '  Denúncia ',
      flConfidencial: 'S',
      horasPrimeiraResposta: 1.5,
      horasSolucao: 40,
    });
    expect(response.statusCode, response.body).toBe(200);
    const subject = response.json().data.assunto;
    expect(subject).toEqual({
      idAssunto: expect.any(Number),
      nome: 'Denúncia',
      flAtivo: 'S',
      flConfidencial: 'S',
      horasPrimeiraResposta: 1.5,
      horasSolucao: 40,
      qtdResponsaveis: 0,
      qtdChamadosAbertos: 0,
      versao: 1,
    });
    const [stored] = await t.database.db
      .select()
      .from(hrSubjectSettings)
      .where(eq(hrSubjectSettings.subjectId, subject.idAssunto));
    expect(stored).toMatchObject({
      companyId,
      confidential: true,
      firstResponseMinutes: 90,
      resolutionMinutes: 2400,
    });
    expect((await auditOf('catalog_item_create')).map((entry) => entry.targetName)).toContain('Denúncia');
    expect(await auditOf('hr_subject_settings_update')).toContainEqual({
      targetId: String(subject.idAssunto),
      targetName: 'Denúncia',
      changes: {
        confidencial: { antes: null, depois: true },
        minutosPrimeiraResposta: { antes: null, depois: 90 },
        minutosSolucao: { antes: null, depois: 2400 },
      },
    });

    // The employee sees it flagged confidential.
    const choices = (await call(employee, 'consultaAssuntosChamado')).json().data.listAssuntos;
    expect(choices).toContainEqual({ idAssunto: subject.idAssunto, nome: 'Denúncia', flConfidencial: 'S' });
  });

  it('edits a subject: renames, deactivates and drops a target', async () => {
    const response = await call(admin, 'salvaAssuntoChamadoAdmin', {
      idAssunto: ferias,
      nome: 'Férias e folgas',
      flAtivo: 'N',
      flConfidencial: 'N',
      horasPrimeiraResposta: 4,
      horasSolucao: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.assunto).toMatchObject({
      idAssunto: ferias,
      nome: 'Férias e folgas',
      flAtivo: 'N',
      horasPrimeiraResposta: 4,
      horasSolucao: null,
      qtdResponsaveis: 1,
    });
    expect(await findTicketSubject(t.database.db, companyId, ferias)).toMatchObject({
      name: 'Férias e folgas',
      active: false,
      firstResponseMinutes: 240,
      resolutionMinutes: null,
    });
    const settingsAudit = await auditOf('hr_subject_settings_update');
    expect(settingsAudit).toContainEqual({
      targetId: String(ferias),
      targetName: 'Férias e folgas',
      changes: { minutosSolucao: { antes: 90, depois: null } },
    });
    await call(admin, 'salvaAssuntoChamadoAdmin', {
      idAssunto: ferias,
      nome: 'Férias',
      horasPrimeiraResposta: 4,
    });
  });

  it('refuses a name another subject has, and bad targets, writing nothing', async () => {
    const before = await t.database.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.companyId, companyId));
    const clash = await call(admin, 'salvaAssuntoChamadoAdmin', { nome: 'férias', horasSolucao: 8 });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ nome: ['Já existe um item com este nome'] });
    // A sector of the same name is another catalogue: no clash there.
    const targets = await call(admin, 'salvaAssuntoChamadoAdmin', {
      nome: 'Financeiro',
      horasPrimeiraResposta: 0,
      horasSolucao: 2001,
    });
    expect(targets.statusCode).toBe(422);
    expect(targets.json().errors).toEqual({
      horasPrimeiraResposta: ['Informe um prazo em horas úteis maior que zero e de até 2.000 horas'],
      horasSolucao: ['Informe um prazo em horas úteis maior que zero e de até 2.000 horas'],
    });
    const empty = await call(admin, 'salvaAssuntoChamadoAdmin', { nome: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['nome']);
    const after = await t.database.db
      .select()
      .from(catalogItems)
      .where(eq(catalogItems.companyId, companyId));
    expect(after).toEqual(before);
  });

  it("answers 404 for another company's subject and leaves it alone", async () => {
    const response = await call(otherAdmin, 'salvaAssuntoChamadoAdmin', {
      idAssunto: ferias,
      nome: 'Tomado',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('NOT_FOUND');
    expect((await findTicketSubject(t.database.db, companyId, ferias))?.name).toBe('Férias');
    const [settings] = await t.database.db
      .select()
      .from(hrSubjectSettings)
      .where(eq(hrSubjectSettings.companyId, otherCompanyId));
    expect(settings).toBeUndefined();
  });

  it('changes a subject’s confidentiality only for an administrator assigned to it: others get a translated 403 and change nothing; the change is audited', async () => {
    const { db } = t.database;
    const state = async () => ({
      subject: await findTicketSubject(db, companyId, ferias),
      audits: await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, companyId)),
    });
    const before = await state();
    const messages = {
      'pt-BR': 'Somente administradores atribuídos a este assunto podem alterar a confidencialidade dele.',
      en: 'Only administrators assigned to this subject can change its confidentiality.',
      es: 'Solo los administradores asignados a este asunto pueden cambiar su confidencialidad.',
    };
    // The master, assigned nothing, may not; renaming it with the same request changes nothing either.
    for (const [language, message] of Object.entries(messages)) {
      const refused = await t.call(
        'salvaAssuntoChamadoAdmin',
        { idAssunto: ferias, nome: 'Férias sigilosas', flConfidencial: 'S', horasPrimeiraResposta: 4 },
        { cookie: admin, language },
      );
      expect(refused.statusCode, language).toBe(403);
      expect(refused.json(), language).toEqual({ message, error_code: 'SUBJECT_CONFIDENTIALITY_FORBIDDEN' });
    }
    expect(await state()).toEqual(before);
    // Saving it without changing its confidentiality stays anyone's (with the permission at E).
    const kept = await call(admin, 'salvaAssuntoChamadoAdmin', {
      idAssunto: ferias,
      nome: 'Férias',
      flConfidencial: 'N',
      horasPrimeiraResposta: 4,
    });
    expect(kept.statusCode, kept.body).toBe(200);

    // The administrator assigned to it may, both ways, each change audited with its author.
    const settingsAudits = async () =>
      db
        .select({ actorUserId: auditLog.actorUserId, changes: auditLog.changes })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.companyId, companyId),
            eq(auditLog.action, 'hr_subject_settings_update'),
            eq(auditLog.targetId, String(ferias)),
          ),
        )
        .orderBy(auditLog.id);
    const made = await call(assigned, 'salvaAssuntoChamadoAdmin', {
      idAssunto: ferias,
      nome: 'Férias',
      flConfidencial: 'S',
      horasPrimeiraResposta: 4,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.assunto.flConfidencial).toBe('S');
    const lifted = await call(assigned, 'salvaAssuntoChamadoAdmin', {
      idAssunto: ferias,
      nome: 'Férias',
      flConfidencial: 'N',
      horasPrimeiraResposta: 4,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await settingsAudits()).slice(-2)).toEqual([
      { actorUserId: assignedId, changes: { confidencial: { antes: false, depois: true } } },
      { actorUserId: assignedId, changes: { confidencial: { antes: true, depois: false } } },
    ]);
    // A new subject is nobody's yet: it may be created confidential by any HR editor.
    const created = await call(admin, 'salvaAssuntoChamadoAdmin', { nome: 'Ouvidoria', flConfidencial: 'S' });
    expect(created.statusCode, created.body).toBe(200);
    const madePlain = await call(admin, 'salvaAssuntoChamadoAdmin', {
      idAssunto: created.json().data.assunto.idAssunto,
      nome: 'Ouvidoria',
      flConfidencial: 'N',
    });
    expect(madePlain.statusCode).toBe(403);
  });

  it('lets a read-only administrator read the settings but not change them', async () => {
    expect((await call(reader, 'consultaConfiguracoesRhAdmin')).statusCode).toBe(200);
    const refused = await call(reader, 'salvaAssuntoChamadoAdmin', { nome: 'Novo' });
    expect(refused.statusCode).toBe(403);
    expect((await call(employee, 'consultaConfiguracoesRhAdmin')).statusCode).toBe(403);
  });
});

describe('calendar and holidays', () => {
  it('answers the default calendar and a year of national holidays, then the saved calendar', async () => {
    const response = await call(admin, 'consultaConfiguracoesRhAdmin', { ano: 2026 });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.calendario).toEqual({
      diasUteis: [1, 2, 3, 4, 5],
      horaInicio: '08:00',
      horaFim: '18:00',
      fusoHorario: 'America/Sao_Paulo',
      flFeriadosNacionais: 'S',
      versao: 1,
    });
    expect(data.listFeriados).toContainEqual({
      idFeriado: null,
      data: '2026-11-20',
      nome: 'Dia da Consciência Negra',
      origem: 'NACIONAL',
      versao: null,
    });
    expect(data.listAssuntos.map((subject: { nome: string }) => subject.nome)).toEqual(
      expect.arrayContaining(['Antigo', 'Férias']),
    );
    // National holidays' names follow the caller's language.
    const english = await t.call(
      'consultaConfiguracoesRhAdmin',
      { ano: 2026 },
      { cookie: admin, language: 'en' },
    );
    expect(english.json().data.listFeriados).toContainEqual(
      expect.objectContaining({ data: '2026-12-25', nome: 'Christmas Day' }),
    );

    const saved = await call(admin, 'salvaCalendarioRhAdmin', {
      diasUteis: [6, 1, 2, 3, 4, 5, 1],
      horaInicio: '09:00',
      horaFim: '17:30',
      flFeriadosNacionais: 'N',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.calendario).toEqual({
      diasUteis: [1, 2, 3, 4, 5, 6],
      horaInicio: '09:00',
      horaFim: '17:30',
      fusoHorario: 'America/Sao_Paulo',
      flFeriadosNacionais: 'N',
      versao: 2,
    });
    const calendar = await loadBusinessCalendar(t.database.db, companyId);
    expect(calendar).toMatchObject({
      workingDays: [1, 2, 3, 4, 5, 6],
      dayStartMinute: 540,
      dayEndMinute: 1050,
    });
    expect(calendar.isHoliday('2026-11-20')).toBe(false);
    const [entry] = await auditOf('hr_calendar_update');
    expect(entry?.changes).toMatchObject({
      diasUteis: { antes: [1, 2, 3, 4, 5], depois: [1, 2, 3, 4, 5, 6] },
      horaFim: { antes: '18:00', depois: '17:30' },
    });
    // With national holidays off, the screen lists none.
    const after = (await call(admin, 'consultaConfiguracoesRhAdmin', { ano: 2026 })).json().data;
    expect(after.listFeriados.filter((holiday: { origem: string }) => holiday.origem === 'NACIONAL')).toEqual(
      [],
    );

    await call(admin, 'salvaCalendarioRhAdmin', {
      diasUteis: [1, 2, 3, 4, 5],
      horaInicio: '08:00',
      horaFim: '18:00',
      flFeriadosNacionais: 'S',
    });
  });

  it('refuses a calendar without working days or with hours that end before they start', async () => {
    const noDays = await call(admin, 'salvaCalendarioRhAdmin', {
      diasUteis: [],
      horaInicio: '8h',
      horaFim: '18:00',
      flFeriadosNacionais: 'S',
    });
    expect(noDays.statusCode).toBe(422);
    expect(noDays.json().errors).toEqual({
      diasUteis: ['Selecione ao menos um dia útil'],
      horaInicio: ['Informe a hora no formato HH:mm'],
    });
    const backwards = await call(admin, 'salvaCalendarioRhAdmin', {
      diasUteis: [1],
      horaInicio: '18:00',
      horaFim: '08:00',
      flFeriadosNacionais: 'S',
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ horaFim: ['O fim do expediente deve ser depois do início'] });
    expect((await loadBusinessCalendar(t.database.db, companyId)).dayStartMinute).toBe(480);
  });

  it("adds, edits and deletes the company's own holidays, each audited", async () => {
    const created = await call(admin, 'salvaFeriadoAdmin', { data: '2026-12-08', nome: 'Dia da padroeira' });
    expect(created.statusCode, created.body).toBe(200);
    const holiday = created.json().data.feriado;
    expect(holiday).toEqual({
      idFeriado: expect.any(Number),
      data: '2026-12-08',
      nome: 'Dia da padroeira',
      origem: 'EMPRESA',
      versao: 1,
    });
    expect((await loadBusinessCalendar(t.database.db, companyId)).isHoliday('2026-12-08')).toBe(true);
    const listed = (await call(admin, 'consultaConfiguracoesRhAdmin', { ano: 2026 })).json().data
      .listFeriados;
    expect(listed).toContainEqual(holiday);
    expect(
      (await call(admin, 'consultaConfiguracoesRhAdmin', { ano: 2027 })).json().data.listFeriados,
    ).not.toContainEqual(holiday);

    const edited = await call(admin, 'salvaFeriadoAdmin', {
      idFeriado: holiday.idFeriado,
      data: '2026-12-07',
      nome: 'Ponte',
    });
    expect(edited.json().data.feriado).toEqual({ ...holiday, data: '2026-12-07', nome: 'Ponte', versao: 2 });
    expect(await auditOf('hr_holiday_update')).toContainEqual({
      targetId: String(holiday.idFeriado),
      targetName: 'Ponte',
      changes: {
        data: { antes: '2026-12-08', depois: '2026-12-07' },
        nome: { antes: 'Dia da padroeira', depois: 'Ponte' },
      },
    });

    const removed = await call(admin, 'excluiFeriadoAdmin', { idFeriado: holiday.idFeriado });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ ok: true });
    expect(await t.database.db.select().from(hrHolidays).where(eq(hrHolidays.id, holiday.idFeriado))).toEqual(
      [],
    );
    expect((await auditOf('hr_holiday_delete')).map((entry) => entry.targetName)).toContain('Ponte');
    expect((await auditOf('hr_holiday_create')).map((entry) => entry.targetName)).toContain(
      'Dia da padroeira',
    );
  });

  it('refuses a second holiday on a day, a national holiday and a bad date, writing nothing', async () => {
    const first = await call(admin, 'salvaFeriadoAdmin', { data: '2026-06-04', nome: 'Corpus Christi' });
    expect(first.statusCode).toBe(200);
    const again = await call(admin, 'salvaFeriadoAdmin', { data: '2026-06-04', nome: 'Outro' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ data: ['Já existe um feriado da empresa nesta data'] });
    const national = await call(admin, 'salvaFeriadoAdmin', { data: '2026-12-25', nome: 'Natal' });
    expect(national.statusCode).toBe(422);
    expect(national.json().errors).toEqual({ data: ['Esta data já é um feriado nacional'] });
    const bad = await call(admin, 'salvaFeriadoAdmin', { data: '2026-02-30', nome: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['data', 'nome']);
    const rows = await t.database.db.select().from(hrHolidays).where(eq(hrHolidays.companyId, companyId));
    expect(rows.map((row) => [row.day, row.name])).toEqual([['2026-06-04', 'Corpus Christi']]);
  });

  it("answers 404 for another company's holiday, changing nothing", async () => {
    const [row] = await t.database.db.select().from(hrHolidays).where(eq(hrHolidays.companyId, companyId));
    const edit = await call(otherAdmin, 'salvaFeriadoAdmin', {
      idFeriado: row!.id,
      data: '2026-06-05',
      nome: 'X',
    });
    expect(edit.statusCode).toBe(404);
    const remove = await call(otherAdmin, 'excluiFeriadoAdmin', { idFeriado: row!.id });
    expect(remove.statusCode).toBe(404);
    expect(remove.json().error_code).toBe('NOT_FOUND');
    const [still] = await t.database.db.select().from(hrHolidays).where(eq(hrHolidays.id, row!.id));
    expect(still).toEqual(row);
  });
});

describe('canned answers', () => {
  it('creates answers for a subject and for all, lists them by subject, edits and deletes them', async () => {
    const own = await call(admin, 'salvaRespostaProntaAdmin', {
      idAssunto: ferias,
      titulo: 'Saldo de férias',
      texto: 'Seu saldo está no portal do colaborador.',
    });
    expect(own.statusCode, own.body).toBe(200);
    const answer = own.json().data.resposta;
    expect(answer).toEqual({
      idResposta: expect.any(Number),
      idAssunto: ferias,
      titulo: 'Saldo de férias',
      texto: 'Seu saldo está no portal do colaborador.',
    });
    const general = (
      await call(admin, 'salvaRespostaProntaAdmin', {
        idAssunto: null,
        titulo: 'Agradecimento',
        texto: 'Obrigado!',
      })
    ).json().data.resposta;
    expect(general.idAssunto).toBeNull();
    const otherSubjectAnswer = (
      await call(admin, 'salvaRespostaProntaAdmin', { idAssunto: inactive, titulo: 'Outro', texto: 'Texto' })
    ).json().data.resposta;

    const forFerias = await call(reader, 'consultaRespostasProntasAdmin', { idAssunto: ferias });
    expect(forFerias.statusCode, forFerias.body).toBe(200);
    expect(forFerias.json().data.listRespostas).toEqual([general, answer]);
    const all = (await call(reader, 'consultaRespostasProntasAdmin')).json().data.listRespostas;
    expect(all).toEqual([general, otherSubjectAnswer, answer]);

    const edited = await call(admin, 'salvaRespostaProntaAdmin', {
      idResposta: answer.idResposta,
      titulo: 'Saldo',
      texto: 'Veja o seu saldo.',
    });
    expect(edited.json().data.resposta).toEqual({
      idResposta: answer.idResposta,
      idAssunto: null,
      titulo: 'Saldo',
      texto: 'Veja o seu saldo.',
    });
    expect(await auditOf('hr_canned_answer_update')).toContainEqual(
      expect.objectContaining({ targetId: String(answer.idResposta), targetName: 'Saldo' }),
    );

    const removed = await call(admin, 'excluiRespostaProntaAdmin', { idResposta: answer.idResposta });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = (await call(admin, 'consultaRespostasProntasAdmin')).json().data.listRespostas;
    expect(left.map((row: { idResposta: number }) => row.idResposta)).not.toContain(answer.idResposta);
    expect((await auditOf('hr_canned_answer_create')).length).toBe(3);
    expect((await auditOf('hr_canned_answer_delete')).map((entry) => entry.targetName)).toEqual(['Saldo']);
  });

  it("refuses another company's subject and empty texts, and answers 404 for another company's answer", async () => {
    const count = async () =>
      (
        await t.database.db
          .select()
          .from(hrCannedAnswers)
          .where(inArray(hrCannedAnswers.companyId, [companyId, otherCompanyId]))
      ).length;
    const before = await count();
    const foreign = await call(admin, 'salvaRespostaProntaAdmin', {
      idAssunto: otherSubject,
      titulo: 'T',
      texto: 'X',
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ idAssunto: ['Item não encontrado; escolha um da lista'] });
    const empty = await call(admin, 'salvaRespostaProntaAdmin', { titulo: ' ', texto: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['texto', 'titulo']);
    expect(await count()).toBe(before);

    const [mine] = await t.database.db
      .select()
      .from(hrCannedAnswers)
      .where(eq(hrCannedAnswers.companyId, companyId));
    const edit = await call(otherAdmin, 'salvaRespostaProntaAdmin', {
      idResposta: mine!.id,
      titulo: 'T',
      texto: 'X',
    });
    expect(edit.statusCode).toBe(404);
    const remove = await call(otherAdmin, 'excluiRespostaProntaAdmin', { idResposta: mine!.id });
    expect(remove.statusCode).toBe(404);
    expect((await call(otherAdmin, 'consultaRespostasProntasAdmin')).json().data.listRespostas).toEqual([]);
    const [still] = await t.database.db
      .select()
      .from(hrCannedAnswers)
      .where(eq(hrCannedAnswers.id, mine!.id));
    expect(still).toEqual(mine);
  });
});
