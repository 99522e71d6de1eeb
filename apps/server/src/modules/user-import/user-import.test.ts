import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { importColumns } from '@elo/contract/calls/user-import';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { auditLog, catalogItems, groupMembers, userPermissions, users } from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makeGroup,
  makePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;

type Row = Partial<Record<(typeof importColumns)[number], string>>;

/** A CSV of the template's columns (comma-separated, quoted where needed). */
function csvOf(rows: Row[], columns: readonly string[] = importColumns): Buffer {
  const quote = (value: string) => (/[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((c) => quote(row[c as keyof Row] ?? '')).join(',')),
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8');
}

async function xlsxOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pessoas');
  sheet.addRow([...importColumns]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function send(
  cookie: string,
  body: Buffer,
  options: { simular?: 'S' | 'N'; ausentes?: 'S' | 'N'; name?: string } = {},
) {
  const name = options.name ?? 'pessoas.csv';
  return t.callMultipart('importaUsuariosAdmin', {
    cookie,
    fields: { simular: options.simular ?? 'S', flDesativarAusentes: options.ausentes ?? 'N' },
    files: [{ name, type: name.endsWith('.xlsx') ? 'application/octet-stream' : 'text/csv', body }],
  });
}

/** A fresh company with its master signed in, a "Comercial" group and a unit. */
async function company() {
  const { db } = t.database;
  const made = await makeCompany(db);
  const comercial = await makeGroup(db, { companyId: made.companyId, name: 'Comercial' });
  const centro = await makeCatalogItem(db, { companyId: made.companyId, kind: 'UNIDADE', name: 'Centro' });
  const cookie = await t.signIn(made.master.email, factoryPassword);
  return { ...made, comercial, centro, cookie };
}

async function peopleOf(companyId: number) {
  return t.database.db.select().from(users).where(eq(users.companyId, companyId));
}

async function countOf(table: typeof catalogItems | typeof users, companyId: number) {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId));
  return row!.n;
}

async function importEntries(companyId: number) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'user_import')));
  return row!.n;
}

