import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { importColumns } from '@elo/contract/calls/user-import';
import { groupMembers, users } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Issue 29: files a person would trust. A CSV row that does not fit its header is refused naming
 * it; the valid rows may be applied and the others come back as a file; the users export is the
 * import's template, so it imports back; every CSV is written for the reader's Excel.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** A company with its master signed in and the groups Comercial and Tecnologia. */
async function company() {
  const { db } = t.database;
  const made = await makeCompany(db);
  const comercial = await makeGroup(db, { companyId: made.companyId, name: 'Comercial' });
  const tecnologia = await makeGroup(db, { companyId: made.companyId, name: 'Tecnologia' });
  const cookie = await t.signIn(made.master.email, factoryPassword);
  return { ...made, comercial, tecnologia, cookie };
}

function send(
  cookie: string,
  body: Buffer,
  options: { simular?: 'S' | 'N'; validas?: 'S' | 'N'; name?: string; language?: string } = {},
) {
  const name = options.name ?? 'pessoas.csv';
  return t.callMultipart('importaUsuariosAdmin', {
    cookie,
    language: options.language ?? 'pt-BR',
    fields: { simular: options.simular ?? 'S', flAplicarValidas: options.validas ?? 'N' },
    files: [{ name, type: name.endsWith('.xlsx') ? 'application/octet-stream' : 'text/csv', body }],
  });
}

const unique = () => Math.random().toString(36).slice(2, 10);

/** A ';' CSV (Excel in Brazil) of the template's columns from its lines' cells. */
const semicolonCsv = (...lines: string[]) => Buffer.from([importColumns.join(';'), ...lines].join('\r\n'));

async function groupsOf(userId: number) {
  const rows = await t.database.db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId));
  return rows.map((row) => row.groupId).sort((a, b) => a - b);
}

async function personByMatricula(companyId: number, matricula: string) {
  const rows = await t.database.db.select().from(users).where(eq(users.companyId, companyId));
  return rows.find((row) => row.matricula === matricula);
}

