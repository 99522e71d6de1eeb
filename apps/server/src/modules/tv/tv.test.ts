import { EventSource } from 'eventsource';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TvEvent, tvEventsPath, tvLimits, tvRequestCookie, type ConteudoTv } from '@elo/contract/calls/tv';
import { AdminPermission } from '@elo/contract/enums';
import { tvPairingCodes, users } from '../../db/schema/all.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { image, savedPublication } from '../publications/test-support.ts';

let t: TestApp;
let baseUrl: string;
let companyId: number;
let otherCompanyId: number;
let adminCookie: string;
let readerCookie: string;
let otherAdminCookie: string;
let employeeCookie: string;
let groupId: number;
let otherGroupId: number;
const sources: EventSource[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    // A few wrong codes are enough to see the throttle; the device limit stays out of the way.
    env: { TV_MAX_CODE_FAILURES_PER_ADDRESS: '1000', TV_MAX_DEVICE_CALLS_PER_MINUTE: '1000' },
  });
  const { db } = t.database;
  const company = await makeCompany(db, { maxPostChars: 2000 });
  const other = await makeCompany(db, { maxPostChars: 2000 });
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  groupId = await makeGroup(db, { companyId, name: 'Recepção Sul' });
  otherGroupId = await makeGroup(db, { companyId, name: 'Fábrica Norte' });
  adminCookie = await t.signIn(company.master.email, factoryPassword);
  otherAdminCookie = await t.signIn(other.master.email, factoryPassword);
  const reader = await makePerson(db, {
    companyId,
    groupIds: [company.defaultGroupId],
    administrator: { [AdminPermission.corporateTv]: 'L' },
  });
  readerCookie = await t.signIn(reader.email, factoryPassword);
  const employee = await makePerson(db, { companyId, groupIds: [company.defaultGroupId] });
  employeeCookie = await t.signIn(employee.email, factoryPassword);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  for (const source of sources) source.close();
  await t.close();
});

const screenInput = {
  nome: 'Recepção',
  idsGrupos: [] as number[],
  segundosPorSlide: 10,
  flComunicados: 'S',
  flPublicacoes: 'S',
  qtdPublicacoes: 5,
  flAniversariantes: 'S',
};

async function createScreen(fields: Partial<typeof screenInput> = {}, cookie = adminCookie): Promise<number> {
  const answer = await t.call('salvaTelaTvAdmin', { ...screenInput, ...fields }, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.idTela as number;
}

/** A browser at /tv asking for a code: the code and the request cookie it got with it. */
async function askCode(ip = '127.0.0.1') {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/backend/solicitaCodigoTv',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: {},
    remoteAddress: ip,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const cookie = answer.cookies.find((item) => item.name === tvRequestCookie)!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/backend' });
  const data = answer.json().data as { codigo: string; dtExpiracao: string };
  return { ...data, cookie: `${tvRequestCookie}=${cookie.value}` };
}

function poll(code: string, cookie: string | undefined, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/backend/consultaPareamentoTv',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      'accept-language': 'pt-BR',
      ...(cookie ? { cookie } : {}),
    },
    payload: { codigo: code },
    remoteAddress: ip,
  });
}

/** Pairs a fresh browser to the screen over the API and answers its device token. */
async function pairScreen(screenId: number): Promise<string> {
  const asked = await askCode();
  const paired = await t.call(
    'pareiaTelaTvAdmin',
    { idTela: screenId, codigo: asked.codigo },
    { cookie: adminCookie },
  );
  expect(paired.statusCode, paired.body).toBe(200);
  const collected = await poll(asked.codigo, asked.cookie);
  expect(collected.statusCode, collected.body).toBe(200);
  const token = collected.json().data.tokenTela as string;
  expect(token.length).toBeGreaterThanOrEqual(43);
  return token;
}

function content(token: string | undefined, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/backend/consultaConteudoTv',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      'accept-language': 'pt-BR',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
    payload: {},
  });
}

async function slidesOf(token: string): Promise<ConteudoTv> {
  const answer = await content(token);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as ConteudoTv;
}