const maria: Row = {
  matricula: '1001',
  nome: 'Maria Souza',
  email: 'maria.souza@import.elo',
  tipoLogin: 'EMAIL',
  celular: '(11) 98765-4321',
  dtNascimento: '15/03/1990',
  dtAdmissao: '2020-02-01',
  unidade: 'centro',
  filial: 'Filial Nova',
  setor: 'Financeiro',
  cargo: 'Analista',
  grupos: 'Comercial',
};
/** Maria with an e-mail no one has yet (an e-mail signs one person in, whatever the company). */
const freshMaria = (): Row => ({
  ...maria,
  email: `maria.${Math.random().toString(36).slice(2, 10)}@import.elo`,
});
const joao: Row = {
  matricula: '1002',
  nome: 'João Lima',
  email: '',
  tipoLogin: 'MATRICULA',
  dtNascimento: '1985-12-01',
};

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('simulating and applying', () => {
  it('simulates without writing anything, then applies a clean file in one go', async () => {
    const c = await company();
    const before = {
      people: await countOf(users, c.companyId),
      items: await countOf(catalogItems, c.companyId),
    };
    const file = csvOf([maria, joao]);

    const simulated = await send(c.cookie, file);
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().data).toEqual({
      linhas: [
        { linha: 2, matricula: '1001', nome: 'Maria Souza', acao: 'NOVO', erros: [] },
        { linha: 3, matricula: '1002', nome: 'João Lima', acao: 'NOVO', erros: [] },
      ],
      qtdNovos: 2,
      qtdAlterados: 0,
      qtdInalterados: 0,
      qtdDesativados: 0,
      qtdErros: 0,
      flSimulacao: 'S',
    });
    expect(await countOf(users, c.companyId)).toBe(before.people);
    expect(await countOf(catalogItems, c.companyId)).toBe(before.items);
    expect(await importEntries(c.companyId)).toBe(0);

    const applied = await send(c.cookie, file, { simular: 'N' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ qtdNovos: 2, flSimulacao: 'N' });

    const people = await peopleOf(c.companyId);
    const created = people.find((person) => person.matricula === '1001')!;
    expect(created).toMatchObject({
      name: 'Maria Souza',
      email: 'maria.souza@import.elo',
      loginType: 'EMAIL',
      mobilePhone: '11987654321',
      birthDate: '1990-03-15',
      admissionDate: '2020-02-01',
      unitId: c.centro,
      firstAccessPending: true,
      active: true,
    });
    expect(people.find((person) => person.matricula === '1002')).toMatchObject({
      loginType: 'MATRICULA',
      email: null,
    });
    // Unknown branch, sector and position were created; the unit matched "Centro" whatever the case.
    const items = await t.database.db
      .select({ kind: catalogItems.kind, name: catalogItems.name })
      .from(catalogItems)
      .where(eq(catalogItems.companyId, c.companyId));
    expect(items).toEqual(
      expect.arrayContaining([
        { kind: 'UNIDADE', name: 'Centro' },
        { kind: 'FILIAL', name: 'Filial Nova' },
        { kind: 'SETOR', name: 'Financeiro' },
        { kind: 'CARGO', name: 'Analista' },
      ]),
    );
    expect(items).toHaveLength(4);
    const groupsOfMaria = await t.database.db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, created.id));
    expect(groupsOfMaria.map((row) => row.groupId).sort()).toEqual([c.defaultGroupId, c.comercial].sort());
    const [grants] = await t.database.db
      .select({ n: count() })
      .from(userPermissions)
      .where(eq(userPermissions.userId, created.id));
    expect(grants!.n).toBe(employeePermissions.length);
    // Nobody knows the provisional password: the factory's does not sign the new person in.
    expect(
      (await t.call('doLogin', { login: 'maria.souza@import.elo', senha: factoryPassword })).statusCode,
    ).not.toBe(200);

    const [entry] = await t.database.db
      .select({ changes: auditLog.changes, targetName: auditLog.targetName })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, c.companyId), eq(auditLog.action, 'user_import')));
    expect(entry).toMatchObject({
      targetName: 'pessoas.csv',
      changes: { qtdNovos: { depois: 2 }, qtdAlterados: { depois: 0 }, itensCriados: { depois: 3 } },
    });

    // The same file again changes nothing.
    const again = await send(c.cookie, file);
    expect(again.json().data).toMatchObject({ qtdNovos: 0, qtdAlterados: 0, qtdInalterados: 2 });
  });

  it('matches people by matricula, then by e-mail', async () => {
    const c = await company();
    const { db } = t.database;
    const byMatricula = await makePerson(db, { companyId: c.companyId, name: 'Ana Antiga' });
    await db.update(users).set({ matricula: 'A-1' }).where(eq(users.id, byMatricula.id));
    const byEmail = await makePerson(db, { companyId: c.companyId, name: 'Bruno Sem Matrícula' });

    const file = csvOf([
      { matricula: 'A-1', nome: 'Ana Nova', email: 'ana.nova@import.elo', dtNascimento: '01/01/1991' },
      {
        matricula: 'B-2',
        nome: 'Bruno Sem Matrícula',
        email: byEmail.email.toUpperCase(),
        dtNascimento: '02/02/1992',
      },
    ]);
    const simulated = await send(c.cookie, file);
    expect(simulated.json().data.linhas.map((row: { acao: string }) => row.acao)).toEqual([
      'ALTERADO',
      'ALTERADO',
    ]);
    expect((await send(c.cookie, file, { simular: 'N' })).statusCode).toBe(200);
    const people = await peopleOf(c.companyId);
    expect(people.find((person) => person.id === byMatricula.id)).toMatchObject({
      name: 'Ana Nova',
      email: 'ana.nova@import.elo',
    });
    expect(people.find((person) => person.id === byEmail.id)).toMatchObject({ matricula: 'B-2' });
    expect(people).toHaveLength(3);
  });

  it('reads a spreadsheet program’s CSV: semicolons, Windows-1252 accents, quoted group lists', async () => {
    const c = await company();
    const text = [
      importColumns.join(';'),
      `4001;José Conceição;jose.${Date.now()}@import.elo;EMAIL;;05/06/1988;;Centro;;Logística;;"Comercial;Todos"`,
    ].join('\r\n');
    const applied = await send(c.cookie, Buffer.from(text, 'latin1'), { simular: 'N' });
    expect(applied.statusCode, applied.body).toBe(200);
    const person = (await peopleOf(c.companyId)).find((row) => row.matricula === '4001')!;
    expect(person.name).toBe('José Conceição');
    const groups = await t.database.db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, person.id));
    expect(groups.map((row) => row.groupId).sort()).toEqual([c.defaultGroupId, c.comercial].sort());
    const [sector] = await t.database.db
      .select({ name: catalogItems.name })
      .from(catalogItems)
      .where(and(eq(catalogItems.companyId, c.companyId), eq(catalogItems.kind, 'SETOR')));
    expect(sector?.name).toBe('Logística');
  });

  it('reads XLSX files, dates typed as dates and numbers included', async () => {
    const c = await company();
    const file = await xlsxOf([
      [
        2001,
        'Carla Dias',
        'carla@import.elo',
        'EMAIL',
        11912345678,
        new Date(Date.UTC(1993, 6, 20)),
        '05/01/2021',
        'Centro',
        '',
        '',
        '',
        '',
      ],
    ]);
    const applied = await send(c.cookie, file, { simular: 'N', name: 'pessoas.xlsx' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await peopleOf(c.companyId)).find((person) => person.matricula === '2001')).toMatchObject({
      name: 'Carla Dias',
      mobilePhone: '11912345678',
      birthDate: '1993-07-20',
      admissionDate: '2021-01-05',
      unitId: c.centro,
    });
  });
});

