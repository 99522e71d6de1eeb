import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AdminPermission,
  adminPermissionCodes,
  employeePermissions,
  type AdminPermissionCode,
} from '@elo/contract/enums';
import {
  adminPermissions,
  adminTicketGroups,
  adminTicketSubjects,
  auditLog,
  userPermissions,
  users,
} from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makeGroup,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let master: MadePerson;
let masterCookie: string;
let otherMasterCookie: string;
let subjectId: number;
let otherSubjectId: number;
let groupId: number;
let otherGroupId: number;

/** Every permission at N but those given. */
const permissionsWith = (given: Partial<Record<AdminPermissionCode, 'L' | 'E'>>) =>
  adminPermissionCodes.map((permissao) => ({ permissao, status: given[permissao] ?? 'N' }));

const save = (cookie: string, body: Record<string, unknown>) =>
  t.call('salvaAdministradorAdmin', body, { cookie });

const newAdministrator = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Renata Campos',
  login: `renata.${Math.random().toString(36).slice(2, 8)}@empresa.elo`,
  email: undefined as string | undefined,
  senha: 'Girassol#2026',
  flAprovado: 'S',
  permissoesAdmin: permissionsWith({ [AdminPermission.users]: 'L' }),
  idsAssuntosChamado: [],
  idsGruposChamado: [],
  ...overrides,
});

/** A body whose e-mail is its login unless told otherwise. */
function body(overrides: Record<string, unknown> = {}) {
  const value = newAdministrator(overrides);
  return { ...value, email: value.email ?? value.login };
}

