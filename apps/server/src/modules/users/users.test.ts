import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { ChatEventType, ChatRequestType, isChatErrorFrame, ChatCloseCode } from '@elo/contract/chat';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { auditLog, groupMembers, sessions, users } from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makeGroup,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { ChatClient, listenForChat, signInForChat } from '../../test/chat-client.ts';
import { startSmsGateway, startSmtpCatcher } from '../../test/message-catchers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let smsGateway: Awaited<ReturnType<typeof startSmsGateway>>;
let chatUrl: string;
let admin: string;
let masterLogin: string;
let otherAdmin: string;
/** A second administrator of the same company, with ADMIN_USUARIOS at E. */
let otherAdminOfCompany: string;
let reader: string;
let companyId: number;
let otherCompanyId: number;
let masterId: number;
let comercialId: number;
let defaultGroupId: number;
let otherGroupId: number;
const catalog = { centro: 0, norte: 0, matriz: 0, rh: 0, ti: 0, analista: 0, otherUnit: 0 };
let joao: MadePerson;
let lucia: MadePerson;
const open: ChatClient[] = [];

const list = (cookie: string, filter: Record<string, unknown> = {}) =>
  t.call('consultaUsuariosAdmin', { idPaginaAtual: 1, ...filter }, { cookie });
const names = async (cookie: string, filter: Record<string, unknown> = {}) => {
  const response = await list(cookie, filter);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.listUsuarios as { nome: string }[]).map((row) => row.nome);
};

/** A valid create body, with the fields the test changes. */
const newUser = (fields: Record<string, unknown> = {}) => ({
  nome: 'Renata Gonçalves',
  tipoLogin: 'EMAIL',
  email: `renata.${Math.random().toString(36).slice(2, 8)}@fabrica.elo`,
  matricula: null,
  senha: 'Provisoria@2026',
  dtNascimento: '1990-04-12',
  idsGrupos: [],
  flAtivo: 'S',
  ...fields,
});

const save = (body: Record<string, unknown>, cookie = admin) => t.call('salvaUsuarioAdmin', body, { cookie });

async function tinyPng(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  smsGateway = await startSmsGateway('users-sms-token');
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: smsGateway.url,
      SMS_PROVIDER_TOKEN: smsGateway.token,
      PUBLIC_URL: 'https://portal.fabrica.elo',
      CHAT_SESSION_CHECK_SECONDS: '1',
    },
  });
  chatUrl = await listenForChat(t);
  const { db } = t.database;
  const company = await makeCompany(db, { masterName: 'Beatriz Almeida' });
  const other = await makeCompany(db, { masterName: 'Outro Mestre' });
  companyId = company.companyId;
  masterId = company.master.id;
  masterLogin = company.master.email;
  defaultGroupId = company.defaultGroupId;
  otherCompanyId = other.companyId;
  comercialId = await makeGroup(db, { companyId, name: 'Comercial' });
  otherGroupId = await makeGroup(db, { companyId: otherCompanyId, name: 'Alheio' });
  catalog.centro = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Centro' });
  catalog.norte = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Zona Norte' });
  catalog.matriz = await makeCatalogItem(db, { companyId, kind: 'FILIAL', name: 'Matriz' });
  catalog.rh = await makeCatalogItem(db, { companyId, kind: 'SETOR', name: 'Recursos Humanos' });
  catalog.ti = await makeCatalogItem(db, { companyId, kind: 'SETOR', name: 'Tecnologia' });
  catalog.analista = await makeCatalogItem(db, { companyId, kind: 'CARGO', name: 'Analista' });
  catalog.otherUnit = await makeCatalogItem(db, {
    companyId: otherCompanyId,
    kind: 'UNIDADE',
    name: 'Centro',
  });

  joao = await makePerson(db, {
    companyId,
    name: 'João Araújo',
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId, comercialId],
    canPost: true,
  });
  lucia = await makePerson(db, { companyId, name: 'Lúcia Castro', permissions: employeePermissions });
  const carla = await makePerson(db, { companyId, name: 'Carla Dias', permissions: employeePermissions });
  const readerPerson = await makePerson(db, {
    companyId,
    name: 'Leitor Usuários',
    administrator: { [AdminPermission.users]: 'L' },
  });
  await makePerson(db, { companyId: otherCompanyId, name: 'João de Outra Empresa' });
  const removed = await makePerson(db, { companyId, name: 'João Removido' });
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, removed.id));
  await db
    .update(users)
    .set({
      matricula: 'M-7788',
      birthDate: '1988-07-01',
      unitId: catalog.centro,
      branchId: catalog.matriz,
      sectorId: catalog.ti,
      jobTitleId: catalog.analista,
      lastAccessAt: new Date(),
    })
    .where(eq(users.id, joao.id));
  await db
    .update(users)
    .set({ unitId: catalog.norte, sectorId: catalog.rh, active: false })
    .where(eq(users.id, lucia.id));
  await db
    .update(users)
    .set({ name: '=HYPERLINK("http://x")', unitId: catalog.centro })
    .where(eq(users.id, carla.id));

  const editorPerson = await makePerson(db, {
    companyId,
    name: 'Editora Usuários',
    administrator: { [AdminPermission.users]: 'E' },
  });
  [admin, otherAdmin, reader, otherAdminOfCompany] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(editorPerson.email, factoryPassword),
  ]);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await smsGateway?.close();
});

