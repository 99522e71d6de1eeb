import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { isAnnouncementLink } from '@elo/contract/calls/announcements';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import {
  announcementGroups,
  announcementInteractions,
  announcements,
  auditLog,
} from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dayOf } from './repo.ts';

let t: TestApp;
let admin: string;
let reader: string;
let otherAdmin: string;
let member: string;
let outsider: string;
let companyId: number;
let groupId: number;
let otherGroupId: number;

const hour = 3_600_000;
const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();
/** The storage key of a media address. */
const keyOf = (url: string) => url.replace('/backend/midia/', '');
const uniqueText = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

let fullHd: Buffer;
async function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .toFormat(format)
    .toBuffer();
}

interface SaveOptions {
  fields?: Record<string, string>;
  file?: { name: string; type: string; body: Buffer } | null;
  cookie?: string;
}

/** Sends the form; a new announcement for everyone, showing now, unless told otherwise. */
function save({ fields = {}, file, cookie = admin }: SaveOptions = {}) {
  const picked =
    file === null
      ? []
      : [{ field: 'imagem', ...(file ?? { name: 'c.png', type: 'image/png', body: fullHd }) }];
  return t.callMultipart('salvaComunicadoAdmin', {
    cookie,
    fields: { dtInicio: iso(-1), dtFim: iso(24), descricao: uniqueText('Comunicado'), ...fields },
    files: picked,
  });
}

async function created(options: SaveOptions = {}) {
  const response = await save(options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.comunicado as {
    idComunicado: number;
    urlImagem: string;
    descricao: string;
    status: string;
    ordem: number;
    idsGrupos: number[];
    qtdVisualizacoes: number;
    qtdCliques: number;
    versao: number;
  };
}

async function adminList(filter: Record<string, unknown> = {}, cookie = admin) {
  const response = await t.call(
    'consultaComunicadosAdmin',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 100, ...filter },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    listComunicados: Awaited<ReturnType<typeof created>>[];
    qtdTotalRegistros: number;
  };
}

async function banners(cookie: string) {
  const response = await t.call('consultaBannersPortal', {}, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.listBanners as { idBanner: number; descricao: string | null }[]).map(
    (banner) => banner.idBanner,
  );
}

async function rowCount() {
  return (await t.database.db.select().from(announcements).where(eq(announcements.companyId, companyId)))
    .length;
}

/** What a refused form could have left behind: rows, group links, audit entries, stored images. */
async function traces() {
  const { db } = t.database;
  const [links] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(announcementGroups)
    .where(eq(announcementGroups.companyId, companyId));
  const [audits] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(sql`${auditLog.action} like 'announcement_%'`);
  const folder = path.join(t.dataDir, 'media', String(companyId));
  const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return {
    rows: await rowCount(),
    groupLinks: links!.total,
    auditEntries: audits!.total,
    storedFiles: files.filter((entry) => entry.isFile()).length,
  };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  fullHd = await image(1920, 1080);
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  groupId = await makeGroup(db, { companyId, name: 'Fábrica' });
  otherGroupId = await makeGroup(db, { companyId: other.companyId, name: 'Alheio' });
  const readerPerson = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.announcements]: 'L' },
  });
  const memberPerson = await makePerson(db, {
    companyId,
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId, groupId],
  });
  const outsiderPerson = await makePerson(db, {
    companyId,
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId],
  });
  [admin, reader, otherAdmin, member, outsider] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(memberPerson.email, factoryPassword),
    t.signIn(outsiderPerson.email, factoryPassword),
  ]);
});
afterAll(() => t.close());