async function statusesOf(userId: number) {
  const rows = await t.database.db
    .select({ permission: adminPermissions.permission, status: adminPermissions.status })
    .from(adminPermissions)
    .where(eq(adminPermissions.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.permission, row.status]));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db, { masterName: 'Beatriz Almeida' });
  const other = await makeCompany(db);
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  master = company.master;
  subjectId = await makeCatalogItem(db, { companyId, kind: 'ASSUNTO_CHAMADO', name: 'Férias' });
  otherSubjectId = await makeCatalogItem(db, {
    companyId: otherCompanyId,
    kind: 'ASSUNTO_CHAMADO',
    name: 'Férias',
  });
  groupId = await makeGroup(db, { companyId, name: 'Comercial' });
  otherGroupId = other.defaultGroupId;
  [masterCookie, otherMasterCookie] = await Promise.all([
    t.signIn(master.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('the administrators list', () => {
  it('lists the master first and finds people by name, e-mail or login ignoring case and accents', async () => {
    const { db } = t.database;
    const joao = await makePerson(db, {
      companyId,
      name: 'João Conceição',
      administrator: { [AdminPermission.audit]: 'L', [AdminPermission.surveys]: 'E' },
    });
    await makePerson(db, { companyId, name: 'Joana Funcionária' });
    const all = await t.call(
      'consultaAdministradoresAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 100 },
      { cookie: masterCookie },
    );
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json().data.listAdministradores;
    expect(list[0]).toMatchObject({
      idUsuario: master.id,
      flMaster: 'S',
      qtdPermissoesEdicao: adminPermissionCodes.length,
    });
    expect(list.map((row: { nome: string }) => row.nome)).not.toContain('Joana Funcionária');

    const found = await t.call(
      'consultaAdministradoresAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 10, busca: 'JOAO CONCEICAO' },
      { cookie: masterCookie },
    );
    expect(found.json().data).toMatchObject({
      qtdTotalRegistros: 1,
      listAdministradores: [
        {
          idUsuario: joao.id,
          login: joao.email,
          flMaster: 'N',
          qtdPermissoesLeitura: 1,
          qtdPermissoesEdicao: 1,
        },
      ],
    });
    const byEmail = await t.call(
      'consultaAdministradoresAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 10, busca: joao.email.toUpperCase() },
      { cookie: masterCookie },
    );
    expect(
      byEmail.json().data.listAdministradores.map((row: { idUsuario: number }) => row.idUsuario),
    ).toEqual([joao.id]);
  });

  it('shows every permission of one administrator with N, L or E, and the master with every one at E', async () => {
    const carla = await makePerson(t.database.db, {
      companyId,
      name: 'Carla Dias',
      administrator: { [AdminPermission.users]: 'L', [AdminPermission.groups]: 'E' },
    });
    const one = await t.call('consultaAdministradorAdmin', { idUsuario: carla.id }, { cookie: masterCookie });
    expect(one.statusCode, one.body).toBe(200);
    const permissions = one.json().data.administrador.permissoesAdmin;
    expect(permissions).toHaveLength(adminPermissionCodes.length);
    expect(permissions).toContainEqual({ permissao: AdminPermission.users, status: 'L' });
    expect(permissions).toContainEqual({ permissao: AdminPermission.groups, status: 'E' });
    expect(permissions).toContainEqual({ permissao: AdminPermission.audit, status: 'N' });

    const theMaster = await t.call(
      'consultaAdministradorAdmin',
      { idUsuario: master.id },
      { cookie: masterCookie },
    );
    expect(
      theMaster
        .json()
        .data.administrador.permissoesAdmin.every((entry: { status: string }) => entry.status === 'E'),
    ).toBe(true);
  });

  it('offers the company’s ticket subjects and groups, and employees who are not administrators to promote', async () => {
    const options = await t.call('consultaOpcoesAdministradorAdmin', {}, { cookie: masterCookie });
    expect(options.json().data.listAssuntos).toEqual([{ id: subjectId, nome: 'Férias', flAtivo: 'S' }]);
    expect(options.json().data.listGrupos.map((group: { idGrupo: number }) => group.idGrupo)).toContain(
      groupId,
    );
    expect(options.json().data.listGrupos.map((group: { idGrupo: number }) => group.idGrupo)).not.toContain(
      otherGroupId,
    );

    await makePerson(t.database.db, { companyId, name: 'Otávio Candidato' });
    await makePerson(t.database.db, {
      companyId,
      name: 'Otávia Administradora',
      administrator: { ADMIN_GRUPOS: 'L' },
    });
    const candidates = await t.call(
      'consultaCandidatosAdministradorAdmin',
      { busca: 'otav' },
      { cookie: masterCookie },
    );
    expect(candidates.json().data.listUsuarios.map((row: { nome: string }) => row.nome)).toEqual([
      'Otávio Candidato',
    ]);
  });
});

describe('creating, promoting and editing', () => {
  it('creates a new person as administrator who signs in with the password set, audited', async () => {
    const request = body({
      permissoesAdmin: permissionsWith({ [AdminPermission.users]: 'L', [AdminPermission.surveys]: 'E' }),
      idsAssuntosChamado: [subjectId],
      idsGruposChamado: [groupId],
    });
    const response = await save(masterCookie, request);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().data.administrador;
    expect(created).toMatchObject({
      nome: 'Renata Campos',
      login: request.login,
      email: request.email,
      flAprovado: 'S',
      idsAssuntosChamado: [subjectId],
      idsGruposChamado: [groupId],
    });
    expect(await statusesOf(created.idUsuario)).toEqual({ ADMIN_USUARIOS: 'L', ADMIN_PESQUISAS: 'E' });

    const cookie = await t.signIn(request.login, request.senha);
    const me = await t.call('recuperaPermissoesUsuario', {}, { cookie });
    expect(me.json().data.permissoesAdmin).toContainEqual({
      permissao: AdminPermission.surveys,
      status: 'E',
    });
    // An employee too: the employee side's permissions are theirs.
    expect(me.json().data.permissoes).toEqual(expect.arrayContaining([...employeePermissions]));

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin_create'), eq(auditLog.targetId, String(created.idUsuario))));
    expect(entry?.changes).toMatchObject({
      'permissao.ADMIN_PESQUISAS': { antes: null, depois: 'E' },
      senha: { antes: '***', depois: '***' },
    });
  });

  it('stores a login that is not the e-mail as the matricula, unique in the company', async () => {
    const response = await save(masterCookie, body({ login: 'ADM-778', email: 'adm778@empresa.elo' }));
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.administrador.idUsuario;
    const [row] = await t.database.db
      .select({ matricula: users.matricula, loginType: users.loginType })
      .from(users)
      .where(eq(users.id, id));
    expect(row).toEqual({ matricula: 'ADM-778', loginType: 'MATRICULA' });
    expect(await t.signIn('ADM-778', 'Girassol#2026')).toBeTruthy();

    const again = await save(masterCookie, body({ login: 'ADM-778', email: 'adm778b@empresa.elo' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ login: ['Este login já está em uso por outra pessoa da empresa'] });
  });

  it('promotes an employee, who keeps their password and employee permissions', async () => {
    const ana = await makePerson(t.database.db, {
      companyId,
      name: 'Ana Promovida',
      permissions: employeePermissions,
    });
    const response = await save(masterCookie, {
      idUsuario: ana.id,
      flPromover: 'S',
      nome: 'Ana Promovida',
      login: ana.email,
      email: ana.email,
      flAprovado: 'S',
      permissoesAdmin: permissionsWith({ [AdminPermission.audit]: 'L' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = await t.signIn(ana.email, factoryPassword);
    const log = await t.call(
      'consultaAuditoriaAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 5 },
      { cookie },
    );
    expect(log.statusCode).toBe(200);
    const [promotion] = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(ana.id)), eq(auditLog.action, 'admin_promote')));
    expect(promotion).toBeDefined();

    // Someone already an administrator is not promoted twice.
    const twice = await save(masterCookie, {
      idUsuario: ana.id,
      flPromover: 'S',
      nome: 'Ana Promovida',
      login: ana.email,
      email: ana.email,
      flAprovado: 'S',
      permissoesAdmin: [],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ idUsuario: ['Esta pessoa já é administradora'] });
  });

  it('edits an administrator: permissions set to N lose their row, the change is audited', async () => {
    const paulo = await makePerson(t.database.db, {
      companyId,
      name: 'Paulo Reis',
      administrator: { [AdminPermission.users]: 'E', [AdminPermission.groups]: 'L' },
    });
    const response = await save(masterCookie, {
      idUsuario: paulo.id,
      nome: 'Paulo Reis Filho',
      login: paulo.email,
      email: paulo.email,
      flAprovado: 'S',
      permissoesAdmin: permissionsWith({ [AdminPermission.users]: 'L' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusesOf(paulo.id)).toEqual({ ADMIN_USUARIOS: 'L' });
    const [entry] = await t.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(paulo.id)), eq(auditLog.action, 'admin_update')));
    expect(entry?.changes).toEqual({
      nome: { antes: 'Paulo Reis', depois: 'Paulo Reis Filho' },
      'permissao.ADMIN_USUARIOS': { antes: 'E', depois: 'L' },
      'permissao.ADMIN_GRUPOS': { antes: 'L', depois: 'N' },
    });
  });
});

describe('two people editing the same administrator (issue 27)', () => {
  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; without versao it saves as before', async () => {
    const lia = await makePerson(t.database.db, {
      companyId,
      name: 'Lia Prado',
      administrator: { [AdminPermission.users]: 'E' },
    });
    const read = async () =>
      (await t.call('consultaAdministradorAdmin', { idUsuario: lia.id }, { cookie: masterCookie })).json()
        .data.administrador as { nome: string; versao: number };
    const copy = await read();
    const edit = (fields: Record<string, unknown>) => ({
      idUsuario: lia.id,
      nome: 'Lia Prado',
      login: lia.email,
      email: lia.email,
      flAprovado: 'S',
      permissoesAdmin: permissionsWith({ [AdminPermission.users]: 'E' }),
      ...fields,
    });
    const savedA = await save(masterCookie, edit({ versao: copy.versao, nome: 'Lia Prado A' }));
    expect(savedA.statusCode, savedA.body).toBe(200);
    const staleB = await save(
      masterCookie,
      edit({ versao: copy.versao, nome: 'Lia Prado B', permissoesAdmin: permissionsWith({}) }),
    );
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    expect(await read()).toMatchObject({ nome: 'Lia Prado A', versao: copy.versao + 1 });
    expect(await statusesOf(lia.id)).toEqual({ ADMIN_USUARIOS: 'E' });
    const updates = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(lia.id)), eq(auditLog.action, 'admin_update')));
    expect(updates).toHaveLength(1);

    const plain = await save(masterCookie, edit({ nome: 'Lia Prado C' }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await read()).toMatchObject({ nome: 'Lia Prado C', versao: copy.versao + 2 });
  });
});

describe('what a save refuses', () => {
  it('asks for name, login, e-mail and, on create, the password (spec section 5)', async () => {
    const response = await save(masterCookie, {
      nome: ' ',
      login: '',
      email: '',
      flAprovado: 'S',
      permissoesAdmin: [],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
      errors: {
        nome: ['Campo obrigatório'],
        login: ['Campo obrigatório'],
        email: ['Campo obrigatório'],
        senha: ['Campo obrigatório'],
      },
    });
  });

  it('refuses an invalid or taken e-mail, a weak password, and subjects or groups of another company', async () => {
    const invalid = await save(masterCookie, body({ login: 'sem-arroba', email: 'sem-arroba' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.email).toEqual(['Informe um e-mail válido']);

    const taken = await save(masterCookie, body({ login: master.email.toUpperCase() }));
    expect(taken.json().errors).toEqual({ email: ['Este e-mail já está em uso por outra pessoa'] });

    const weak = await save(masterCookie, body({ senha: '12345678' }));
    expect(weak.json().errors).toEqual({ senha: ['Esta senha é muito comum. Escolha outra'] });

    const before = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.companyId, companyId));
    const foreign = await save(
      masterCookie,
      body({ idsAssuntosChamado: [otherSubjectId], idsGruposChamado: [otherGroupId] }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      idsAssuntosChamado: ['Item não encontrado; escolha um da lista'],
      idsGruposChamado: ['Grupos inválidos'],
    });
    const after = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.companyId, companyId));
    expect(after).toHaveLength(before.length);
  });

  it('keeps the master’s permissions and approval', async () => {
    const lowered = await save(masterCookie, {
      idUsuario: master.id,
      nome: 'Beatriz Almeida',
      login: master.email,
      email: master.email,
      flAprovado: 'N',
      permissoesAdmin: permissionsWith({ [AdminPermission.users]: 'E' }),
    });
    expect(lowered.statusCode).toBe(422);
    expect(lowered.json().errors).toEqual({
      permissoesAdmin: [
        'O usuário master da empresa tem todas as permissões em edição; elas não podem ser reduzidas',
      ],
      flAprovado: ['O usuário master da empresa é sempre aprovado'],
    });
    const renamed = await save(masterCookie, {
      idUsuario: master.id,
      nome: 'Beatriz Almeida Souza',
      login: master.email,
      email: master.email,
      flAprovado: 'S',
      permissoesAdmin: permissionsWith(Object.fromEntries(adminPermissionCodes.map((code) => [code, 'E']))),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.administrador.nome).toBe('Beatriz Almeida Souza');
  });
});