describe('the screens of the administration', () => {
  it('refuses 7 or 16 seconds a slide and more than 10 publications, with translated messages', async () => {
    for (const segundosPorSlide of [7, 16]) {
      const answer = await t.call(
        'salvaTelaTvAdmin',
        { ...screenInput, segundosPorSlide },
        { cookie: adminCookie },
      );
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.segundosPorSlide).toEqual(['Informe de 8 a 15 segundos por slide']);
    }
    const many = await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, qtdPublicacoes: 11 },
      { cookie: adminCookie, language: 'en' },
    );
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.qtdPublicacoes).toEqual(['Enter 1 to 10 publications']);
    const noName = await t.call('salvaTelaTvAdmin', { ...screenInput, nome: '  ' }, { cookie: adminCookie });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.nome).toBeDefined();
  });

  it('saves, lists, edits and deletes a screen, each change audited', async () => {
    const id = await createScreen({ nome: 'Refeitório', idsGrupos: [groupId] });
    const listed = await t.call('consultaTelasTvAdmin', {}, { cookie: readerCookie });
    const screen = listed.json().data.listTelas.find((row: { idTela: number }) => row.idTela === id);
    expect(screen).toEqual({
      idTela: id,
      nome: 'Refeitório',
      idsGrupos: [groupId],
      segundosPorSlide: 10,
      flComunicados: 'S',
      flPublicacoes: 'S',
      qtdPublicacoes: 5,
      flAniversariantes: 'S',
      flPareada: 'N',
      dtUltimoContato: null,
      flOnline: 'N',
      versao: 1,
    });
    const edited = await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, idTela: id, nome: 'Refeitório 2', segundosPorSlide: 15 },
      { cookie: adminCookie },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const readOnly = await t.call('salvaTelaTvAdmin', { ...screenInput }, { cookie: readerCookie });
    expect(readOnly.statusCode).toBe(403);
    const removed = await t.call('excluiTelaTvAdmin', { idTela: id }, { cookie: adminCookie });
    expect(removed.statusCode).toBe(200);
    const audit = await t.call('consultaAuditoriaAdmin', { busca: 'Refeitório' }, { cookie: adminCookie });
    const actions = audit.json().data.listRegistros.map((row: { acao: string }) => row.acao);
    expect(actions).toEqual(
      expect.arrayContaining(['tv_screen_create', 'tv_screen_update', 'tv_screen_delete']),
    );
  });

  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; without versao it saves as before (issue 27)', async () => {
    const id = await createScreen({ nome: 'Portaria' });
    const screens = async () =>
      (await t.call('consultaTelasTvAdmin', {}, { cookie: adminCookie })).json().data.listTelas as {
        idTela: number;
        nome: string;
        segundosPorSlide: number;
        versao: number;
      }[];
    const copy = (await screens()).find((row) => row.idTela === id)!;
    const savedA = await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, idTela: id, versao: copy.versao, nome: 'Portaria A' },
      { cookie: adminCookie },
    );
    expect(savedA.statusCode, savedA.body).toBe(200);
    const staleB = await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, idTela: id, versao: copy.versao, nome: 'Portaria', segundosPorSlide: 15 },
      { cookie: adminCookie },
    );
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    expect((await screens()).find((row) => row.idTela === id)).toMatchObject({
      nome: 'Portaria A',
      segundosPorSlide: 10,
      versao: copy.versao + 1,
    });
    const audit = await t.call('consultaAuditoriaAdmin', { busca: 'Portaria' }, { cookie: adminCookie });
    const updates = audit
      .json()
      .data.listRegistros.filter((row: { acao: string }) => row.acao === 'tv_screen_update');
    expect(updates).toHaveLength(1);

    const plain = await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, idTela: id, nome: 'Portaria B' },
      { cookie: adminCookie },
    );
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await screens()).find((row) => row.idTela === id)).toMatchObject({
      nome: 'Portaria B',
      versao: copy.versao + 2,
    });
  });

  it('answers another company’s screen as a missing one, and refuses its groups', async () => {
    const id = await createScreen();
    for (const [name, input] of [
      ['salvaTelaTvAdmin', { ...screenInput, idTela: id }],
      ['excluiTelaTvAdmin', { idTela: id }],
      ['revogaTelaTvAdmin', { idTela: id }],
      ['pareiaTelaTvAdmin', { idTela: id, codigo: 'ABCDEF' }],
      ['consultaConteudoTelaTvAdmin', { idTela: id }],
    ] as const) {
      const answer = await t.call(name, input, { cookie: otherAdminCookie });
      expect(answer.statusCode, name).toBe(404);
      expect(answer.json().error_code, name).toBe('NOT_FOUND');
    }
    const listed = await t.call('consultaTelasTvAdmin', {}, { cookie: otherAdminCookie });
    expect(listed.json().data.listTelas).toEqual([]);
    const foreignGroups = await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, idsGrupos: [groupId] },
      { cookie: otherAdminCookie },
    );
    expect(foreignGroups.statusCode).toBe(422);
    expect(foreignGroups.json().errors.idsGrupos).toEqual(['Grupos inválidos']);
  });
});