describe('the form', () => {
  it('creates an announcement with its groups, last in the order, and records it in the audit log', async () => {
    const before = await adminList();
    const made = await created({
      fields: { link: 'https://www.elo.example/x', idsGrupos: String(groupId), descricao: 'Vacinação' },
    });
    expect(made).toMatchObject({
      descricao: 'Vacinação',
      status: 'ativo',
      idsGrupos: [groupId],
      qtdVisualizacoes: 0,
      qtdCliques: 0,
    });
    expect(made.ordem).toBeGreaterThan(Math.max(0, ...before.listComunicados.map((row) => row.ordem)));
    const file = await t.app.inject({ method: 'GET', url: made.urlImagem, headers: { cookie: member } });
    expect(file.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'announcement_create'), eq(auditLog.targetId, String(made.idComunicado))),
      );
    expect(entry).toBeDefined();
  });

  it('edits the dates and keeps the image when none is sent; a new image replaces the old file', async () => {
    const made = await created();
    const edited = await save({
      fields: { idComunicado: String(made.idComunicado), dtInicio: iso(-48), dtFim: iso(-24) },
      file: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.comunicado).toMatchObject({ status: 'encerrado', urlImagem: made.urlImagem });
    const replaced = await save({ fields: { idComunicado: String(made.idComunicado) } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = replaced.json().data.comunicado.urlImagem as string;
    expect(newUrl).not.toBe(made.urlImagem);
    await expect(t.storage.read(keyOf(made.urlImagem))).rejects.toThrow();
  });

  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; without versao it saves as before (issue 27)', async () => {
    const made = await created();
    const id = String(made.idComunicado);
    const savedA = await save({
      fields: { idComunicado: id, versao: String(made.versao), descricao: 'Texto de A' },
      file: null,
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.comunicado.versao).toBe(made.versao + 1);
    const before = await traces();
    const staleB = await save({
      fields: {
        idComunicado: id,
        versao: String(made.versao),
        descricao: 'Texto de B',
        idsGrupos: String(groupId),
      },
    });
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    expect(await traces()).toEqual(before);
    const listed = (
      await t.call(
        'consultaComunicadosAdmin',
        { idPaginaAtual: 1, qtdRegistrosPorPagina: 100 },
        { cookie: admin },
      )
    )
      .json()
      .data.listComunicados.find((row: { idComunicado: number }) => row.idComunicado === made.idComunicado);
    expect(listed).toMatchObject({
      descricao: 'Texto de A',
      idsGrupos: [],
      urlImagem: made.urlImagem,
      versao: made.versao + 1,
    });

    const plain = await save({ fields: { idComunicado: id, descricao: 'Texto de B' }, file: null });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.comunicado).toMatchObject({ descricao: 'Texto de B', versao: made.versao + 2 });
  });

  it.each([
    ['a javascript: link', { link: 'javascript:alert(1)' }, 'link', 'O link deve começar com http://'],
    ['a link without a scheme', { link: 'www.elo.example' }, 'link', 'O link deve começar com http://'],
    ['a link to another site by //', { link: '//evil.example/x' }, 'link', 'O link deve começar com http://'],
    ['a path with a tab after /', { link: '/\t/evil.example' }, 'link', 'O link deve começar com http://'],
    ['a path with a new line', { link: '/\n/evil.example' }, 'link', 'O link deve começar com http://'],
    ['a path with a space', { link: '/ /evil.example' }, 'link', 'O link deve começar com http://'],
    ['a path with a backslash', { link: '/\\evil.example' }, 'link', 'O link deve começar com http://'],
    ['an address with a backslash', { link: 'https:\\\\evil.example' }, 'link', 'O link deve'],
    ['an end before the start', { dtInicio: iso(5), dtFim: iso(1) }, 'dtFim', 'posterior à data de início'],
    ['an end equal to the start', { dtInicio: iso(5), dtFim: iso(5) }, 'dtFim', 'posterior à data de início'],
    ['a start that is not a date', { dtInicio: '31/02/2026' }, 'dtInicio', 'Informe uma data válida'],
    ['an end that is not a date', { dtFim: '2026-02-31T10:00:00Z' }, 'dtFim', 'Informe uma data válida'],
    ['a group of another company', { idsGrupos: '999999' }, 'idsGrupos', 'Grupos inválidos'],
  ])('refuses %s with a translated 422, writing nothing', async (_label, fields, field, message) => {
    const before = await traces();
    const response = await save({ fields: { idsGrupos: String(groupId), ...fields } });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field][0]).toContain(message);
    expect(await traces()).toEqual(before);
  });

  it('refuses a group of another company (tenant)', async () => {
    const response = await save({ fields: { idsGrupos: String(otherGroupId) } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.idsGrupos).toEqual(['Grupos inválidos']);
  });

  it('never takes whitespace, a control character or a backslash in a link', () => {
    for (const link of [
      '/\u0000/evil.example',
      '/painel\u007f',
      'https://elo.example/\u001bx',
      '/a\u2028b',
      '/a\\b',
    ]) {
      expect(isAnnouncementLink(link), JSON.stringify(link)).toBe(false);
    }
    expect(isAnnouncementLink('/painel/pesquisas?x=1#y')).toBe(true);
    expect(isAnnouncementLink('https://www.elo.example/a%20b')).toBe(true);
  });

  it('accepts a path of the portal itself as the link', async () => {
    const made = await created({ fields: { link: '/painel/pesquisas' } });
    expect(
      (await adminList()).listComunicados.find((row) => row.idComunicado === made.idComunicado),
    ).toMatchObject({ link: '/painel/pesquisas' });
  });

  it.each([
    [
      '1919x1080',
      async () => ({ name: 'c.png', type: 'image/png', body: await image(1919, 1080) }),
      'exatamente 1920x1080',
    ],
    [
      '1920x1081',
      async () => ({ name: 'c.jpg', type: 'image/jpeg', body: await image(1920, 1081, 'jpeg') }),
      'exatamente 1920x1080',
    ],
    [
      'a GIF renamed .png',
      async () => ({ name: 'c.png', type: 'image/png', body: await image(1920, 1080, 'gif') }),
      'PNG, JPG, JPEG',
    ],
    [
      'an SVG renamed .png',
      async () => ({
        name: 'c.png',
        type: 'image/png',
        body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"></svg>'),
      }),
      'PNG, JPG, JPEG',
    ],
  ])('refuses an image of %s, keeping the old one and storing nothing', async (_label, makeFile, message) => {
    const made = await created();
    const before = await traces();
    const file = await makeFile();
    const creating = await save({ file, fields: { idsGrupos: String(groupId) } });
    expect(creating.statusCode).toBe(422);
    expect(creating.json().errors.imagem[0]).toContain(message);
    expect(await traces()).toEqual(before);
    const editing = await save({
      fields: { idComunicado: String(made.idComunicado), idsGrupos: String(groupId) },
      file,
    });
    expect(editing.statusCode).toBe(422);
    expect(await traces()).toEqual(before);
    const row = (await adminList()).listComunicados.find((item) => item.idComunicado === made.idComunicado)!;
    expect(row.urlImagem).toBe(made.urlImagem);
    const kept = await t.app.inject({ method: 'GET', url: made.urlImagem, headers: { cookie: admin } });
    expect(kept.statusCode).toBe(200);
  });

  it('requires an image on create', async () => {
    const response = await save({ file: null });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.imagem).toEqual(['Campo obrigatório']);
  });

  it('refuses a 60 MB image before storing it', async () => {
    const before = await traces();
    const response = await save({
      file: {
        name: 'c.png',
        type: 'image/png',
        body: Buffer.concat([fullHd, Buffer.alloc(60 * 1024 * 1024)]),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('60MB');
    expect(await traces()).toEqual(before);
  });

  it('answers the errors in English when asked', async () => {
    const removal = await t.app.inject({
      method: 'POST',
      url: '/backend/excluiComunicadoAdmin',
      headers: { cookie: admin, 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' },
      payload: { idComunicado: 'x' },
    });
    expect(removal.statusCode).toBe(422);
    // zod's own English for a wrong type (the contract's error map falls back to it).
    expect(removal.json().errors.idComunicado).toEqual(['Invalid input: expected number, received string']);
    const dates = await t.callMultipart('salvaComunicadoAdmin', {
      cookie: admin,
      language: 'en',
      fields: { dtInicio: iso(5), dtFim: iso(1), link: 'www.elo.example' },
      files: [{ field: 'imagem', name: 'c.png', type: 'image/png', body: fullHd }],
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.dtFim).toEqual(['The end date must be after the start date']);
    expect(dates.json().errors.link[0]).toMatch(/^The link must start with http:\/\//);
  });
});

describe('status, order and the list', () => {
  it('computes the status from now and filters by it', async () => {
    const active = await created();
    const scheduled = await created({ fields: { dtInicio: iso(48), dtFim: iso(72) } });
    const ended = await created({ fields: { dtInicio: iso(-72), dtFim: iso(-48) } });
    const statusOf = async (status: string) =>
      (await adminList({ status })).listComunicados.map((row) => row.idComunicado);
    expect(await statusOf('ativo')).toContain(active.idComunicado);
    expect(await statusOf('ativo')).not.toContain(scheduled.idComunicado);
    expect(await statusOf('agendado')).toEqual(expect.arrayContaining([scheduled.idComunicado]));
    expect(await statusOf('agendado')).not.toContain(ended.idComunicado);
    expect(await statusOf('encerrado')).toContain(ended.idComunicado);
    expect(scheduled.status).toBe('agendado');
    expect(ended.status).toBe('encerrado');
  });

  it('reorders the ones sent among the places they held; the carousel follows', async () => {
    const a = await created();
    const b = await created();
    const c = await created();
    const response = await t.call(
      'ordenaComunicadosAdmin',
      { idsComunicados: [c.idComunicado, a.idComunicado] },
      { cookie: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    const order = (await adminList()).listComunicados.map((row) => row.idComunicado);
    const mine = order.filter((id) => [a, b, c].some((row) => row.idComunicado === id));
    expect(mine).toEqual([c.idComunicado, b.idComunicado, a.idComunicado]);
    const carousel = (await banners(outsider)).filter((id) => mine.includes(id));
    expect(carousel).toEqual(mine);
    const ordinals = (await adminList()).listComunicados.map((row) => row.ordem);
    expect(ordinals).toEqual(ordinals.map((_, index) => index + 1));
  });

  it('numbers the places 1, 2, 3… in the company order: no gaps after a deletion, the same on every page', async () => {
    await created();
    const doomed = await created();
    await created();
    const removal = await t.call(
      'excluiComunicadoAdmin',
      { idComunicado: doomed.idComunicado },
      { cookie: admin },
    );
    expect(removal.statusCode).toBe(200);
    // A row left at 0 by the migration comes first, numbered 1.
    const old = await created();
    await t.database.db
      .update(announcements)
      .set({ position: 0 })
      .where(eq(announcements.id, old.idComunicado));
    const all = (await adminList()).listComunicados;
    expect(all.map((row) => row.ordem)).toEqual(all.map((_, index) => index + 1));
    expect(all[0]!.idComunicado).toBe(old.idComunicado);
    const second = await t.call(
      'consultaComunicadosAdmin',
      { idPaginaAtual: 2, qtdRegistrosPorPagina: 2 },
      { cookie: admin },
    );
    expect(second.json().data.listComunicados.map((row: { ordem: number }) => row.ordem)).toEqual([3, 4]);
    const ended = (await adminList({ status: 'encerrado' })).listComunicados;
    for (const row of ended) {
      expect(row.ordem).toBe(all.find((item) => item.idComunicado === row.idComunicado)!.ordem);
    }
  });

  it('refuses to reorder an announcement of another company, changing nothing', async () => {
    const mine = await created();
    const foreign = await created({ cookie: otherAdmin });
    const before = (await adminList()).listComunicados.map((row) => row.idComunicado);
    const response = await t.call(
      'ordenaComunicadosAdmin',
      { idsComunicados: [foreign.idComunicado, mine.idComunicado] },
      { cookie: admin },
    );
    expect(response.statusCode).toBe(404);
    expect((await adminList()).listComunicados.map((row) => row.idComunicado)).toEqual(before);
  });

  it('deletes an announcement and its image', async () => {
    const made = await created();
    const response = await t.call(
      'excluiComunicadoAdmin',
      { idComunicado: made.idComunicado },
      { cookie: admin },
    );
    expect(response.statusCode).toBe(200);
    expect((await adminList()).listComunicados.some((row) => row.idComunicado === made.idComunicado)).toBe(
      false,
    );
    await expect(t.storage.read(keyOf(made.urlImagem))).rejects.toThrow();
    const again = await t.call(
      'excluiComunicadoAdmin',
      { idComunicado: made.idComunicado },
      { cookie: admin },
    );
    expect(again.statusCode).toBe(404);
  });

  it('lets a read-only administrator list but not write', async () => {
    const made = await created();
    expect((await adminList({}, reader)).listComunicados.length).toBeGreaterThan(0);
    expect((await save({ cookie: reader })).statusCode).toBe(403);
    const removal = await t.call(
      'excluiComunicadoAdmin',
      { idComunicado: made.idComunicado },
      { cookie: reader },
    );
    expect(removal.statusCode).toBe(403);
  });

  it("keeps each company's announcements apart", async () => {
    const mine = await created();
    const theirs = await adminList({}, otherAdmin);
    expect(theirs.listComunicados.some((row) => row.idComunicado === mine.idComunicado)).toBe(false);
    const edit = await save({
      cookie: otherAdmin,
      fields: { idComunicado: String(mine.idComunicado) },
      file: null,
    });
    expect(edit.statusCode).toBe(404);
    const removal = await t.call(
      'excluiComunicadoAdmin',
      { idComunicado: mine.idComunicado },
      { cookie: otherAdmin },
    );
    expect(removal.statusCode).toBe(404);
    expect((await adminList()).listComunicados.some((row) => row.idComunicado === mine.idComunicado)).toBe(
      true,
    );
  });
});

describe('the carousel, views and clicks', () => {
  it('shows each person only what is active now for everyone or for their groups', async () => {
    const everyone = await created();
    const forGroup = await created({ fields: { idsGrupos: String(groupId) } });
    const scheduled = await created({ fields: { dtInicio: iso(2), dtFim: iso(4) } });
    const ended = await created({ fields: { dtInicio: iso(-4), dtFim: iso(-2) } });
    const memberSees = await banners(member);
    const outsiderSees = await banners(outsider);
    expect(memberSees).toEqual(expect.arrayContaining([everyone.idComunicado, forGroup.idComunicado]));
    expect(outsiderSees).toContain(everyone.idComunicado);
    expect(outsiderSees).not.toContain(forGroup.idComunicado);
    for (const hidden of [scheduled, ended]) {
      expect(memberSees).not.toContain(hidden.idComunicado);
    }
    expect(await banners(otherAdmin)).not.toContain(everyone.idComunicado);
  });

  it('counts each person once a day, and only for announcements they may see now', async () => {
    const forGroup = await created({ fields: { idsGrupos: String(groupId) } });
    const id = forGroup.idComunicado;
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.call('registraVisualizacaoComunicado', { idComunicado: id }, { cookie: member })).statusCode,
      ).toBe(200);
    }
    expect(
      (await t.call('registraCliqueComunicado', { idComunicado: id }, { cookie: member })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('registraCliqueComunicado', { idComunicado: id }, { cookie: member })).statusCode,
    ).toBe(200);
    expect(
      (await t.call('registraVisualizacaoComunicado', { idComunicado: id }, { cookie: outsider })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('registraCliqueComunicado', { idComunicado: id }, { cookie: otherAdmin })).statusCode,
    ).toBe(404);
    const row = (await adminList()).listComunicados.find((item) => item.idComunicado === id)!;
    expect(row).toMatchObject({ qtdVisualizacoes: 1, qtdCliques: 1 });
    // A view of yesterday counts apart from today's.
    const [today] = await t.database.db
      .select()
      .from(announcementInteractions)
      .where(eq(announcementInteractions.announcementId, id));
    const yesterday = new Date(Date.parse(`${today!.day}T12:00:00Z`) - 24 * hour).toISOString().slice(0, 10);
    await t.database.db.insert(announcementInteractions).values({ ...today!, kind: 'view', day: yesterday });
    const after = (await adminList()).listComunicados.find((item) => item.idComunicado === id)!;
    expect(after.qtdVisualizacoes).toBe(2);
    const ended = await created({ fields: { dtInicio: iso(-4), dtFim: iso(-2) } });
    const late = await t.call(
      'registraCliqueComunicado',
      { idComunicado: ended.idComunicado },
      { cookie: member },
    );
    expect(late.statusCode).toBe(404);
  });

  it("counts by São Paulo's day: 01:30 UTC is still the day before there", async () => {
    const made = await created();
    const at = (instant: string) => sql<string>`${dayOf(sql`${instant}::timestamptz`)}::text`;
    const [row] = await t.database.db
      .select({ late: at('2026-03-10T01:30:00Z'), morning: at('2026-03-10T03:30:00Z') })
      .from(announcements)
      .where(eq(announcements.id, made.idComunicado));
    expect(row).toEqual({ late: '2026-03-09', morning: '2026-03-10' });
  });
});