describe('removing an administrator', () => {
  it('leaves an employee with their employee permissions; their open session loses the administration at once', async () => {
    const { db } = t.database;
    const lucas = await makePerson(db, {
      companyId,
      name: 'Lucas Removido',
      permissions: employeePermissions,
      administrator: { [AdminPermission.audit]: 'E' },
    });
    await db.insert(adminTicketSubjects).values({ companyId, userId: lucas.id, itemId: subjectId });
    await db.insert(adminTicketGroups).values({ companyId, userId: lucas.id, groupId });
    const cookie = await t.signIn(lucas.email, factoryPassword);
    const page = { idPaginaAtual: 1, qtdRegistrosPorPagina: 5 };
    expect((await t.call('consultaAuditoriaAdmin', page, { cookie })).statusCode).toBe(200);

    const removed = await t.call(
      'removeAdministradorAdmin',
      { idUsuario: lucas.id },
      { cookie: masterCookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.call('consultaAuditoriaAdmin', page, { cookie })).statusCode).toBe(403);
    // Still an employee, signed in, with their permissions.
    const me = await t.call('recuperaPermissoesUsuario', {}, { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.permissoesAdmin).toEqual([]);
    expect(me.json().data.permissoes).toEqual(expect.arrayContaining([...employeePermissions]));
    expect(await statusesOf(lucas.id)).toEqual({});
    expect(
      await db.select().from(adminTicketSubjects).where(eq(adminTicketSubjects.userId, lucas.id)),
    ).toEqual([]);
    expect(await db.select().from(adminTicketGroups).where(eq(adminTicketGroups.userId, lucas.id))).toEqual(
      [],
    );
    const kept = await db.select().from(userPermissions).where(eq(userPermissions.userId, lucas.id));
    expect(kept).toHaveLength(employeePermissions.length);
    const [entry] = await db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, String(lucas.id)), eq(auditLog.action, 'admin_remove')));
    expect(entry?.changes).toMatchObject({ 'permissao.ADMIN_AUDITORIA': { antes: 'E', depois: 'N' } });

    // Gone from the list, and not found as an administrator any more.
    const again = await t.call('removeAdministradorAdmin', { idUsuario: lucas.id }, { cookie: masterCookie });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to remove the master', async () => {
    const response = await t.call(
      'removeAdministradorAdmin',
      { idUsuario: master.id },
      { cookie: masterCookie },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Não é possível remover este administrador: ele é o usuário master da empresa.',
      error_code: 'ADMIN_REMOVAL_REFUSED',
    });
  });
});