describe('the users list', () => {
  it("lists the company's people by name, never deleted ones nor another company's", async () => {
    const response = await list(admin);
    const body = response.json().data;
    const found = (body.listUsuarios as { nome: string }[]).map((row) => row.nome);
    expect(found).toContain('João Araújo');
    expect(found).toContain('Lúcia Castro');
    expect(found).not.toContain('João Removido');
    expect(found).not.toContain('João de Outra Empresa');
    expect(body.qtdRegistrosPorPagina).toBe(100);
    expect(body.qtdTotalRegistros).toBe(found.length);
    const row = body.listUsuarios.find((entry: { nome: string }) => entry.nome === 'João Araújo');
    expect(row).toMatchObject({
      matricula: 'M-7788',
      unidade: 'Centro',
      filial: 'Matriz',
      setor: 'Tecnologia',
      cargo: 'Analista',
      flAtivo: 'S',
    });
    expect(Date.parse(row.dtUltimoAcesso)).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it('finds by name, e-mail or matricula ignoring case and accents', async () => {
    expect(await names(admin, { busca: 'JOAO ARAUJO' })).toEqual(['João Araújo']);
    expect(await names(admin, { busca: 'lucia' })).toEqual(['Lúcia Castro']);
    expect(await names(admin, { busca: 'm-77' })).toEqual(['João Araújo']);
    expect(await names(admin, { busca: joao.email.toUpperCase() })).toEqual(['João Araújo']);
    expect(await names(admin, { busca: '100%' })).toEqual([]);
  });

  it('filters by active, unit, branch, sector, position and group', async () => {
    expect(await names(admin, { flAtivo: 'N' })).toEqual(['Lúcia Castro']);
    expect(await names(admin, { idUnidade: catalog.norte })).toEqual(['Lúcia Castro']);
    expect(await names(admin, { idFilial: catalog.matriz })).toEqual(['João Araújo']);
    expect(await names(admin, { idSetor: catalog.ti })).toEqual(['João Araújo']);
    expect(await names(admin, { idCargo: catalog.analista })).toEqual(['João Araújo']);
    expect(await names(admin, { idGrupo: comercialId })).toEqual(['João Araújo']);
    expect(await names(admin, { idUnidade: catalog.centro, busca: 'araujo' })).toEqual(['João Araújo']);
    // Another company's ids find nothing of this one.
    expect(await names(otherAdmin, { idUnidade: catalog.centro })).toEqual([]);
  });

  it("lists the company's groups for the filter and the form", async () => {
    const response = await t.call('consultaGruposUsuarioAdmin', {}, { cookie: reader });
    expect(response.statusCode).toBe(200);
    const groupNames = (response.json().data.listGrupos as { nome: string }[]).map((group) => group.nome);
    expect(groupNames).toEqual(['Comercial', 'Todos']);
  });

  it('pages the list', async () => {
    const all = await names(admin);
    const first = await list(admin, { qtdRegistrosPorPagina: 2, idPaginaAtual: 1 });
    const second = await list(admin, { qtdRegistrosPorPagina: 2, idPaginaAtual: 2 });
    expect(first.json().data.qtdTotalRegistros).toBe(all.length);
    expect(
      [...first.json().data.listUsuarios, ...second.json().data.listUsuarios].map(
        (row: { nome: string }) => row.nome,
      ),
    ).toEqual(all.slice(0, 4));
  });

  it('exports the filtered list as CSV with formula-looking cells neutralised, and as XLSX', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/backend/usuarios/exportacao.csv?idUnidade=${catalog.centro}`,
      headers: { cookie: admin, 'accept-language': 'pt-BR' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // The import template's columns, ';' between them as Excel in Brazil reads them.
    expect(lines[0]).toBe(
      'matricula;nome;email;tipoLogin;celular;dtNascimento;dtAdmissao;unidade;filial;setor;cargo;grupos',
    );
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith('M-7788;João Araújo;'))).toBe(true);
    // The name that looks like a formula is written so that a spreadsheet shows it as text.
    const formula = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(formula).not.toMatch(/(^|;)"?=HYPERLINK/);
    expect(formula).toContain("'=HYPERLINK");
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/backend/usuarios/exportacao.xlsx?flAtivo=N',
      headers: { cookie: admin },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the user form', () => {
  it('refuses each missing or wrong field with its message and the general message', async () => {
    const response = await save(
      newUser({ nome: '  ', email: 'não-é-email', senha: undefined, dtNascimento: '1990-02-30' }),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('Ops! Parece que você tentou salvar sem preencher todos os dados necessários');
    const fields = JSON.stringify(body);
    expect(fields).toContain('Campo obrigatório');
    expect(fields).toContain('Informe um e-mail válido');
    expect(fields).toContain('Informe uma data válida');
    expect(fields).toMatch(/"nome"/);
    expect(fields).toMatch(/"senha"/);
    expect(fields).toMatch(/"dtNascimento"/);

    const byEmail = await save(newUser({ email: null }));
    expect(byEmail.statusCode).toBe(422);
    expect(JSON.stringify(byEmail.json())).toMatch(/"email":\["Campo obrigatório"\]/);
    const byMatricula = await save(newUser({ tipoLogin: 'MATRICULA', matricula: '' }));
    expect(byMatricula.statusCode).toBe(422);
    expect(JSON.stringify(byMatricula.json())).toMatch(/"matricula":\["Campo obrigatório"\]/);
  });

  it('refuses an e-mail or matricula someone else has, on that field, writing nothing', async () => {
    const before = await names(admin);
    const email = await save(newUser({ email: joao.email.toUpperCase() }));
    expect(email.statusCode).toBe(422);
    expect(JSON.stringify(email.json())).toContain('Este e-mail já está em uso por outra pessoa');
    const matricula = await save(newUser({ matricula: 'M-7788' }));
    expect(matricula.statusCode).toBe(422);
    expect(JSON.stringify(matricula.json())).toContain(
      'Esta matrícula já está em uso por outra pessoa da empresa',
    );
    // An e-mail signs one person in whatever the company; the matricula is unique only within it.
    const otherMaster = await t.call('recuperaDadosUsuarioLogado', {}, { cookie: otherAdmin });
    expect(otherMaster.statusCode).toBe(200);
    const elsewhere = await save(
      newUser({ nome: 'Matrícula Repetida Alhures', matricula: 'M-7788' }),
      otherAdmin,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(await names(admin)).toEqual(before);
  });

  it("refuses another company's catalogue items and groups", async () => {
    const unit = await save(newUser({ idUnidade: catalog.otherUnit }));
    expect(unit.statusCode).toBe(422);
    expect(JSON.stringify(unit.json())).toContain('Item não encontrado; escolha um da lista');
    const kind = await save(newUser({ idSetor: catalog.centro }));
    expect(kind.statusCode).toBe(422);
    const group = await save(newUser({ idsGrupos: [otherGroupId] }));
    expect(group.statusCode).toBe(422);
    expect(JSON.stringify(group.json())).toContain('Grupos inválidos');
    const edit = await save(newUser({ idUsuario: joao.id, email: joao.email }), otherAdmin);
    expect(edit.statusCode).toBe(404);
    const read = await t.call('consultaUsuarioAdmin', { idUsuario: joao.id }, { cookie: otherAdmin });
    expect(read.statusCode).toBe(404);
  });

  it('creates a person with a provisional password who goes through first access, audited', async () => {
    const email = `marcos.${Date.now()}@fabrica.elo`;
    const response = await save(
      newUser({
        nome: 'Marcos Ribeiro',
        email,
        matricula: 'M-9001',
        idUnidade: catalog.centro,
        idSetor: catalog.rh,
        idsGrupos: [comercialId],
        dtAdmissao: '2024-01-15',
        textoPerfil: 'Novo no time',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().data.usuario;
    expect(created).toMatchObject({
      nome: 'Marcos Ribeiro',
      email,
      matricula: 'M-9001',
      idUnidade: catalog.centro,
      idSetor: catalog.rh,
      flPrimeiroAcessoPendente: 'S',
      flAtivo: 'S',
      dtNascimento: '1990-04-12',
      dtAdmissao: '2024-01-15',
    });
    expect(created.idsGrupos).toContain(comercialId);
    // The provisional password does not sign in; it opens first access.
    const signIn = await t.call('doLogin', { login: email, senha: 'Provisoria@2026' });
    expect(signIn.statusCode).not.toBe(200);
    const first = await t.call('primeiroAcesso', {
      login: email,
      senha: 'Provisoria@2026',
      dtNascimento: '1990-04-12',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.tokenJwtProvisorio).toEqual(expect.any(String));
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_create'), eq(auditLog.targetId, String(created.idUsuario))));
    expect(entry?.companyId).toBe(companyId);
    expect(JSON.stringify(entry?.changes)).not.toContain('Provisoria@2026');
  });

  it('sends the first-access invitation by e-mail when asked', async () => {
    const before = smtp.messages.length;
    const email = `convidada.${Date.now()}@fabrica.elo`;
    const response = await save(newUser({ nome: 'Paula Convidada', email, flEnviarConvite: 'S' }));
    expect(response.statusCode, response.body).toBe(200);
    await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const message = smtp.messages.at(-1)!;
    expect(message.to?.[0]?.address).toBe(email);
    expect(message.text).toContain('Olá, Paula Convidada!');
    expect(message.text).toContain(`Login: ${email}`);
    expect(message.text).toContain('Senha provisória: Provisoria@2026');
    expect(message.text).toContain('https://portal.fabrica.elo/primeiro-acesso-1');
  });

  it('edits a person and reads them back; a read-only administrator may read but not save', async () => {
    const read = await t.call('consultaUsuarioAdmin', { idUsuario: joao.id }, { cookie: reader });
    expect(read.statusCode).toBe(200);
    const current = read.json().data.usuario;
    expect(current).toMatchObject({ nome: 'João Araújo', matricula: 'M-7788', idUnidade: catalog.centro });
    const body = { ...current, nome: 'João Araújo Filho', idSetor: catalog.rh, urlFoto: undefined };
    for (const key of [
      'flPrimeiroAcessoPendente',
      'flAdministrador',
      'dtUltimoAcesso',
      'dtCriacao',
      'urlFoto',
    ])
      delete body[key];
    expect((await save(body, reader)).statusCode).toBe(403);
    const saved = await save(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.usuario).toMatchObject({ nome: 'João Araújo Filho', idSetor: catalog.rh });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_update'), eq(auditLog.targetId, String(joao.id))));
    expect(entry?.changes).toMatchObject({
      nome: { antes: 'João Araújo', depois: 'João Araújo Filho' },
      idSetor: { antes: catalog.ti, depois: catalog.rh },
    });
    await save({ ...body, nome: 'João Araújo', versao: saved.json().data.usuario.versao });
  });

  describe('two administrators editing the same person (issue 27)', () => {
    const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';
    /** The form's body of a person as read (the read-only fields left out). */
    const formOf = (usuario: Record<string, unknown>) => {
      const body = { ...usuario };
      for (const key of [
        'flPrimeiroAcessoPendente',
        'flAdministrador',
        'dtUltimoAcesso',
        'dtCriacao',
        'urlFoto',
      ])
        delete body[key];
      return body;
    };
    /** Someone the form can save as they are (the form needs a birth date). */
    const makeEditable = async (name: string) => {
      const person = await makePerson(t.database.db, { companyId, name, permissions: employeePermissions });
      await t.database.db.update(users).set({ birthDate: '1991-02-03' }).where(eq(users.id, person.id));
      return person;
    };
    const readPerson = async (idUsuario: number) => {
      const read = await t.call('consultaUsuarioAdmin', { idUsuario }, { cookie: admin });
      expect(read.statusCode, read.body).toBe(200);
      return read.json().data.usuario as Record<string, unknown> & { versao: number };
    };
    const stored = async (id: number) => {
      const [row] = await t.database.db
        .select({ profileText: users.profileText, mobilePhone: users.mobilePhone, version: users.version })
        .from(users)
        .where(eq(users.id, id));
      return row!;
    };
    const updates = async (id: number) =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'user_update'), eq(auditLog.targetId, String(id))))
      ).length;

    it("answers B's save from a stale copy 409 REGISTRO_ALTERADO and keeps A's change, writing nothing", async () => {
      const person = await makeEditable('Paula Versões');
      const copyA = await readPerson(person.id);
      const copyB = await readPerson(person.id);
      expect(copyA.versao).toEqual(expect.any(Number));
      const savedA = await save({ ...formOf(copyA), textoPerfil: 'Texto novo de A' });
      expect(savedA.statusCode, savedA.body).toBe(200);
      expect(savedA.json().data.usuario.versao).toBe(copyA.versao + 1);
      const before = await stored(person.id);

      const savedB = await save({ ...formOf(copyB), celular: '11988887777' }, otherAdminOfCompany);
      expect(savedB.statusCode, savedB.body).toBe(409);
      expect(savedB.json()).toEqual({ message: stale, error_code: 'REGISTRO_ALTERADO' });
      expect(await stored(person.id)).toEqual(before);
      expect(before.profileText).toBe('Texto novo de A');
      expect(await updates(person.id)).toBe(1);

      const english = await t.call(
        'salvaUsuarioAdmin',
        { ...formOf(copyB), celular: '11988887777' },
        { cookie: admin, language: 'en' },
      );
      expect(english.json().message).toBe(
        'This record was changed by someone else. Reload to see the current version.',
      );

      // Reloaded, B's save goes through and A's text is still there.
      const reloaded = await readPerson(person.id);
      expect(reloaded.textoPerfil).toBe('Texto novo de A');
      const retried = await save({ ...formOf(reloaded), celular: '11988887777' }, otherAdminOfCompany);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await stored(person.id)).toMatchObject({
        profileText: 'Texto novo de A',
        mobilePhone: '11988887777',
      });
    });

    it('lets one of two saves of the same copy sent at once through and answers the other 409', async () => {
      const person = await makeEditable('Paulo Simultâneo');
      const copy = await readPerson(person.id);
      const answers = await Promise.all([
        save({ ...formOf(copy), textoPerfil: 'Primeiro' }),
        save({ ...formOf(copy), textoPerfil: 'Segundo' }, otherAdminOfCompany),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().data.usuario.textoPerfil;
      expect(await stored(person.id)).toMatchObject({ profileText: winner, version: copy.versao + 1 });
      expect(await updates(person.id)).toBe(1);
    });

    it('goes stale when the person changes their own profile text, and a save without versao overwrites as before', async () => {
      const person = await makeEditable('Rita Própria');
      const copy = await readPerson(person.id);
      const own = await t.signIn(person.email, factoryPassword);
      const mine = await t.call('salvaMinhaConta', { textoPerfil: 'Escrito por mim' }, { cookie: own });
      expect(mine.statusCode, mine.body).toBe(200);
      const refused = await save({ ...formOf(copy), celular: '11977776666' });
      expect(refused.statusCode, refused.body).toBe(409);
      expect((await stored(person.id)).profileText).toBe('Escrito por mim');

      const { versao: _ignored, ...withoutVersion } = formOf(copy);
      const overwritten = await save({ ...withoutVersion, celular: '11977776666' });
      expect(overwritten.statusCode, overwritten.body).toBe(200);
      expect(await stored(person.id)).toMatchObject({ profileText: null, mobilePhone: '11977776666' });
    });
  });

  it('takes a photo cropped to a square, and refuses a file that is not an image', async () => {
    const refused = await t.callMultipart('enviaFotoUsuarioAdmin', {
      cookie: admin,
      fields: { idUsuario: String(joao.id) },
      files: [{ name: 'foto.png', type: 'image/png', body: Buffer.from('%PDF-1.4 not an image at all') }],
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('Os formatos de arquivo válido PNG, JPG, JPEG');
    const accepted = await t.callMultipart('enviaFotoUsuarioAdmin', {
      cookie: admin,
      fields: { idUsuario: String(joao.id) },
      files: [{ name: 'foto.png', type: 'image/png', body: await tinyPng(900, 300) }],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const url = accepted.json().data.urlFoto as string;
    const photo = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(photo.statusCode).toBe(200);
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.width).toBe(metadata.height);
    const read = await t.call('consultaUsuarioAdmin', { idUsuario: joao.id }, { cookie: admin });
    expect(read.json().data.usuario.urlFoto).toBe(url);
    const elsewhere = await t.callMultipart('enviaFotoUsuarioAdmin', {
      cookie: otherAdmin,
      fields: { idUsuario: String(joao.id) },
      files: [{ name: 'foto.png', type: 'image/png', body: await tinyPng(100, 100) }],
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('activation and sessions', () => {
  it('deactivating closes the chat socket at once and refuses sign-in; nothing written is lost; reactivating restores', async () => {
    const person = await makePerson(t.database.db, {
      companyId,
      name: 'Sofia Teixeira',
      permissions: employeePermissions,
      groupIds: [defaultGroupId],
      canPost: true,
    });
    const chatter = await signInForChat(t, person.email, factoryPassword);
    const published = await t.callMultipart('publicaPostagemTimeline', {
      cookie: chatter.cookie,
      fields: {
        textoPublicacao: 'Olá time',
        idAppTipoMensagem: '1',
        idsGrupos: String(defaultGroupId),
        flPermiteComentarios: 'S',
        flRascunho: 'N',
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    const postId = published.json().data.postagem.idMensagem as number;
    const socket = await ChatClient.connect(chatUrl, chatter.tokenChat);
    open.push(socket);
    socket.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    await socket.waitFor((frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence, {
      timeoutMs: 30_000,
    });
    const groupsBefore = await t.database.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, person.id));

    const response = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [person.id, lucia.id], flAtivo: 'N' },
      { cookie: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.qtdAlterados).toBe(1);
    expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
    const stale = await t.call('recuperaDadosUsuarioLogado', {}, { cookie: chatter.cookie });
    expect(stale.statusCode).toBe(401);
    const signIn = await t.call('doLogin', { login: person.email, senha: factoryPassword });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.body).toContain('Esta conta está desativada. Fale com o administrador.');
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, person.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    expect(await t.database.db.select().from(groupMembers).where(eq(groupMembers.userId, person.id))).toEqual(
      groupsBefore,
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_deactivate'), eq(auditLog.targetId, String(person.id))));
    expect(entry?.targetName).toBe('Sofia Teixeira');
    // What she wrote stays, under her name.
    const post = await t.call('consultaPostagem', { idMensagem: postId }, { cookie: admin });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data.postagem).toMatchObject({
      textoPublicacao: 'Olá time',
      autor: { nome: 'Sofia Teixeira' },
    });

    const back = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [person.id], flAtivo: 'S' },
      { cookie: admin },
    );
    expect(back.json().data.qtdAlterados).toBe(1);
    expect((await t.call('doLogin', { login: person.email, senha: factoryPassword })).statusCode).toBe(200);
  });

  it('refuses to deactivate the master user or oneself, and ids of another company', async () => {
    const master = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [masterId], flAtivo: 'N' },
      { cookie: admin },
    );
    expect(master.statusCode).toBe(422);
    expect(JSON.stringify(master.json())).toContain('O usuário master da empresa não pode ser desativado');
    const self = await makePerson(t.database.db, {
      companyId,
      name: 'Gestora de Pessoas',
      administrator: { [AdminPermission.users]: 'E' },
    });
    const selfCookie = await t.signIn(self.email, factoryPassword);
    const mine = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [self.id], flAtivo: 'N' },
      { cookie: selfCookie },
    );
    expect(mine.statusCode).toBe(422);
    expect(JSON.stringify(mine.json())).toContain('Você não pode desativar a sua própria conta');
    const foreign = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [joao.id], flAtivo: 'N' },
      { cookie: otherAdmin },
    );
    expect(foreign.statusCode).toBe(404);
    const [still] = await t.database.db
      .select({ active: users.active })
      .from(users)
      .where(eq(users.id, joao.id));
    expect(still?.active).toBe(true);
  });

  it("ends a person's sessions without deactivating them", async () => {
    const person = await makePerson(t.database.db, {
      companyId,
      name: 'Tiago Lima',
      permissions: employeePermissions,
    });
    const cookies = [
      await t.signIn(person.email, factoryPassword),
      await t.signIn(person.email, factoryPassword),
    ];
    const response = await t.call('encerraSessoesUsuarioAdmin', { idUsuario: person.id }, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.qtdSessoesEncerradas).toBe(2);
    for (const cookie of cookies)
      expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(401);
    expect((await t.call('doLogin', { login: person.email, senha: factoryPassword })).statusCode).toBe(200);
    const foreign = await t.call(
      'encerraSessoesUsuarioAdmin',
      { idUsuario: person.id },
      { cookie: otherAdmin },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the session an administrator is using when they end their own', async () => {
    const elsewhere = await t.signIn(masterLogin, factoryPassword);
    const response = await t.call('encerraSessoesUsuarioAdmin', { idUsuario: masterId }, { cookie: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.qtdSessoesEncerradas).toBeGreaterThanOrEqual(1);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie: elsewhere })).statusCode).toBe(401);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie: admin })).statusCode).toBe(200);
  });
});

describe('an invitation the mail server refuses', () => {
  it('answers 503 and creates no one', async () => {
    const unreachable = await createTestApp({
      seed: false,
      env: { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://portal.fabrica.elo' },
    });
    try {
      const company = await makeCompany(unreachable.database.db);
      const cookie = await unreachable.signIn(company.master.email, factoryPassword);
      const email = `sem.convite.${Date.now()}@fabrica.elo`;
      const response = await unreachable.call(
        'salvaUsuarioAdmin',
        newUser({ nome: 'Convite Perdido', email, flEnviarConvite: 'S' }),
        { cookie },
      );
      expect(response.statusCode).toBe(503);
      expect(response.json().error_code).toBe('DELIVERY_FAILED');
      const [stored] = await unreachable.database.db.select().from(users).where(eq(users.email, email));
      expect(stored).toBeUndefined();
      const entries = await unreachable.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user_create'));
      expect(entries).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});

describe('first-access invitations in bulk', () => {
  /** A person as the import creates them: first access pending, a password nobody knows. */
  async function imported(name: string, fields: Partial<typeof users.$inferInsert> = {}) {
    const person = await makePerson(t.database.db, { companyId, name, permissions: employeePermissions });
    await t.database.db
      .update(users)
      .set({ firstAccessPending: true, birthDate: '1991-03-15', ...fields })
      .where(eq(users.id, person.id));
    return person;
  }
  const invite = (idsUsuarios: number[], cookie = admin) =>
    t.call('enviaConvitesUsuariosAdmin', { idsUsuarios }, { cookie });
  const mailTo = async (address: string) => {
    await expect
      .poll(() => smtp.messages.filter((message) => message.to?.[0]?.address === address).length, {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    return smtp.messages.filter((message) => message.to?.[0]?.address === address).at(-1)!;
  };

  /**
   * How many invitations of this person have committed. The job sends the e-mail inside its
   * transaction (a refused one rolls the password back), so the message can arrive a moment
   * before the new password commits; the audit entry commits with it.
   */
  const invitationsOf = async (userId: number) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user_invite'), eq(auditLog.targetId, String(userId))))
    ).length;

  it('queues one invitation per eligible person and says who was skipped and why', async () => {
    const ready = await imported('Ísis Importada');
    const inactive = await imported('Ivo Inativo', { active: false });
    const noEmail = await imported('Nair Sem Email', {
      email: null,
      loginType: 'MATRICULA',
      matricula: 'IMP-1',
    });
    const noBirthDate = await imported('Noé Sem Nascimento', { birthDate: null });
    const done = await makePerson(t.database.db, { companyId, name: 'Dora Já Entrou' });
    const response = await invite([ready.id, inactive.id, noEmail.id, noBirthDate.id, done.id, ready.id]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer.qtdEnviados).toBe(1);
    expect(answer.listIgnorados).toEqual(
      expect.arrayContaining([
        { idUsuario: inactive.id, nome: 'Ivo Inativo', motivo: 'INATIVO' },
        { idUsuario: noEmail.id, nome: 'Nair Sem Email', motivo: 'SEM_EMAIL' },
        { idUsuario: noBirthDate.id, nome: 'Noé Sem Nascimento', motivo: 'SEM_DATA_NASCIMENTO' },
        { idUsuario: done.id, nome: 'Dora Já Entrou', motivo: 'PRIMEIRO_ACESSO_FEITO' },
      ]),
    );
    expect(answer.listIgnorados).toHaveLength(4);

    const message = await mailTo(ready.email);
    expect(message.text).toContain('Olá, Ísis Importada!');
    expect(message.text).toContain(`Login: ${ready.email}`);
    expect(message.text).toContain('https://portal.fabrica.elo/primeiro-acesso-1');
    const password = message.text?.match(/Senha provisória: (\S+)/)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await expect.poll(() => invitationsOf(ready.id)).toBe(1);

    // The provisional password opens the first access, with the birth date on file.
    const first = await t.call('primeiroAcesso', {
      login: ready.email,
      senha: password,
      dtNascimento: '1991-03-15',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.tokenJwtProvisorio.split('.')).toHaveLength(3);

    // One audit entry for her, none for the skipped; the password is in neither the job nor the log.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user_invite'));
    const ids = [ready, inactive, noEmail, noBirthDate, done].map((person) => String(person.id));
    const mine = entries.filter((entry) => ids.includes(entry.targetId ?? ''));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ targetId: String(ready.id), actorUserId: masterId });
    expect(JSON.stringify(mine)).not.toContain(password);
    const { rows } = await t.database.executeSql(
      "select data from pgboss.job where name = 'send-first-access-invitation'",
      [],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(password);
  });

  it('sends by SMS to those without an e-mail when asked, in their language; the password opens first access', async () => {
    const mobile = '+5511977776666';
    const byMatricula = { email: null, loginType: 'MATRICULA' } as const;
    const mario = await imported('Mário Matrícula', {
      ...byMatricula,
      matricula: 'SMS-1',
      mobilePhone: mobile,
    });
    const sofia = await imported('Sofía Española', {
      ...byMatricula,
      matricula: 'SMS-2',
      mobilePhone: '+5511955554444',
      language: 'es',
    });
    const nobody = await imported('Nina Sem Contato', {
      ...byMatricula,
      matricula: 'SMS-3',
      mobilePhone: null,
    });
    const eva = await imported('Eva Com Email');
    const response = await t.call(
      'enviaConvitesUsuariosAdmin',
      { idsUsuarios: [mario.id, sofia.id, nobody.id, eva.id], flSmsSemEmail: 'S' },
      { cookie: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      qtdEnviados: 3,
      qtdEnviadosEmail: 1,
      qtdEnviadosSms: 2,
      listIgnorados: [{ idUsuario: nobody.id, nome: 'Nina Sem Contato', motivo: 'SEM_EMAIL_NEM_CELULAR' }],
    });

    // Eva has an e-mail: she gets the e-mail, as without the option.
    expect((await mailTo(eva.email)).text).toContain('Olá, Eva Com Email!');
    await expect
      .poll(() => smsGateway.received.filter((sms) => sms.to === mobile).length, { timeout: 15_000 })
      .toBe(1);
    const sms = smsGateway.received.find((entry) => entry.to === mobile)!;
    expect(sms.authorization).toBe('Bearer users-sms-token');
    expect(sms.message).toContain('Login: SMS-1');
    expect(sms.message).toContain('https://portal.fabrica.elo/primeiro-acesso-1');
    const password = sms.message.match(/Senha provisória: ([A-Za-z0-9]{12})\b/)?.[1];
    expect(password).toBeDefined();
    await expect
      .poll(() => smsGateway.received.find((entry) => entry.to === '+5511955554444')?.message, {
        timeout: 15_000,
      })
      .toMatch(/Login: SMS-2 Contraseña provisional: [A-Za-z0-9]{12} /);
    await expect.poll(() => invitationsOf(mario.id)).toBe(1);

    // The audit says it went by SMS, never the password.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_invite'), eq(auditLog.targetId, String(mario.id))));
    expect(entry).toMatchObject({
      actorUserId: masterId,
      changes: { senha: { antes: '***', depois: '***' }, canal: { antes: null, depois: 'SMS' } },
    });
    expect(JSON.stringify(entry)).not.toContain(password);
    expect(await invitationsOf(nobody.id)).toBe(0);

    // The provisional password from the SMS opens the first access, which then completes.
    const first = await t.call('primeiroAcesso', {
      login: 'SMS-1',
      senha: password,
      dtNascimento: '1991-03-15',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ flMatricula: 'S', flNumeroCadastrado: 'S' });
    const confirmed = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: first.json().data.tokenJwtProvisorio,
      ultimosDigitosCelular: '6666',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = await t.call('alteraSenhaEFazLogin', {
      loginUsuario: 'SMS-1',
      senhaAntiga: password,
      senhaNova: 'Minha#Senha2026',
      codigoSms: smsGateway.lastCodeTo(mobile),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.usuario.nome).toBe('Mário Matrícula');
  });

  it('changes neither the password nor the audit log when the SMS provider refuses, and retries', async () => {
    const person = await imported('Rita Sem Sinal', {
      email: null,
      loginType: 'MATRICULA',
      matricula: 'SMS-9',
      mobilePhone: '+5511933332222',
    });
    const passwordOf = async () =>
      (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, person.id)))[0]
        ?.hash;
    const before = await passwordOf();
    smsGateway.state.failing = true;
    try {
      const response = await t.call(
        'enviaConvitesUsuariosAdmin',
        { idsUsuarios: [person.id], flSmsSemEmail: 'S' },
        { cookie: admin },
      );
      expect(response.json().data).toMatchObject({ qtdEnviadosSms: 1, qtdEnviadosEmail: 0 });
      await expect
        .poll(
          async () => {
            const { rows } = await t.database.executeSql(
              "select state from pgboss.job where name = 'send-first-access-invitation' and data->>'userId' = $1",
              [String(person.id)],
            );
            return (rows[0] as { state?: string } | undefined)?.state;
          },
          { timeout: 15_000 },
        )
        .toBe('retry');
    } finally {
      smsGateway.state.failing = false;
    }
    expect(await passwordOf()).toBe(before);
    expect(await invitationsOf(person.id)).toBe(0);
  });

  it('sends again with a new password; the first one stops working', async () => {
    const person = await imported('Olga Reenviada');
    expect((await invite([person.id])).json().data.qtdEnviados).toBe(1);
    const first = (await mailTo(person.email)).text?.match(/Senha provisória: (\S+)/)?.[1];
    const before = smtp.messages.length;
    expect((await invite([person.id])).json().data.qtdEnviados).toBe(1);
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const second = (await mailTo(person.email)).text?.match(/Senha provisória: (\S+)/)?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await expect.poll(() => invitationsOf(person.id)).toBe(2);
    const tryIt = (senha: string | undefined) =>
      t.call('primeiroAcesso', { login: person.email, senha, dtNascimento: '1991-03-15' });
    expect((await tryIt(first)).statusCode).toBe(401);
    expect((await tryIt(second)).statusCode).toBe(200);
  });

  it("refuses another company's people and queues nothing; read-only administrators may not send", async () => {
    const person = await imported('Paulo Alheio Não');
    const stranger = await makePerson(t.database.db, { companyId: otherCompanyId, name: 'Estranho' });
    const before = smtp.messages.length;
    const response = await invite([person.id, stranger.id]);
    expect(response.statusCode).toBe(404);
    expect((await invite([person.id], otherAdmin)).statusCode).toBe(404);
    expect((await invite([person.id], reader)).statusCode).toBe(403);
    expect((await invite([])).statusCode).toBe(422);
    const { rows } = await t.database.executeSql(
      "select data from pgboss.job where name = 'send-first-access-invitation' and data->>'userId' = $1",
      [String(person.id)],
    );
    expect(rows).toEqual([]);
    expect(smtp.messages.length).toBe(before);
  });
});

describe('an invitation job whose e-mail the mail server refuses', () => {
  it('changes neither the password nor the audit log, and is retried', async () => {
    const unreachable = await createTestApp({
      seed: false,
      env: { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://portal.fabrica.elo' },
    });
    try {
      const { db } = unreachable.database;
      const company = await makeCompany(db);
      const cookie = await unreachable.signIn(company.master.email, factoryPassword);
      const person = await makePerson(db, { companyId: company.companyId, name: 'Rui Sem Carteiro' });
      await db
        .update(users)
        .set({ firstAccessPending: true, birthDate: '1985-01-02' })
        .where(eq(users.id, person.id));
      const [{ passwordHash } = { passwordHash: '' }] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, person.id));
      const response = await unreachable.call(
        'enviaConvitesUsuariosAdmin',
        { idsUsuarios: [person.id] },
        { cookie },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        qtdEnviados: 1,
        qtdEnviadosEmail: 1,
        qtdEnviadosSms: 0,
        listIgnorados: [],
      });
      await expect
        .poll(
          async () => {
            const { rows } = await unreachable.database.executeSql(
              "select state from pgboss.job where name = 'send-first-access-invitation'",
              [],
            );
            return (rows[0] as { state?: string } | undefined)?.state;
          },
          { timeout: 15_000 },
        )
        .toBe('retry');
      const [after] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, person.id));
      expect(after?.passwordHash).toBe(passwordHash);
      expect(await db.select().from(auditLog).where(eq(auditLog.action, 'user_invite'))).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});
