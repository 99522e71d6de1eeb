import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { importColumns } from '@elo/contract/calls/user-import';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { users } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makePerson, type MadePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The record rules of people and administrators (users/policy.ts) through the real calls: the
// attacks of issue 25 (an ADMIN_USUARIOS holder taking over the master or an administrator).

const accessRefused = 'Somente quem administra administradores pode alterar o acesso desta pessoa.';

let t: TestApp;
let companyId: number;
let master: MadePerson;
let hrAdmin: MadePerson;
let employee: MadePerson;
/** ADMIN_USUARIOS at E only. */
let usersEditor: string;
/** ADMIN_USUARIOS and ADMIN_ADMINISTRADORES at E. */
let adminsEditor: string;
let masterCookie: string;

/** The person as the user form has them, ready to send back with changes. */
async function formOf(cookie: string, userId: number) {
  const response = await t.call('consultaUsuarioAdmin', { idUsuario: userId }, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  const { urlFoto, flPrimeiroAcessoPendente, flAdministrador, dtUltimoAcesso, dtCriacao, ...form } =
    response.json().data.usuario;
  void [urlFoto, flPrimeiroAcessoPendente, flAdministrador, dtUltimoAcesso, dtCriacao];
  return form as Record<string, unknown>;
}

const save = (cookie: string, body: Record<string, unknown>) => t.call('salvaUsuarioAdmin', body, { cookie });

async function stored(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

function csvOf(rows: Partial<Record<(typeof importColumns)[number], string>>[]): Buffer {
  const lines = [
    importColumns.join(','),
    ...rows.map((row) => importColumns.map((c) => row[c] ?? '').join(',')),
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

const importCsv = (cookie: string, body: Buffer, simular: 'S' | 'N') =>
  t.callMultipart('importaUsuariosAdmin', {
    cookie,
    fields: { simular, flDesativarAusentes: 'N' },
    files: [{ name: 'pessoas.csv', type: 'text/csv', body }],
  });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db, { masterName: 'Beatriz Mestre' });
  companyId = company.companyId;
  master = company.master;
  hrAdmin = await makePerson(db, {
    companyId,
    name: 'Helena RH',
    administrator: { [AdminPermission.hrPortal]: 'E' },
  });
  employee = await makePerson(db, { companyId, name: 'Otávio Empregado', permissions: employeePermissions });
  const usersOnly = await makePerson(db, {
    companyId,
    name: 'Ulisses Usuários',
    administrator: { [AdminPermission.users]: 'E' },
  });
  const both = await makePerson(db, {
    companyId,
    name: 'Ana Administradores',
    administrator: { [AdminPermission.users]: 'E', [AdminPermission.administrators]: 'E' },
  });
  await db.update(users).set({ birthDate: '1985-05-05' }).where(eq(users.companyId, companyId));
  await db.update(users).set({ matricula: 'ADM-1' }).where(eq(users.id, hrAdmin.id));
  await db.update(users).set({ matricula: 'MST-1' }).where(eq(users.id, master.id));
  [usersEditor, adminsEditor, masterCookie] = await Promise.all([
    t.signIn(usersOnly.email, factoryPassword),
    t.signIn(both.email, factoryPassword),
    t.signIn(master.email, factoryPassword),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('the users area and the master user', () => {
  it('refuses a new password for the master from an ADMIN_USUARIOS holder, and the master keeps theirs', async () => {
    const before = await stored(master.id);
    const response = await save(usersEditor, {
      ...(await formOf(usersEditor, master.id)),
      senha: 'Tomada@2026x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error_code: 'ACCESS_FIELDS_PROTECTED', message: accessRefused });
    expect((await stored(master.id)).passwordHash).toBe(before.passwordHash);
    const signIn = await t.call('doLogin', { login: master.email, senha: 'Tomada@2026x' });
    expect(signIn.statusCode).toBe(401);
    await t.signIn(master.email, factoryPassword);
  });

  it('refuses a new e-mail for the master, even from someone who administers administrators', async () => {
    const form = await formOf(adminsEditor, master.id);
    const response = await save(adminsEditor, { ...form, email: 'atacante@fora.elo' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('MASTER_ACCESS_PROTECTED');
    expect((await stored(master.id)).email).toBe(master.email);
  });

  it("lets the users area change the master's ordinary fields", async () => {
    const form = await formOf(usersEditor, master.id);
    const response = await save(usersEditor, { ...form, textoPerfil: 'Fundadora da empresa' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(master.id)).profileText).toBe('Fundadora da empresa');
  });

  it('refuses to deactivate or sign out the master from the users area', async () => {
    const deactivate = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [master.id], flAtivo: 'N' },
      { cookie: usersEditor },
    );
    expect(deactivate.statusCode).toBe(422);
    const endSessions = await t.call(
      'encerraSessoesUsuarioAdmin',
      { idUsuario: master.id },
      { cookie: usersEditor },
    );
    expect(endSessions.statusCode).toBe(403);
    expect(endSessions.json().message).toBe(accessRefused);
    // The master's own session still works.
    expect(
      (await t.call('consultaUsuarioAdmin', { idUsuario: master.id }, { cookie: masterCookie })).statusCode,
    ).toBe(200);
  });
});

describe("the users area and an administrator's access", () => {
  it('refuses each access field to an ADMIN_USUARIOS holder with the translated message, and changes nothing', async () => {
    const form = await formOf(usersEditor, hrAdmin.id);
    const before = await stored(hrAdmin.id);
    for (const change of [
      { email: 'helena.nova@fabrica.elo' },
      { matricula: 'ADM-2' },
      { tipoLogin: 'MATRICULA' },
      { senha: 'NovaSenha@2026' },
      { flAtivo: 'N' },
    ]) {
      const response = await save(usersEditor, { ...form, ...change, textoPerfil: 'mudou' });
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json()).toEqual({ message: accessRefused, error_code: 'ACCESS_FIELDS_PROTECTED' });
    }
    const after = await stored(hrAdmin.id);
    expect(after).toMatchObject({
      email: before.email,
      matricula: before.matricula,
      loginType: before.loginType,
      passwordHash: before.passwordHash,
      active: true,
      profileText: before.profileText,
    });
  });

  it('answers the message in the caller’s language', async () => {
    const form = await formOf(usersEditor, hrAdmin.id);
    const response = await t.call(
      'salvaUsuarioAdmin',
      { ...form, email: 'helena.en@fabrica.elo' },
      { cookie: usersEditor, language: 'es' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'Solo quien administra a los administradores puede cambiar el acceso de esta persona.',
    );
  });

  it("lets an ADMIN_USUARIOS holder change an administrator's ordinary fields", async () => {
    const form = await formOf(usersEditor, hrAdmin.id);
    const response = await save(usersEditor, {
      ...form,
      nome: 'Helena Rocha RH',
      textoPerfil: 'Atendimento',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(hrAdmin.id)).toMatchObject({ name: 'Helena Rocha RH', profileText: 'Atendimento' });
  });

  it("lets someone who administers administrators change an administrator's e-mail", async () => {
    const form = await formOf(adminsEditor, hrAdmin.id);
    const response = await save(adminsEditor, { ...form, email: 'helena.rocha@fabrica.elo' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await stored(hrAdmin.id)).email).toBe('helena.rocha@fabrica.elo');
  });

  it('refuses to deactivate or end the sessions of an administrator, and still does so for employees', async () => {
    const deactivate = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [employee.id, hrAdmin.id], flAtivo: 'N' },
      { cookie: usersEditor },
    );
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe(accessRefused);
    // Nothing of the batch was written.
    expect((await stored(employee.id)).active).toBe(true);
    expect((await stored(hrAdmin.id)).active).toBe(true);
    const endAdmin = await t.call(
      'encerraSessoesUsuarioAdmin',
      { idUsuario: hrAdmin.id },
      { cookie: usersEditor },
    );
    expect(endAdmin.statusCode).toBe(403);
    const endEmployee = await t.call(
      'encerraSessoesUsuarioAdmin',
      { idUsuario: employee.id },
      { cookie: usersEditor },
    );
    expect(endEmployee.statusCode, endEmployee.body).toBe(200);
    const employeeOnly = await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [employee.id], flAtivo: 'N' },
      { cookie: usersEditor },
    );
    expect(employeeOnly.statusCode, employeeOnly.body).toBe(200);
    expect((await stored(employee.id)).active).toBe(false);
    await t.call(
      'alteraSituacaoUsuariosAdmin',
      { idsUsuarios: [employee.id], flAtivo: 'S' },
      { cookie: usersEditor },
    );
  });

  it("lets the users area set an employee's password and e-mail", async () => {
    const form = await formOf(usersEditor, employee.id);
    const response = await save(usersEditor, {
      ...form,
      email: 'otavio.novo@fabrica.elo',
      senha: 'Otavio@2026x',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      (await t.call('doLogin', { login: 'otavio.novo@fabrica.elo', senha: 'Otavio@2026x' })).statusCode,
    ).toBe(200);
  });
});

describe('the import and administrators', () => {
  it("reports a row changing an administrator's e-mail as an error, in the dry run and when applied, and changes nothing", async () => {
    const before = await stored(hrAdmin.id);
    const file = csvOf([
      { matricula: 'ADM-1', nome: 'Helena Importada', email: 'tomada@fora.elo', dtNascimento: '01/01/1990' },
    ]);
    for (const simular of ['S', 'N'] as const) {
      const response = await importCsv(usersEditor, file, simular);
      expect(response.statusCode, response.body).toBe(simular === 'S' ? 200 : 422);
      const result = simular === 'S' ? response.json().data : response.json().resultado;
      expect(result.qtdErros).toBe(1);
      expect(result.linhas[0]).toMatchObject({ linha: 2, acao: null, erros: [accessRefused] });
    }
    const after = await stored(hrAdmin.id);
    expect(after).toMatchObject({ email: before.email, name: before.name });
  });

  it("reports a row changing the master's matricula as an error", async () => {
    const file = csvOf([
      {
        matricula: 'MST-1',
        nome: 'Beatriz Mestre',
        email: 'mestre.tomada@fora.elo',
        dtNascimento: '01/01/1980',
      },
    ]);
    const response = await importCsv(usersEditor, file, 'S');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.linhas[0].erros).toEqual([accessRefused]);
    expect((await stored(master.id)).email).toBe(master.email);
  });

  it("applies a row changing only an administrator's ordinary fields", async () => {
    const current = await stored(hrAdmin.id);
    const file = csvOf([
      {
        matricula: 'ADM-1',
        nome: 'Helena Importada',
        email: current.email!,
        tipoLogin: current.loginType,
        dtNascimento: '02/02/1991',
      },
    ]);
    const response = await importCsv(usersEditor, file, 'N');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.qtdAlterados).toBe(1);
    expect((await stored(hrAdmin.id)).name).toBe('Helena Importada');
  });
});

describe('the administrators area', () => {
  it('promotes an employee named by idUsuario without flPromover', async () => {
    const candidate = await makePerson(t.database.db, {
      companyId,
      name: 'Paula Promovida',
      permissions: employeePermissions,
    });
    const response = await t.call(
      'salvaAdministradorAdmin',
      {
        idUsuario: candidate.id,
        nome: 'Paula Promovida',
        login: candidate.email,
        email: candidate.email,
        flAprovado: 'S',
        permissoesAdmin: [{ permissao: AdminPermission.groups, status: 'L' }],
        idsAssuntosChamado: [],
        idsGruposChamado: [],
      },
      { cookie: adminsEditor },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.administrador).toMatchObject({ idUsuario: candidate.id });
    expect((await stored(candidate.id)).isAdministrator).toBe(true);
    // They keep their password.
    await t.signIn(candidate.email, factoryPassword);
  });

  it('refuses a new password for the master from another administrator, and lets the master change their own', async () => {
    const current = await t.call(
      'consultaAdministradorAdmin',
      { idUsuario: master.id },
      { cookie: adminsEditor },
    );
    expect(current.statusCode, current.body).toBe(200);
    const administrator = current.json().data.administrador;
    const body = {
      idUsuario: master.id,
      nome: administrator.nome,
      login: administrator.login,
      email: administrator.email,
      flAprovado: 'S',
      permissoesAdmin: administrator.permissoesAdmin,
      idsAssuntosChamado: [],
      idsGruposChamado: [],
    };
    const refused = await t.call(
      'salvaAdministradorAdmin',
      { ...body, senha: 'Tomada@2026xy' },
      { cookie: adminsEditor },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error_code).toBe('MASTER_ACCESS_PROTECTED');
    expect((await t.call('doLogin', { login: master.email, senha: 'Tomada@2026xy' })).statusCode).toBe(401);
    const renamed = await t.call(
      'salvaAdministradorAdmin',
      { ...body, nome: 'Beatriz A. Mestre' },
      { cookie: adminsEditor },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const own = await t.call(
      'salvaAdministradorAdmin',
      { ...body, senha: 'PropriaSenha@2026' },
      { cookie: masterCookie },
    );
    expect(own.statusCode, own.body).toBe(200);
    await t.signIn(master.email, 'PropriaSenha@2026');
  });
});