describe('the last administrator who edits administrators', () => {
  it('cannot be removed, lowered or unapproved while no one else edits administrators', async () => {
    const { db } = t.database;
    // A company whose master account is deactivated: its one editor of administrators is Helena.
    const lone = await makeCompany(db);
    const helena = await makePerson(db, {
      companyId: lone.companyId,
      name: 'Helena Única',
      administrator: { [AdminPermission.administrators]: 'E' },
    });
    const igor = await makePerson(db, {
      companyId: lone.companyId,
      name: 'Igor Leitor',
      administrator: { [AdminPermission.administrators]: 'L' },
    });
    const masterOfLone = await t.signIn(lone.master.email, factoryPassword);
    await db.update(users).set({ active: false }).where(eq(users.id, lone.master.id));
    const helenaCookie = await t.signIn(helena.email, factoryPassword);

    const removal = await t.call(
      'removeAdministradorAdmin',
      { idUsuario: helena.id },
      { cookie: helenaCookie },
    );
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(
      'Não é possível remover este administrador: a empresa precisa manter ao menos um administrador aprovado e ativo com a permissão de editar administradores.',
    );
    const edit = (overrides: Record<string, unknown>) =>
      save(helenaCookie, {
        idUsuario: helena.id,
        nome: 'Helena Única',
        login: helena.email,
        email: helena.email,
        flAprovado: 'S',
        permissoesAdmin: permissionsWith({ [AdminPermission.administrators]: 'E' }),
        ...overrides,
      });
    const lowered = await edit({
      permissoesAdmin: permissionsWith({ [AdminPermission.administrators]: 'L' }),
    });
    expect(lowered.statusCode).toBe(422);
    expect(lowered.json().errors).toEqual({
      permissoesAdmin: [
        'A empresa precisa manter ao menos um administrador aprovado e ativo com a permissão de editar administradores',
      ],
    });
    const unapproved = await edit({ flAprovado: 'N' });
    expect(unapproved.json().errors).toEqual({
      flAprovado: [
        'A empresa precisa manter ao menos um administrador aprovado e ativo com a permissão de editar administradores',
      ],
    });
    expect(await statusesOf(helena.id)).toEqual({ ADMIN_ADMINISTRADORES: 'E' });

    // Once Igor edits administrators too, Helena may step down.
    const promoted = await save(helenaCookie, {
      idUsuario: igor.id,
      nome: 'Igor Leitor',
      login: igor.email,
      email: igor.email,
      flAprovado: 'S',
      permissoesAdmin: permissionsWith({ [AdminPermission.administrators]: 'E' }),
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(
      (await t.call('removeAdministradorAdmin', { idUsuario: helena.id }, { cookie: helenaCookie }))
        .statusCode,
    ).toBe(200);
    // The deactivated master's session had ended with the deactivation check.
    expect((await t.call('recuperaPermissoesUsuario', {}, { cookie: masterOfLone })).statusCode).toBe(401);
  });
});

describe('approval', () => {
  it('keeps an administrator not approved out of the administration, employee side open, until approved', async () => {
    const { db } = t.database;
    const vera = await makePerson(db, {
      companyId,
      name: 'Vera Aguardando',
      permissions: employeePermissions,
      administrator: { [AdminPermission.audit]: 'E' },
      approved: false,
    });
    const cookie = await t.signIn(vera.email, factoryPassword);
    const page = { idPaginaAtual: 1, qtdRegistrosPorPagina: 5 };
    const refused = await t.call('consultaAuditoriaAdmin', page, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Seu acesso à administração ainda não foi aprovado. Fale com um administrador.',
      error_code: 'ADMIN_NOT_APPROVED',
    });
    const me = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    expect(me.json().data.usuario).toMatchObject({ flAdministrador: true, flAdministradorAprovado: false });
    expect(me.json().data.permissoesAdmin.every((entry: { status: string }) => entry.status === 'N')).toBe(
      true,
    );
    expect((await t.call('consultaNotificacoes', {}, { cookie })).statusCode).toBe(200);

    const approval = await save(masterCookie, {
      idUsuario: vera.id,
      nome: 'Vera Aguardando',
      login: vera.email,
      email: vera.email,
      flAprovado: 'S',
      permissoesAdmin: permissionsWith({ [AdminPermission.audit]: 'E' }),
    });
    expect(approval.statusCode, approval.body).toBe(200);
    expect((await t.call('consultaAuditoriaAdmin', page, { cookie })).statusCode).toBe(200);
    const after = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    expect(after.json().data.usuario.flAdministradorAprovado).toBe(true);
  });
});

describe('access and tenancy', () => {
  it('lets an administrator with ADMIN_ADMINISTRADORES at L read the area but refuses every write', async () => {
    const reader = await makePerson(t.database.db, {
      companyId,
      name: 'Leitora de Administradores',
      administrator: { [AdminPermission.administrators]: 'L', [AdminPermission.users]: 'L' },
    });
    const cookie = await t.signIn(reader.email, factoryPassword);
    const list = await t.call(
      'consultaAdministradoresAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 5 },
      { cookie },
    );
    expect(list.statusCode).toBe(200);
    expect((await save(cookie, body())).statusCode).toBe(403);
    expect((await t.call('removeAdministradorAdmin', { idUsuario: master.id }, { cookie })).statusCode).toBe(
      403,
    );
  });

  it('refuses the area to an administrator without ADMIN_ADMINISTRADORES', async () => {
    const usersOnly = await makePerson(t.database.db, {
      companyId,
      administrator: { [AdminPermission.users]: 'L' },
    });
    const cookie = await t.signIn(usersOnly.email, factoryPassword);
    const list = await t.call(
      'consultaAdministradoresAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 5 },
      { cookie },
    );
    expect(list.statusCode).toBe(403);
    expect(list.json().error_code).toBe('FORBIDDEN');
  });

  it('answers 404 for another company’s administrators and changes none of them', async () => {
    const other = await t.call(
      'consultaAdministradorAdmin',
      { idUsuario: master.id },
      { cookie: otherMasterCookie },
    );
    expect(other.statusCode).toBe(404);
    const foreignAdmin = await makePerson(t.database.db, {
      companyId,
      name: 'Fora do Alcance',
      administrator: { [AdminPermission.groups]: 'E' },
    });
    const edit = await save(otherMasterCookie, {
      idUsuario: foreignAdmin.id,
      nome: 'Invasor',
      login: foreignAdmin.email,
      email: foreignAdmin.email,
      flAprovado: 'S',
      permissoesAdmin: [],
    });
    expect(edit.statusCode).toBe(404);
    const promote = await save(otherMasterCookie, {
      idUsuario: foreignAdmin.id,
      flPromover: 'S',
      nome: 'Invasor',
      login: foreignAdmin.email,
      email: foreignAdmin.email,
      flAprovado: 'S',
      permissoesAdmin: [],
    });
    expect(promote.statusCode).toBe(404);
    const removal = await t.call(
      'removeAdministradorAdmin',
      { idUsuario: foreignAdmin.id },
      { cookie: otherMasterCookie },
    );
    expect(removal.statusCode).toBe(404);
    expect(await statusesOf(foreignAdmin.id)).toEqual({ ADMIN_GRUPOS: 'E' });
    const [row] = await t.database.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, foreignAdmin.id));
    expect(row?.name).toBe('Fora do Alcance');
    const list = await t.call(
      'consultaAdministradoresAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 100, busca: 'Fora do Alcance' },
      { cookie: otherMasterCookie },
    );
    expect(list.json().data.qtdTotalRegistros).toBe(0);
  });
});
