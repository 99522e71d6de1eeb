import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { importColumns } from '@elo/contract/calls/user-import';
import { factoryPassword, makeCompany } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { xlsxMaxHeldBytes, xlsxMaxUncompressedBytes } from './read-file.ts';

// The import reads its file as a stream and stops at its limits: the row limit, and for an XLSX
// the size its parts take once uncompressed (a 10 MB workbook can hold 150 MB of XML). The rows of
// a file within the limits read as before (user-import.test.ts); the time and memory a huge
// workbook costs are measured in bench/xlsx-import-bomb.ts, never here.

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await makeCompany(t.database.db);
  cookie = await t.signIn(company.master.email, factoryPassword);
});
afterAll(async () => {
  await t?.close();
});

function send(body: Buffer, name = 'pessoas.xlsx') {
  return t.callMultipart('importaUsuariosAdmin', {
    cookie,
    fields: { simular: 'S', flDesativarAusentes: 'N' },
    files: [{ name, type: 'application/octet-stream', body }],
  });
}

/** A workbook written row by row with ExcelJS's streaming writer, as a big export would be. */
async function streamedXlsx(rows: number, row: (index: number) => ExcelJS.CellValue[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Pessoas');
  sheet.addRow([...importColumns]).commit();
  for (let index = 0; index < rows; index++) sheet.addRow(row(index)).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function xlsxOf(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The same zip with one entry's uncompressed size, as its central directory declares it, set to
 * `size` (what a zip bomb's or a tampered file's directory may say); its data are left as they are.
 */
function declaring(zip: Buffer, entryName: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  const end = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = copy.readUInt16LE(end + 10);
  let at = copy.readUInt32LE(end + 16);
  for (let index = 0; index < entries; index++) {
    const nameLength = copy.readUInt16LE(at + 28);
    const name = copy.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === entryName) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
    at += 46 + nameLength + copy.readUInt16LE(at + 30) + copy.readUInt16LE(at + 32);
  }
  throw new Error(`no entry ${entryName}`);
}

const person = (index: number): ExcelJS.CellValue[] => [
  `M${index}`,
  `Pessoa ${index}`,
  `pessoa.${index}@limites.elo`,
  'EMAIL',
  '',
  '01/01/1990',
];

describe('an XLSX past the limits', () => {
  it('refuses 60,000 rows with 413 and the limit', async () => {
    const answer = await send(await streamedXlsx(60_000, (index) => [`M${index}`, `Pessoa ${index}`]));
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(413);
    expect(answer.json()).toEqual({
      error_code: 'IMPORT_TOO_MANY_ROWS',
      message: 'O arquivo tem linhas demais. Envie no máximo 20.000 linhas por vez.',
    });
  });

  it('refuses a workbook whose sheet declares more than the allowance once uncompressed, from its directory', async () => {
    // Two rows of data: only the size its directory declares for the sheet is over the allowance.
    const small = await xlsxOf((workbook) => {
      const sheet = workbook.addWorksheet('Pessoas');
      sheet.addRow([...importColumns]);
      sheet.addRow(person(1));
    });
    const bomb = declaring(small, 'xl/worksheets/sheet1.xml', xlsxMaxUncompressedBytes + 1);
    const answer = await send(bomb);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(413);
    expect(answer.json()).toEqual({
      error_code: 'IMPORT_WORKBOOK_TOO_LARGE',
      message:
        'A planilha é grande demais depois de descompactada: o limite é 64 MB. Envie só as colunas do modelo, com no máximo 20.000 linhas por vez.',
    });
    const english = await t.callMultipart('importaUsuariosAdmin', {
      cookie,
      language: 'en',
      fields: { simular: 'S', flDesativarAusentes: 'N' },
      files: [{ name: 'people.xlsx', type: 'application/octet-stream', body: bomb }],
    });
    expect(english.json().message).toBe(
      "The spreadsheet is too large once uncompressed: the limit is 64 MB. Send only the template's columns, at most 20,000 rows at a time.",
    );
    // The shared strings are held in memory while the sheet streams: their own, smaller allowance.
    const strings = await send(declaring(small, 'xl/sharedStrings.xml', xlsxMaxHeldBytes + 1));
    expect(strings.statusCode, strings.body).toBe(413);
    expect(strings.json()).toMatchObject({
      error_code: 'IMPORT_WORKBOOK_TOO_LARGE',
      message: expect.stringContaining('o limite é 16 MB'),
    });
  });

  it('refuses a workbook whose directory declares less than its sheet inflates to, as unreadable', async () => {
    const workbook = await streamedXlsx(2_000, person);
    const answer = await send(declaring(workbook, 'xl/worksheets/sheet1.xml', 1_000));
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(422);
    expect(answer.json().errors).toEqual({
      file: ['Não foi possível ler o arquivo. Confira se é um CSV ou XLSX válido'],
    });
  });
});

describe('an XLSX within the limits, read as a stream', () => {
  it('reads accented names whole wherever the inflated chunks split them', async () => {
    // About 200 KB of shared strings made mostly of two- and three-byte characters: the inflater's
    // 16 KB chunks end inside a character many times over.
    const nameOf = (index: number) => `${'Ação Ñandú €☃ '.repeat(8)}${index}`;
    const file = await xlsxOf((workbook) => {
      const sheet = workbook.addWorksheet('Pessoas');
      sheet.addRow([...importColumns]);
      for (let index = 0; index < 1_000; index++) {
        sheet.addRow([`A${index}`, nameOf(index), `a${index}@acentos.elo`, 'EMAIL', '', '01/01/1990']);
      }
    });
    const answer = await send(file);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    const names = answer.json().data.linhas.map((row: { nome: string }) => row.nome);
    expect(names).toEqual(Array.from({ length: 1_000 }, (_, index) => nameOf(index)));
  });

  it('reads the first sheet only, rich text as its text, rows without values skipped', async () => {
    const file = await xlsxOf((workbook) => {
      const sheet = workbook.addWorksheet('Pessoas');
      sheet.addRow([...importColumns]);
      sheet.addRow([
        'R1',
        { richText: [{ text: 'Maria ' }, { font: { bold: true }, text: 'Rica' }] },
        'maria.rica@limites.elo',
        'EMAIL',
        '',
        new Date(Date.UTC(1991, 1, 3)),
      ]);
      sheet.getRow(4).values = ['R2', 'João', 'joao@limites.elo', 'EMAIL', '', '1992-04-05'];
      const other = workbook.addWorksheet('Outra');
      other.addRow(['coluna', 'desconhecida']);
    });
    const answer = await send(file);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
    expect(
      answer.json().data.linhas.map((row: { nome: string; erros: string[] }) => [row.nome, row.erros]),
    ).toEqual([
      ['Maria Rica', []],
      ['João', []],
    ]);
  });
});

describe('a CSV past the limit', () => {
  it('counts rows with values: blank lines do not let a row past the limit through', async () => {
    const line = (index: number) => `C${index},Nome ${index},,MATRICULA,,01/01/1990,,,,,,`;
    const rows = Array.from({ length: 20_001 }, (_, index) => line(index));
    rows.splice(10_000, 0, '', ',,,,,,,,,,,');
    const answer = await send(Buffer.from([importColumns.join(','), ...rows].join('\n')), 'pessoas.csv');
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(413);
    expect(answer.json().error_code).toBe('IMPORT_TOO_MANY_ROWS');
  });
});