describe('pairing a screen by its code', () => {
  it('gives a 6-character code without look-alikes, valid 24 hours', async () => {
    const asked = await askCode();
    expect(asked.codigo).toMatch(new RegExp(`^[${tvLimits.codeAlphabet}]{6}$`));
    expect(asked.codigo).not.toMatch(/[01OI]/);
    const hours = (Date.parse(asked.dtExpiracao) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Stored hashed only.
    const rows = await t.database.db
      .select()
      .from(tvPairingCodes)
      .where(eq(tvPairingCodes.codeHash, hashToken(asked.codigo)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(asked.codigo);
  });

  it('pairs over the API: unpaired until an administrator enters the code, then the token once', async () => {
    const screenId = await createScreen({ nome: 'Portaria' });
    const asked = await askCode();
    const waiting = await poll(asked.codigo, asked.cookie);
    expect(waiting.json().data).toEqual({ flPareada: 'N', tokenTela: null });
    // Typed in lower case with a space, as people do.
    const typed = `${asked.codigo.slice(0, 3).toLowerCase()} ${asked.codigo.slice(3).toLowerCase()}`;
    const paired = await t.call(
      'pareiaTelaTvAdmin',
      { idTela: screenId, codigo: typed },
      { cookie: adminCookie },
    );
    expect(paired.statusCode, paired.body).toBe(200);
    // Another browser holding the code but not the cookie gets nothing.
    const stranger = await poll(asked.codigo, undefined);
    expect(stranger.statusCode).toBe(404);
    const collected = await poll(asked.codigo, asked.cookie);
    const { flPareada, tokenTela } = collected.json().data as { flPareada: string; tokenTela: string };
    expect(flPareada).toBe('S');
    expect(tokenTela).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Once: the code is used now.
    const again = await poll(asked.codigo, asked.cookie);
    expect(again.statusCode).toBe(404);
    const shown = await slidesOf(tokenTela);
    expect(shown.tela).toEqual({ nome: 'Portaria', segundosPorSlide: 10 });
    const listed = await t.call('consultaTelasTvAdmin', {}, { cookie: adminCookie });
    const row = listed.json().data.listTelas.find((item: { idTela: number }) => item.idTela === screenId);
    expect(row).toMatchObject({ flPareada: 'S', flOnline: 'S' });
    expect(row.dtUltimoContato).not.toBeNull();
    const audit = await t.call('consultaAuditoriaAdmin', { busca: 'Portaria' }, { cookie: adminCookie });
    const actions = audit.json().data.listRegistros.map((entry: { acao: string }) => entry.acao);
    expect(actions).toEqual(expect.arrayContaining(['tv_screen_pair', 'tv_screen_token_issued']));
  });

  it('answers an expired, used, unknown code or a wrong cookie the same way, revealing nothing', async () => {
    const screenId = await createScreen();
    const used = await askCode();
    await t.call('pareiaTelaTvAdmin', { idTela: screenId, codigo: used.codigo }, { cookie: adminCookie });
    await poll(used.codigo, used.cookie);
    const expired = await askCode();
    await t.database.db
      .update(tvPairingCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tvPairingCodes.codeHash, hashToken(expired.codigo)));
    const other = await askCode();
    const answers = [
      await poll(used.codigo, used.cookie),
      await poll(expired.codigo, expired.cookie),
      await poll('ZZZZZZ', other.cookie),
      await poll(other.codigo, used.cookie),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        message: 'Código inválido ou expirado. Confira o código mostrado na tela.',
        error_code: 'TV_CODIGO_INVALIDO',
      });
    }
    for (const codigo of [used.codigo, expired.codigo, 'ZZZZZZ']) {
      const pairing = await t.call(
        'pareiaTelaTvAdmin',
        { idTela: screenId, codigo },
        { cookie: adminCookie },
      );
      expect(pairing.statusCode).toBe(404);
      expect(pairing.json().error_code).toBe('TV_CODIGO_INVALIDO');
    }
    const malformed = await t.call(
      'pareiaTelaTvAdmin',
      { idTela: screenId, codigo: 'O0I1' },
      { cookie: adminCookie },
    );
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.codigo).toEqual(['O código tem 6 letras e números, como aparece na tela']);
  });

  it('throttles an address that guesses codes', async () => {
    const limited = await createTestApp({
      shareWith: t,
      seed: false,
      env: { TV_MAX_CODE_FAILURES_PER_ADDRESS: '3' },
    });
    try {
      const guess = (codigo: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/backend/consultaPareamentoTv',
          headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
          payload: { codigo },
          remoteAddress: '10.9.8.7',
        });
      const statuses: number[] = [];
      for (const codigo of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD', 'EEEEEE'])
        statuses.push((await guess(codigo)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
      const refused = await guess('FFFFFF');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error_code).toBe('TOO_MANY_REQUESTS');
      // Another address is not held back.
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/backend/consultaPareamentoTv',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        payload: { codigo: 'GGGGGG' },
        remoteAddress: '10.9.8.6',
      });
      expect(elsewhere.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it("never lets screens' wrong codes block an administrator behind the same address, and limits the administrator's own", async () => {
    const limited = await createTestApp({
      shareWith: t,
      seed: false,
      env: { TV_MAX_CODE_FAILURES_PER_ADDRESS: '3' },
    });
    try {
      const nat = '10.20.30.40';
      const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
        limited.app.inject({
          method: 'POST',
          url,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          payload,
          remoteAddress: nat,
        });
      for (const codigo of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD'])
        await post('/backend/consultaPareamentoTv', { codigo });
      expect((await post('/backend/consultaPareamentoTv', { codigo: 'EEEEEE' })).statusCode).toBe(429);
      // The administrator behind the same address pairs a screen with the right code.
      const screenId = await createScreen();
      const asked = await askCode('10.20.30.41');
      const paired = await post(
        '/backend/pareiaTelaTvAdmin',
        { idTela: screenId, codigo: asked.codigo },
        adminCookie,
      );
      expect(paired.statusCode, paired.body).toBe(200);
      // The administrator's own wrong codes have their own limit.
      const statuses: number[] = [];
      for (const codigo of ['FFFFFF', 'GGGGGG', 'HHHHHH', 'JJJJJJ'])
        statuses.push(
          (await post('/backend/pareiaTelaTvAdmin', { idTela: screenId, codigo }, adminCookie)).statusCode,
        );
      expect(statuses).toEqual([404, 404, 404, 429]);
      // Another administrator of the company is not held back by them.
      const colleague = await makePerson(t.database.db, {
        companyId,
        administrator: { [AdminPermission.corporateTv]: 'E' },
      });
      const colleagueCookie = await t.signIn(colleague.email, factoryPassword);
      const another = await post(
        '/backend/pareiaTelaTvAdmin',
        { idTela: screenId, codigo: 'KKKKKK' },
        colleagueCookie,
      );
      expect(another.statusCode).toBe(404);
      expect(another.json().error_code).toBe('TV_CODIGO_INVALIDO');
    } finally {
      await limited.close();
    }
  });
});

describe('the device token', () => {
  it('authorises consultaConteudoTv only, and no session authorises it', async () => {
    const token = await pairScreen(await createScreen());
    expect((await content(token)).statusCode).toBe(200);
    for (const name of ['recuperaDadosUsuarioLogado', 'consultaPostagens', 'consultaTelasTvAdmin']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/backend/${name}`,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        payload: {},
      });
      expect(answer.statusCode, name).toBe(401);
      expect(answer.json().error_code, name).toBe('SESSION_EXPIRED');
    }
    for (const cookie of [adminCookie, employeeCookie]) {
      const answer = await content(undefined, { cookie });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        message: 'Esta tela não está mais autorizada. Peça a um administrador para pareá-la de novo.',
        error_code: 'TV_NAO_AUTORIZADA',
      });
    }
    const forged = await content('A'.repeat(43));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error_code).toBe('TV_NAO_AUTORIZADA');
    const missing = await content(undefined);
    expect(missing.json().error_code).toBe('TV_NAO_AUTORIZADA');
  });

  it('stops working when the screen is revoked, paired again or deleted', async () => {
    const screenId = await createScreen({ nome: 'Sala de espera' });
    const first = await pairScreen(screenId);
    const second = await pairScreen(screenId);
    expect((await content(first)).statusCode).toBe(401);
    expect((await content(second)).statusCode).toBe(200);
    const revoked = await t.call('revogaTelaTvAdmin', { idTela: screenId }, { cookie: adminCookie });
    expect(revoked.statusCode).toBe(200);
    const after = await content(second);
    expect(after.statusCode).toBe(401);
    expect(after.json().error_code).toBe('TV_NAO_AUTORIZADA');
    const listed = await t.call('consultaTelasTvAdmin', {}, { cookie: adminCookie });
    const row = listed.json().data.listTelas.find((item: { idTela: number }) => item.idTela === screenId);
    expect(row).toMatchObject({ flPareada: 'N', flOnline: 'N' });
    const third = await pairScreen(screenId);
    await t.call('excluiTelaTvAdmin', { idTela: screenId }, { cookie: adminCookie });
    expect((await content(third)).statusCode).toBe(401);
    const audit = await t.call(
      'consultaAuditoriaAdmin',
      { busca: 'Sala de espera' },
      { cookie: adminCookie },
    );
    const actions = audit.json().data.listRegistros.map((entry: { acao: string }) => entry.acao);
    expect(actions).toContain('tv_screen_revoke');
  });
});

describe('what a screen shows', () => {
  it('shows published publications of its groups and the wall, never drafts, scheduled, hidden, other groups’ or another company’s', async () => {
    const screenId = await createScreen({ idsGrupos: [groupId], qtdPublicacoes: 10, flAniversariantes: 'N' });
    const token = await pairScreen(screenId);
    const wall = await savedPublication(t, adminCookie, { texto: '<p>Mural da <b>empresa</b></p>' });
    const group = await savedPublication(
      t,
      adminCookie,
      { texto: 'Do grupo da recepção', flMural: 'N', idsGrupos: String(groupId) },
      [{ name: 'foto.png', type: 'image/png', body: await image(800, 600) }],
    );
    const elsewhere = await savedPublication(t, adminCookie, {
      texto: 'De outro grupo',
      flMural: 'N',
      idsGrupos: String(otherGroupId),
    });
    const draft = await savedPublication(t, adminCookie, { texto: 'Rascunho secreto', acao: 'RASCUNHO' });
    const scheduled = await savedPublication(t, adminCookie, {
      texto: 'Agendada para amanhã',
      acao: 'AGENDAR',
      dtAgendamento: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const hidden = await savedPublication(t, adminCookie, { texto: 'Será oculta' });
    const hide = await t.call(
      'moderaPostagemAdmin',
      { idMensagem: hidden.idPublicacao, acao: 'OCULTAR', motivo: 'Fora do tema' },
      { cookie: adminCookie },
    );
    expect(hide.statusCode, hide.body).toBe(200);
    await savedPublication(t, otherAdminCookie, { texto: 'Outra empresa' });
    const shown = await slidesOf(token);
    const posts = shown.slides.filter((slide) => slide.tipo === 'publicacao');
    const ids = posts.map((slide) => slide.idPostagem);
    expect(ids).toEqual(expect.arrayContaining([wall.idPublicacao, group.idPublicacao]));
    for (const absent of [elsewhere, draft, scheduled, hidden])
      expect(ids).not.toContain(absent.idPublicacao);
    expect(JSON.stringify(shown)).not.toContain('Outra empresa');
    // Newest first, as plain text, its image at a signed address the screen can fetch.
    expect(ids.indexOf(group.idPublicacao)).toBeLessThan(ids.indexOf(wall.idPublicacao));
    const wallSlide = posts.find((slide) => slide.idPostagem === wall.idPublicacao)!;
    expect(wallSlide.texto).toBe('Mural da empresa');
    const groupSlide = posts.find((slide) => slide.idPostagem === group.idPublicacao)!;
    expect(groupSlide.urlImagem).toMatch(/^\/backend\/tv\/midia\/\d+\/posts\/.+\?tela=\d+&exp=\d+&sig=/);
    const fetched = await t.app.inject({ method: 'GET', url: groupSlide.urlImagem! });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    const tampered = await t.app.inject({
      method: 'GET',
      url: groupSlide.urlImagem!.replace(/sig=[^&]+/, 'sig=AAAA'),
    });
    expect(tampered.statusCode).toBe(404);
    // At most qtdPublicacoes.
    await t.call(
      'salvaTelaTvAdmin',
      { ...screenInput, idTela: screenId, qtdPublicacoes: 1, idsGrupos: [groupId] },
      { cookie: adminCookie },
    );
    const one = await slidesOf(token);
    expect(one.slides.filter((slide) => slide.tipo === 'publicacao')).toHaveLength(1);
    // The administration's preview shows the same rotation; a revoked screen's files stop being served.
    const preview = await t.call(
      'consultaConteudoTelaTvAdmin',
      { idTela: screenId },
      { cookie: readerCookie },
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.slides).toEqual(one.slides);
    await t.call('revogaTelaTvAdmin', { idTela: screenId }, { cookie: adminCookie });
    const afterRevoke = await t.app.inject({ method: 'GET', url: groupSlide.urlImagem! });
    expect(afterRevoke.statusCode).toBe(404);
  });

  it('shows the active announcements for everyone and for its groups', async () => {
    const screenId = await createScreen({ idsGrupos: [groupId], flPublicacoes: 'N', flAniversariantes: 'N' });
    const token = await pairScreen(screenId);
    const make = async (descricao: string, idsGrupos: string, start: number) => {
      const answer = await t.callMultipart('salvaComunicadoAdmin', {
        cookie: adminCookie,
        fields: {
          descricao,
          idsGrupos,
          dtInicio: new Date(Date.now() + start).toISOString(),
          dtFim: new Date(Date.now() + 86_400_000).toISOString(),
        },
        files: [{ field: 'imagem', name: 'banner.png', type: 'image/png', body: await image(1920, 1080) }],
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.comunicado.idComunicado as number;
    };
    const everyone = await make('Para todos', '', -60_000);
    const ours = await make('Para a recepção', String(groupId), -60_000);
    const theirs = await make('Para a fábrica', String(otherGroupId), -60_000);
    const later = await make('Mais tarde', '', 3_600_000);
    const shown = await slidesOf(token);
    const ids = shown.slides.flatMap((slide) => (slide.tipo === 'comunicado' ? [slide.idComunicado] : []));
    expect(ids).toEqual(expect.arrayContaining([everyone, ours]));
    expect(ids).not.toContain(theirs);
    expect(ids).not.toContain(later);
    expect(shown.slides.every((slide) => slide.tipo === 'comunicado')).toBe(true);
  });

  it('shows today’s birthdays and work anniversaries of people who did not opt out', async () => {
    const { db } = t.database;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const [year, month, day] = today.split('-');
    const birthday = `1990-${month}-${day}`;
    const hired = `${Number(year) - 3}-${month}-${day}`;
    const celebrated = await makePerson(db, { companyId, name: 'Ana Aniversariante' });
    await db
      .update(users)
      .set({ birthDate: birthday, admissionDate: hired })
      .where(eq(users.id, celebrated.id));
    const private_ = await makePerson(db, { companyId, name: 'Bruno Reservado' });
    await db.update(users).set({ birthDate: birthday }).where(eq(users.id, private_.id));
    // Bruno keeps his birthday off the screens in "Minha conta".
    const brunoCookie = await t.signIn(private_.email, factoryPassword);
    const optedOut = await t.call(
      'salvaMinhaConta',
      { flOcultaComemoracoesTv: 'S' },
      { cookie: brunoCookie },
    );
    expect(optedOut.statusCode, optedOut.body).toBe(200);
    expect(optedOut.json().data.conta.flOcultaComemoracoesTv).toBe('S');
    const foreign = await makePerson(db, { companyId: otherCompanyId, name: 'Carla De Fora' });
    await db.update(users).set({ birthDate: birthday }).where(eq(users.id, foreign.id));
    const token = await pairScreen(await createScreen({ flComunicados: 'N', flPublicacoes: 'N' }));
    const shown = await slidesOf(token);
    const slide = shown.slides.find((item) => item.tipo === 'aniversariantes');
    expect(slide?.tipo).toBe('aniversariantes');
    const people = slide?.tipo === 'aniversariantes' ? slide.listPessoas : [];
    expect(people).toEqual(
      expect.arrayContaining([
        { nome: 'Ana Aniversariante', urlFoto: null, tipo: 'aniversario', qtdAnos: null },
        { nome: 'Ana Aniversariante', urlFoto: null, tipo: 'tempoDeCasa', qtdAnos: 3 },
      ]),
    );
    expect(JSON.stringify(people)).not.toContain('Bruno Reservado');
    expect(JSON.stringify(people)).not.toContain('Carla De Fora');
  });

  it('signs the company logo and photos for the screen, never a session address', async () => {
    const token = await pairScreen(await createScreen());
    const shown = await slidesOf(token);
    expect(JSON.stringify(shown)).not.toContain('/backend/midia/');
    expect(shown.empresa.corPrincipal).toMatch(/^#[0-9a-fA-F]{6}$/);
  });
});

/** A screen's live stream over a real connection, authorised by its bearer token. */
function openStream(token: string) {
  const source = new EventSource(`${baseUrl}${tvEventsPath}`, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }),
  });
  sources.push(source);
  const received: string[] = [];
  const waiters: (() => void)[] = [];
  for (const event of Object.values(TvEvent)) {
    source.addEventListener(event, () => {
      received.push(event);
      for (const wake of waiters.splice(0)) wake();
    });
  }
  source.addEventListener('error', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    received,
    async next(event: string, count: number) {
      while (received.filter((item) => item === event).length < count) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    async closed() {
      while (source.readyState !== source.CLOSED) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

describe('the live stream', () => {
  it('tells the screen when a publication is published and when it is revoked, then ends', async () => {
    const screenId = await createScreen();
    const token = await pairScreen(screenId);
    const stream = openStream(token);
    // The first event, at once: the screen (re)loads its content.
    await stream.next(TvEvent.content, 1);
    await savedPublication(t, adminCookie, { texto: 'Acaba de sair' });
    await stream.next(TvEvent.content, 2);
    await t.call('revogaTelaTvAdmin', { idTela: screenId }, { cookie: adminCookie });
    await stream.next(TvEvent.revoked, 1);
    // Reconnecting with the revoked token is refused: the stream stays closed.
    await stream.closed();
  });

  it('refuses a stream without a valid token', async () => {
    const answer = await fetch(`${baseUrl}${tvEventsPath}`, {
      headers: { accept: 'text/event-stream', authorization: 'Bearer forgedforgedforgedforged' },
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error_code: string }).error_code).toBe('TV_NAO_AUTORIZADA');
    const withSession = await fetch(`${baseUrl}${tvEventsPath}`, {
      headers: { accept: 'text/event-stream', cookie: adminCookie },
    });
    expect(withSession.status).toBe(401);
  });
});