describe('bad files and rows', () => {
  it('names each error with its column, and applying such a file writes nothing', async () => {
    const c = await company();
    const other = await makeCompany(t.database.db);
    const { db } = t.database;
    const taken = await makePerson(db, { companyId: c.companyId });
    // A deleted person's row stays, and so does their matricula.
    await db.update(users).set({ matricula: 'TOMADA', deletedAt: new Date() }).where(eq(users.id, taken.id));
    const mariaRow = freshMaria();
    const rows: Row[] = [
      { ...mariaRow, setor: 'Setor Que Seria Criado' },
      { matricula: '1', nome: '', email: 'x1@import.elo', dtNascimento: '01/01/1990' },
      { matricula: '2', nome: 'Email Ruim', email: 'nao-e-email', dtNascimento: '01/01/1990' },
      { matricula: '3', nome: 'Sem Email', tipoLogin: 'EMAIL', dtNascimento: '01/01/1990' },
      { nome: 'Sem Matrícula', email: 'x4@import.elo', tipoLogin: 'MATRICULA', dtNascimento: '01/01/1990' },
      {
        matricula: '5',
        nome: 'Tipo Ruim',
        email: 'x5@import.elo',
        tipoLogin: 'CPF',
        dtNascimento: '01/01/1990',
      },
      {
        matricula: '6',
        nome: 'Data Ruim',
        email: 'x6@import.elo',
        dtNascimento: '31/02/1990',
        dtAdmissao: '2020-13-01',
      },
      {
        matricula: '7',
        nome: 'Celular Ruim',
        email: 'x7@import.elo',
        celular: '123',
        dtNascimento: '01/01/1990',
      },
      {
        matricula: '8',
        nome: 'Grupo Ruim',
        email: 'x8@import.elo',
        grupos: 'Comercial;Inexistente',
        dtNascimento: '01/01/1990',
      },
      { matricula: '9', nome: 'Email Alheio', email: other.master.email, dtNascimento: '01/01/1990' },
      { matricula: 'TOMADA', nome: 'Matrícula Tomada', email: 'x10@import.elo', dtNascimento: '01/01/1990' },
      {
        matricula: '1001',
        nome: 'Repetida',
        email: mariaRow.email!.toUpperCase(),
        dtNascimento: '01/01/1990',
      },
      { matricula: '13', nome: 'Sem Nascimento', email: 'x13@import.elo' },
    ];
    const simulated = await send(c.cookie, csvOf(rows));
    expect(simulated.statusCode, simulated.body).toBe(200);
    const result = simulated.json().data;
    const errorsOf = (line: number) =>
      result.linhas.find((row: { linha: number }) => row.linha === line).erros;
    expect(errorsOf(2)).toEqual([]);
    expect(errorsOf(3)).toEqual(['nome: Campo obrigatório']);
    expect(errorsOf(4)).toEqual(['email: Informe um e-mail válido']);
    expect(errorsOf(5)).toEqual(['email: Campo obrigatório']);
    expect(errorsOf(6)).toEqual(['matricula: Campo obrigatório']);
    expect(errorsOf(7)).toEqual(['tipoLogin: Informe EMAIL ou MATRICULA']);
    expect(errorsOf(8)).toEqual([
      'dtNascimento: Informe uma data válida',
      'dtAdmissao: Informe uma data válida',
    ]);
    expect(errorsOf(9)).toEqual(['celular: Informe um número de celular válido, só com números e o DDD']);
    expect(errorsOf(10)).toEqual(['grupos: Grupo não encontrado: Inexistente']);
    expect(errorsOf(11)).toEqual(['email: Este e-mail já está em uso por outra pessoa']);
    expect(errorsOf(12)).toEqual(['matricula: Esta matrícula já está em uso por outra pessoa da empresa']);
    expect(errorsOf(13)).toEqual([
      'matricula: Repetido no arquivo (linha 2)',
      'email: Repetido no arquivo (linha 2)',
    ]);
    expect(errorsOf(14)).toEqual(['dtNascimento: Campo obrigatório']);
    expect(result.qtdErros).toBe(12);
    expect(result.linhas.find((row: { linha: number }) => row.linha === 3).acao).toBeNull();

    const people = await countOf(users, c.companyId);
    const items = await countOf(catalogItems, c.companyId);
    const refused = await send(c.cookie, csvOf(rows), { simular: 'N' });
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.error_code).toBe('IMPORT_HAS_ERRORS');
    expect(body.message).toBe(
      'O arquivo tem linhas com erros. Nada foi importado: corrija as linhas indicadas e envie de novo.',
    );
    expect(body.resultado).toEqual({ ...result, flSimulacao: 'N' });
    expect(await countOf(users, c.companyId)).toBe(people);
    expect(await countOf(catalogItems, c.companyId)).toBe(items);
    expect(await importEntries(c.companyId)).toBe(0);
  });

  it('refuses a file whose columns are wrong, naming them', async () => {
    const c = await company();
    const columns = importColumns.filter((column) => column !== 'cargo' && column !== 'grupos');
    const answer = await send(c.cookie, csvOf([maria], [...columns, 'cpf']));
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({
      file: ['Colunas ausentes: cargo, grupos', 'Colunas desconhecidas: cpf'],
    });
    const notATable = await send(c.cookie, Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), {
      name: 'x.pdf',
    });
    expect(notATable.statusCode).toBe(422);
    expect(Object.keys(notATable.json().errors)).toEqual(['file']);
  });

  it('refuses 100,000 rows with 413 and the limit, and a file over the size limit', async () => {
    const c = await company();
    const line = 'x,Nome,,EMAIL,,01/01/1990,,,,,,\n';
    const huge = Buffer.from(`${importColumns.join(',')}\n${line.repeat(100_000)}`);
    const answer = await send(c.cookie, huge);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({
      error_code: 'IMPORT_TOO_MANY_ROWS',
      message: 'O arquivo tem linhas demais. Envie no máximo 20.000 linhas por vez.',
    });
    const heavy = Buffer.concat([
      Buffer.from(`${importColumns.join(',')}\n`),
      Buffer.alloc(11 * 1024 * 1024, 'a'),
    ]);
    const tooBig = await send(c.cookie, heavy);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      error_code: 'FILE_OVER_LIMIT',
      message: 'Arquivo grande demais. O limite de tamanho deste arquivo é 10 MB.',
    });
    expect(await countOf(users, c.companyId)).toBe(1);
  });

  it('stores a formula-looking cell as typed, and the users export neutralises it', async () => {
    const c = await company();
    const formula = '=HYPERLINK("http://mal.example","x")';
    const csv = await send(c.cookie, csvOf([{ ...freshMaria(), nome: formula }]), { simular: 'N' });
    expect(csv.statusCode, csv.body).toBe(200);
    const xlsx = await send(
      c.cookie,
      await xlsxOf([
        ['3001', { formula: 'SUM(1,2)', result: 3 }, 'soma@import.elo', 'EMAIL', '', '1990-01-01'],
      ]),
      { simular: 'N', name: 'pessoas.xlsx' },
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const people = await peopleOf(c.companyId);
    expect(people.find((person) => person.matricula === '1001')?.name).toBe(formula);
    expect(people.find((person) => person.matricula === '3001')?.name).toBe('=SUM(1,2)');

    const exported = await t.app.inject({
      method: 'GET',
      url: '/backend/usuarios/exportacao.csv',
      headers: { cookie: c.cookie, 'accept-language': 'pt-BR' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(`'=HYPERLINK(""http://mal.example"",""x"")`);
    expect(exported.body).toContain("'=SUM(1,2)");
  });
});

describe('deactivating the absent', () => {
  it('deactivates active employees absent from the file, never the master, the caller or administrators', async () => {
    const c = await company();
    const { db } = t.database;
    const absent = await makePerson(db, { companyId: c.companyId, permissions: employeePermissions });
    const administrator = await makePerson(db, {
      companyId: c.companyId,
      administrator: { [AdminPermission.users]: 'E' },
    });
    const other = await makeCompany(db);
    const outsider = await makePerson(db, { companyId: other.companyId });
    const absentCookie = await t.signIn(absent.email, factoryPassword);
    const adminCookie = await t.signIn(administrator.email, factoryPassword);

    const file = csvOf([freshMaria()]);
    const simulated = await send(adminCookie, file, { ausentes: 'S' });
    expect(simulated.json().data.linhas).toEqual([
      expect.objectContaining({ linha: 2, acao: 'NOVO' }),
      { linha: 0, matricula: null, nome: expect.any(String), acao: 'DESATIVADO', erros: [] },
    ]);
    expect(simulated.json().data.qtdDesativados).toBe(1);

    const applied = await send(adminCookie, file, { simular: 'N', ausentes: 'S' });
    expect(applied.statusCode, applied.body).toBe(200);
    const rows = await db
      .select({ id: users.id, active: users.active })
      .from(users)
      .where(inArray(users.id, [absent.id, administrator.id, c.companyId, outsider.id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.active]))).toEqual({
      [absent.id]: false,
      [administrator.id]: true,
      [c.companyId]: true,
      [outsider.id]: true,
    });
    // Their session ended with the deactivation.
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie: absentCookie })).statusCode).toBe(401);
  });
});

