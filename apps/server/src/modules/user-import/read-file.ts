import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { importColumns, peopleLimits } from '@elo/contract/calls/people';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';

export type ImportColumn = (typeof importColumns)[number];

/** One row of the file: its number (the header is row 1) and its cells by column, as text. */
export interface FileRow {
  line: number;
  cells: Record<ImportColumn, string>;
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Too many rows: refused before any of them is looked at. */
function tooManyRows(): AppError {
  return new AppError('IMPORT_TOO_MANY_ROWS', {
    params: { max: peopleLimits.importRowsMax.toLocaleString('pt-BR') },
  });
}

/** A file's text: UTF-8 (with or without its mark), else Windows-1252 (a spreadsheet's "CSV"). */
function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}

/** The separator of a CSV, from its first line: comma, semicolon (Excel in Portuguese) or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(content: Buffer): string[][] {
  const text = decode(content).replace(/^\uFEFF/, '');
  if (text.includes(String.fromCharCode(0)))
    throw invalidFields({ file: [{ key: 'userImport.fileFormat', params: {} }] });
  try {
    // One record past the limit (and the header) is enough to know the file has too many.
    return parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      to: peopleLimits.importRowsMax + 2,
    }) as string[][];
  } catch {
    throw invalidFields({ file: [{ key: 'userImport.fileUnreadable', params: {} }] });
  }
}

/** A cell as the person typed it: dates as yyyy-MM-dd, formulas with their '=' (kept as text). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value && value.formula) return `=${value.formula}`;
    if ('sharedFormula' in value && value.sharedFormula) return `=${value.sharedFormula}`;
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
}

async function readXlsx(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw invalidFields({ file: [{ key: 'userImport.fileUnreadable', params: {} }] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > peopleLimits.importRowsMax + 1) throw tooManyRows();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) cells.push(cellText(row.getCell(column).value));
    rows.push(cells);
  });
  return rows;
}

/**
 * Reads an import file (CSV or XLSX, told by its content) into rows by column. The header must
 * name exactly the template's columns (any order, letter case ignored): missing or unknown ones
 * are a 422 on `file` naming them. More rows than `importRowsMax`: 413 IMPORT_TOO_MANY_ROWS.
 */
export async function readImportFile(file: UploadedFile | undefined): Promise<FileRow[]> {
  if (!file?.content) throw invalidFields({ file: ['validation.required'] });
  const isXlsx = file.mimeType === xlsxType;
  if (!isXlsx && file.mimeType !== 'application/octet-stream') {
    throw invalidFields({ file: [{ key: 'userImport.fileFormat', params: {} }] });
  }
  const table = isXlsx ? await readXlsx(file.content) : readCsv(file.content);
  const [header, ...body] = table;
  if (!header) throw invalidFields({ file: [{ key: 'userImport.fileEmpty', params: {} }] });
  const names = header.map((name) => name.trim());
  const known = new Map(importColumns.map((column) => [column.toLowerCase(), column]));
  const unknown = names.filter((name) => name && !known.has(name.toLowerCase()));
  const present = new Set(names.map((name) => name.toLowerCase()));
  const missing = importColumns.filter((column) => !present.has(column.toLowerCase()));
  const messages = [];
  if (missing.length > 0)
    messages.push({ key: 'userImport.columnsMissing', params: { colunas: missing.join(', ') } });
  if (unknown.length > 0)
    messages.push({ key: 'userImport.columnsUnknown', params: { colunas: unknown.join(', ') } });
  if (messages.length > 0) throw invalidFields({ file: messages });
  const positions = importColumns.map((column) =>
    names.findIndex((name) => name.toLowerCase() === column.toLowerCase()),
  );
  const rows: FileRow[] = [];
  body.forEach((cells, index) => {
    if (cells.every((cell) => !cell.trim())) return;
    const row = {} as Record<ImportColumn, string>;
    importColumns.forEach((column, at) => {
      row[column] = (cells[positions[at]!] ?? '').trim();
    });
    rows.push({ line: index + 2, cells: row });
  });
  if (rows.length > peopleLimits.importRowsMax) throw tooManyRows();
  if (rows.length === 0) throw invalidFields({ file: [{ key: 'userImport.fileEmpty', params: {} }] });
  return rows;
}
