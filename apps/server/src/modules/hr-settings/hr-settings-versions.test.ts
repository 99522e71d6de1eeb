import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, hrSubjectSettings } from '../../db/schema/all.ts';
import { factoryPassword, makeCatalogItem, makeCompany } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findTicketSubject, loadCalendarSettings } from './service.ts';

/*
 * Optimistic concurrency (issue 27) for the HR settings: a ticket subject (its catalogue item and
 * HR settings, one versao), the company's calendar and its own holidays. A save naming a versao older than the
 * stored one answers 409 REGISTRO_ALTERADO and writes nothing; a save without versao overwrites.
 */

const staleMessage = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
const staleAnswer = { message: staleMessage, error_code: 'REGISTRO_ALTERADO' };

let t: TestApp;
let companyId: number;
let admin: string;

const call = (name: string, body: Record<string, unknown> = {}) => t.call(name, body, { cookie: admin });

/** How many audit entries of these actions the company has. */
async function auditCount(...actions: string[]) {
  let total = 0;
  for (const action of actions) {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
    total += row!.total;
  }
  return total;
}

type AdminSubject = { idAssunto: number; nome: string; horasSolucao: number | null; versao: number };

async function settings() {
  const response = await call('consultaConfiguracoesRhAdmin', { ano: 2026 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    listAssuntos: AdminSubject[];
    calendario: { horaInicio: string; horaFim: string; diasUteis: number[]; versao: number };
    listFeriados: { idFeriado: number | null; data: string; nome: string; versao: number | null }[];
  };
}

const subjectOf = async (id: number) => (await settings()).listAssuntos.find((row) => row.idAssunto === id)!;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await makeCompany(t.database.db);
  companyId = company.companyId;
  admin = await t.signIn(company.master.email, factoryPassword);
});
afterAll(async () => {
  await t?.close();
});