describe('tenancy and access', () => {
  it("never matches or changes another company's people", async () => {
    const c = await company();
    const other = await company();
    const { db } = t.database;
    const theirs = await makePerson(db, { companyId: other.companyId, name: 'Pessoa Alheia' });
    await db.update(users).set({ matricula: 'M-77' }).where(eq(users.id, theirs.id));
    const answer = await send(
      c.cookie,
      csvOf([
        { matricula: 'M-77', nome: 'Nova Pessoa', email: 'nova77@import.elo', dtNascimento: '01/01/1990' },
      ]),
      { simular: 'N', ausentes: 'S' },
    );
    expect(answer.json().data).toMatchObject({ qtdNovos: 1, qtdAlterados: 0 });
    const [row] = await db.select().from(users).where(eq(users.id, theirs.id));
    expect(row).toMatchObject({ name: 'Pessoa Alheia', active: true, companyId: other.companyId });
  });

  it('refuses a read-only administrator and serves the template', async () => {
    const c = await company();
    const reader = await makePerson(t.database.db, {
      companyId: c.companyId,
      administrator: { [AdminPermission.users]: 'L' },
    });
    const readerCookie = await t.signIn(reader.email, factoryPassword);
    expect((await send(readerCookie, csvOf([maria]))).statusCode).toBe(403);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/backend/usuarios/modelo-importacao.csv',
      headers: { cookie: readerCookie, 'accept-language': 'pt-BR' },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    // Portuguese: the separator Excel in Brazil splits on.
    expect(lines[0]).toBe(importColumns.join(';'));
    expect(lines).toHaveLength(2);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/backend/usuarios/modelo-importacao.xlsx',
      headers: { cookie: readerCookie },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([undefined, ...importColumns]);
    // The template as it comes is a valid file (this company has the example's groups).
    const template = await send(c.cookie, Buffer.from(csv.body));
    expect(template.json().data.linhas).toEqual([
      { linha: 2, matricula: '000123', nome: 'Maria da Silva', acao: 'NOVO', erros: [] },
    ]);
  });
});

describe('row messages', () => {
  it('fill every limit they name: a name or a unit over its limit says how many characters fit', async () => {
    const c = await company();
    const answer = await send(
      c.cookie,
      csvOf([
        {
          nome: 'N'.repeat(161),
          email: 'longo@fabrica.elo',
          dtNascimento: '01/01/1990',
          unidade: 'U'.repeat(121),
        },
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = answer.json().data.linhas;
    expect(row.erros).toEqual([
      'nome: Informe no máximo 160 caracteres',
      'unidade: Informe no máximo 120 caracteres',
    ]);
    expect(JSON.stringify(row.erros)).not.toContain('{{');
  });
});