/** The export's CSV lines (without the byte-order mark), as the given language asks for them. */
async function exportCsv(cookie: string, query = '', language = 'pt-BR') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/backend/usuarios/exportacao.csv${query}`,
    headers: { cookie, 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

describe('a CSV row that does not fit its header', () => {
  it('is refused naming the row when a group list is split by the separator; in quotes it is one cell', async () => {
    const c = await company();
    const email = `ana.${unique()}@import.elo`;
    const unquoted = semicolonCsv(`5001;Ana Reis;${email};EMAIL;;01/02/1990;;;;;;Tecnologia;Comercial`);
    const refused = await send(c.cookie, unquoted, { simular: 'N' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
      errors: {
        file: [
          'Linha 2: tem 13 células, mas o cabeçalho tem 12. Confira o separador (;); uma célula que o contenha, como uma lista de grupos, vai entre aspas',
        ],
      },
    });
    expect(await personByMatricula(c.companyId, '5001')).toBeUndefined();

    const english = await send(c.cookie, unquoted, { language: 'en' });
    expect(english.json().errors.file[0]).toBe(
      'Row 2: it has 13 cells, but the header has 12. Check the separator (;); a cell that holds it, such as a list of groups, goes in quotes',
    );

    const quoted = semicolonCsv(`5001;Ana Reis;${email};EMAIL;;01/02/1990;;;;;;"Tecnologia;Comercial"`);
    const applied = await send(c.cookie, quoted, { simular: 'N' });
    expect(applied.statusCode, applied.body).toBe(200);
    const ana = (await personByMatricula(c.companyId, '5001'))!;
    expect(await groupsOf(ana.id)).toEqual(
      [c.defaultGroupId, c.comercial, c.tecnologia].sort((a, b) => a - b),
    );
  });

  it('is refused when it has fewer cells too', async () => {
    const c = await company();
    const short = semicolonCsv(`5002;Bia Reis;bia.${unique()}@import.elo;EMAIL;;01/02/1990`);
    const refused = await send(c.cookie, short);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file[0]).toMatch(/^Linha 2: tem 6 células, mas o cabeçalho tem 12/);
  });
});

describe('applying the valid rows', () => {
  it('writes the valid rows and gives the invalid ones back as a CSV of the template plus errors', async () => {
    const c = await company();
    const good = `6001;Caio Lima;caio.${unique()}@import.elo;EMAIL;;01/02/1990;;;;;;Comercial`;
    const bad = `6002;Dora Lima;não-é-email;EMAIL;;31/02/1990;;;;;;Vendas`;
    const file = semicolonCsv(good, bad);

    // Without the option the whole file is refused, as before.
    const all = await send(c.cookie, file, { simular: 'N' });
    expect(all.statusCode).toBe(422);
    expect(await personByMatricula(c.companyId, '6001')).toBeUndefined();

    const applied = await send(c.cookie, file, { simular: 'N', validas: 'S' });
    expect(applied.statusCode, applied.body).toBe(200);
    const result = applied.json().data;
    expect(result).toMatchObject({ qtdNovos: 1, qtdErros: 1, flSimulacao: 'N' });
    expect(await personByMatricula(c.companyId, '6001')).toMatchObject({ name: 'Caio Lima' });
    expect(await personByMatricula(c.companyId, '6002')).toBeUndefined();

    const given = result.arquivoLinhasInvalidas;
    expect(given).toMatchObject({
      nomeArquivo: 'linhas-com-erro.csv',
      tipoConteudo: 'text/csv; charset=utf-8',
    });
    const text = Buffer.from(given.conteudoBase64, 'base64').toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      `${importColumns.join(';')};erros`,
      '6002;Dora Lima;não-é-email;EMAIL;;31/02/1990;;;;;;Vendas;email: Informe um e-mail válido | dtNascimento: Informe uma data válida | grupos: Grupo não encontrado: Vendas',
    ]);

    // Corrected, that file imports as it is (its error column is read past).
    const corrected = text
      .replace('não-é-email', `dora.${unique()}@import.elo`)
      .replace('31/02/1990', '28/02/1990')
      .replace(';Vendas;', ';Comercial;');
    const again = await send(c.cookie, Buffer.from(corrected), { simular: 'N' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ qtdNovos: 1, qtdErros: 0 });
    expect(again.json().data.arquivoLinhasInvalidas).toBeUndefined();
  });

  it('gives an XLSX back for an XLSX', async () => {
    const c = await company();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pessoas');
    sheet.addRow([...importColumns]);
    sheet.addRow(['7001', 'Eva Dias', `eva.${unique()}@import.elo`, 'EMAIL', '', '01/02/1990']);
    sheet.addRow(['7002', '', `fabio.${unique()}@import.elo`, 'EMAIL', '', '01/02/1990']);
    const body = Buffer.from(await workbook.xlsx.writeBuffer());
    const applied = await send(c.cookie, body, { simular: 'N', validas: 'S', name: 'pessoas.xlsx' });
    expect(applied.statusCode, applied.body).toBe(200);
    const given = applied.json().data.arquivoLinhasInvalidas;
    expect(given.nomeArquivo).toBe('linhas-com-erro.xlsx');
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(Buffer.from(given.conteudoBase64, 'base64') as unknown as ArrayBuffer);
    const rows = back.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((row) => row.slice(1))).toEqual([
      [...importColumns, 'erros'],
      [
        '7002',
        '',
        expect.stringMatching(/^fabio\./),
        'EMAIL',
        '',
        '01/02/1990',
        '',
        '',
        '',
        '',
        '',
        '',
        'nome: Campo obrigatório',
      ],
    ]);
    expect(await personByMatricula(c.companyId, '7001')).toMatchObject({ name: 'Eva Dias' });
  });
});

describe('the users export is the import template', () => {
  it('imports back unchanged, and an edited cell changes exactly that', async () => {
    const c = await company();
    const setup = semicolonCsv(
      `8001;Gil Souza;gil.${unique()}@import.elo;EMAIL;11987654321;15/03/1990;01/02/2020;Centro;Filial Sul;Financeiro;Analista;"Tecnologia;Comercial"`,
      `8002;Hugo Melo;;MATRICULA;;01/12/1985;;;;;;`,
    );
    expect((await send(c.cookie, setup, { simular: 'N' })).statusCode).toBe(200);

    const exported = await exportCsv(c.cookie);
    const text = exported.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(importColumns.join(';'));
    // Dates as Excel in Brazil reads them, groups as the import reads them (the default one too).
    expect(lines.find((line) => line.startsWith('8001;'))).toMatch(
      /^8001;Gil Souza;gil\.[a-z0-9]+@import\.elo;EMAIL;11987654321;15\/03\/1990;01\/02\/2020;Centro;Filial Sul;Financeiro;Analista;"Comercial;Tecnologia;Todos"$/,
    );

    const unchanged = await send(c.cookie, exported);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().data).toMatchObject({
      qtdNovos: 0,
      qtdAlterados: 0,
      qtdErros: 0,
      qtdInalterados: lines.length - 1,
    });

    const edited = Buffer.from(text.replace('Hugo Melo', 'Hugo Mello'));
    const once = await send(c.cookie, edited, { simular: 'N' });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json().data).toMatchObject({ qtdAlterados: 1, qtdErros: 0, qtdNovos: 0 });
    expect(once.json().data.linhas.filter((row: { acao: string }) => row.acao === 'ALTERADO')).toEqual([
      expect.objectContaining({ matricula: '8002', nome: 'Hugo Mello' }),
    ]);
    const gil = (await personByMatricula(c.companyId, '8001'))!;
    expect(gil).toMatchObject({ birthDate: '1990-03-15', admissionDate: '2020-02-01' });
    expect(await groupsOf(gil.id)).toEqual(
      [c.defaultGroupId, c.comercial, c.tecnologia].sort((a, b) => a - b),
    );
  });

  it('in English: commas, ISO dates, and it imports back unchanged too', async () => {
    const c = await company();
    const setup = semicolonCsv(
      `8101;Iris Lopes;iris.${unique()}@import.elo;EMAIL;;15/03/1990;;;;;;"Tecnologia;Comercial"`,
    );
    expect((await send(c.cookie, setup, { simular: 'N' })).statusCode).toBe(200);
    const exported = await exportCsv(c.cookie, '', 'en');
    const lines = exported
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(importColumns.join(','));
    expect(lines.find((line) => line.startsWith('8101,'))).toMatch(
      /^8101,Iris Lopes,iris\.[a-z0-9]+@import\.elo,EMAIL,,1990-03-15,,,,,,Comercial;Tecnologia;Todos$/,
    );
    const again = await send(c.cookie, exported, { language: 'en' });
    expect(again.json().data.linhas.filter((row: { erros: string[] }) => row.erros.length > 0)).toEqual([]);
    expect(again.json().data).toMatchObject({ qtdAlterados: 0, qtdNovos: 0, qtdErros: 0 });
  });
});

describe("every CSV export is written for the reader's Excel", () => {
  it('picks the separator and date form by language: the page’s (idioma) over the browser’s', async () => {
    const c = await company();
    await send(c.cookie, semicolonCsv(`8201;Jo Reis;;MATRICULA;;15/03/1990;;;;;;`), { simular: 'N' });
    const audit = async (query: string, language: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/backend/auditoria/exportacao.csv${query}`,
        headers: { cookie: c.cookie, 'accept-language': language },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.body.replace(/^\uFEFF/, '').split(/\r?\n/);
    };
    const portuguese = await audit('', 'pt-BR');
    expect(portuguese[0]).toBe('Data;Autor;Ação;Tipo do alvo;Alvo;Alterações;Endereço;Navegador');
    expect(portuguese[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    const english = await audit('', 'en');
    expect(english[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    // The page's language (a link cannot send Accept-Language) wins over the browser's.
    const spanish = await audit('?idioma=es', 'en');
    expect(spanish[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
    const chosenEnglish = (await exportCsv(c.cookie, '?idioma=en', 'pt-BR')).toString('utf8');
    expect(chosenEnglish.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(importColumns.join(','));
  });
});