describe('HR subjects carry a versao', () => {
  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; a fresh one bumps versao; without versao it saves as before', async () => {
    const id = await makeCatalogItem(t.database.db, {
      companyId,
      kind: 'ASSUNTO_CHAMADO',
      name: 'Benefícios',
    });
    const copy = await subjectOf(id);
    expect(copy.versao).toBe(1);
    const subject = { idAssunto: id, flAtivo: 'S', flConfidencial: 'N', horasPrimeiraResposta: 8 };

    const savedA = await call('salvaAssuntoChamadoAdmin', {
      ...subject,
      versao: copy.versao,
      nome: 'Benefícios e auxílios',
      horasSolucao: 40,
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.assunto).toMatchObject({ nome: 'Benefícios e auxílios', versao: 2 });
    const audited = await auditCount('catalog_item_update', 'hr_subject_settings_update');

    // B saves from the copy read before A's save.
    const staleB = await call('salvaAssuntoChamadoAdmin', {
      ...subject,
      versao: copy.versao,
      nome: 'Benefícios',
      horasSolucao: 16,
    });
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual(staleAnswer);
    expect(await subjectOf(id)).toMatchObject({ nome: 'Benefícios e auxílios', horasSolucao: 40, versao: 2 });
    const [stored] = await t.database.db
      .select()
      .from(hrSubjectSettings)
      .where(eq(hrSubjectSettings.subjectId, id));
    expect(stored).toMatchObject({ firstResponseMinutes: 480, resolutionMinutes: 2400 });
    expect(await auditCount('catalog_item_update', 'hr_subject_settings_update')).toBe(audited);

    const plain = await call('salvaAssuntoChamadoAdmin', { ...subject, nome: 'Auxílios', horasSolucao: 24 });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await subjectOf(id)).toMatchObject({ nome: 'Auxílios', horasSolucao: 24, versao: 3 });
    expect(await findTicketSubject(t.database.db, companyId, id)).toMatchObject({
      name: 'Auxílios',
      resolutionMinutes: 1440,
      version: 3,
    });
  });

  it('makes the HR copy stale when the subject is renamed in the catalogues area', async () => {
    const id = await makeCatalogItem(t.database.db, { companyId, kind: 'ASSUNTO_CHAMADO', name: 'Ponto' });
    const copy = await subjectOf(id);
    const renamed = await call('salvaItemCatalogoAdmin', {
      tipo: 'ASSUNTO_CHAMADO',
      id,
      nome: 'Ponto eletrônico',
      flAtivo: 'S',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await call('salvaAssuntoChamadoAdmin', {
      idAssunto: id,
      versao: copy.versao,
      nome: 'Ponto',
      flAtivo: 'N',
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual(staleAnswer);
    expect(await subjectOf(id)).toMatchObject({ nome: 'Ponto eletrônico', versao: copy.versao + 1 });
  });
});

describe('the HR calendar carries a versao', () => {
  const calendar = { diasUteis: [1, 2, 3, 4, 5], flFeriadosNacionais: 'S' };

  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; a fresh one bumps versao; without versao it saves as before', async () => {
    const copy = (await settings()).calendario;
    // The default calendar (no row yet) is version 1.
    expect(copy.versao).toBe(1);

    const savedA = await call('salvaCalendarioRhAdmin', {
      ...calendar,
      versao: copy.versao,
      horaInicio: '07:00',
      horaFim: '16:00',
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.calendario).toMatchObject({ horaInicio: '07:00', versao: 2 });
    const audited = await auditCount('hr_calendar_update');
    expect(audited).toBe(1);

    const staleB = await call('salvaCalendarioRhAdmin', {
      ...calendar,
      versao: copy.versao,
      horaInicio: '09:00',
      horaFim: '18:00',
    });
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual(staleAnswer);
    expect((await settings()).calendario).toMatchObject({ horaInicio: '07:00', horaFim: '16:00', versao: 2 });
    expect(await loadCalendarSettings(t.database.db, companyId)).toMatchObject({
      dayStartMinute: 420,
      dayEndMinute: 960,
    });
    expect(await auditCount('hr_calendar_update')).toBe(audited);

    const fresh = await call('salvaCalendarioRhAdmin', {
      ...calendar,
      versao: 2,
      horaInicio: '08:00',
      horaFim: '17:00',
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.calendario).toMatchObject({ horaFim: '17:00', versao: 3 });

    const plain = await call('salvaCalendarioRhAdmin', {
      ...calendar,
      horaInicio: '08:00',
      horaFim: '18:00',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await settings()).calendario).toMatchObject({ horaFim: '18:00', versao: 4 });
    expect(await auditCount('hr_calendar_update')).toBe(audited + 2);
  });

  it('lets one of two first saves from the same copy through and refuses the other', async () => {
    const other = await makeCompany(t.database.db);
    const cookie = await t.signIn(other.master.email, factoryPassword);
    const save = (horaFim: string) =>
      t.call('salvaCalendarioRhAdmin', { ...calendar, versao: 1, horaInicio: '08:00', horaFim }, { cookie });
    const answers = await Promise.all([save('17:00'), save('19:00')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.statusCode === 200)!.json().data.calendario;
    expect(won.versao).toBe(2);
    const stored = await loadCalendarSettings(t.database.db, other.companyId);
    expect(stored.dayEndMinute).toBe(won.horaFim === '17:00' ? 1020 : 1140);
  });
});

describe('the company’s holidays carry a versao', () => {
  it('answers an edit from a stale copy 409 REGISTRO_ALTERADO, writing nothing; a fresh one bumps versao; without versao it saves as before', async () => {
    const created = await call('salvaFeriadoAdmin', { data: '2026-12-08', nome: 'Dia da padroeira' });
    expect(created.statusCode, created.body).toBe(200);
    const copy = created.json().data.feriado as { idFeriado: number; versao: number };
    expect(copy.versao).toBe(1);
    const holidayOf = async () =>
      (await settings()).listFeriados.find((row) => row.idFeriado === copy.idFeriado)!;

    const savedA = await call('salvaFeriadoAdmin', {
      idFeriado: copy.idFeriado,
      versao: copy.versao,
      data: '2026-12-08',
      nome: 'Padroeira',
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.feriado).toMatchObject({ nome: 'Padroeira', versao: 2 });
    const audited = await auditCount('hr_holiday_update');

    const staleB = await call('salvaFeriadoAdmin', {
      idFeriado: copy.idFeriado,
      versao: copy.versao,
      data: '2026-12-07',
      nome: 'Dia da padroeira',
    });
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual(staleAnswer);
    expect(await holidayOf()).toMatchObject({ data: '2026-12-08', nome: 'Padroeira', versao: 2 });
    expect(await auditCount('hr_holiday_update')).toBe(audited);

    const plain = await call('salvaFeriadoAdmin', {
      idFeriado: copy.idFeriado,
      data: '2026-12-08',
      nome: 'Ponte',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await holidayOf()).toMatchObject({ nome: 'Ponte', versao: 3 });
  });
});
