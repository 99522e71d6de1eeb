import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import { importColumns, importFileRules } from '@elo/contract/calls/user-import';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';

export type ImportColumn = (typeof importColumns)[number];

/** One row of the file: its number (the header is row 1) and its cells by column, as text. */
export interface FileRow {
  line: number;
  cells: Record<ImportColumn, string>;
}

/** A row of the file as its cells' text, by position (a missing cell reads as ''). */
type Cells = readonly (string | undefined)[];

/** The format an import file was read as: a CSV (with its separator) or an XLSX. */
export type ImportFileFormat = { kind: 'csv'; delimiter: string } | { kind: 'xlsx' };

/** An import file read: its format and its rows with values. */
export interface ImportFile {
  format: ImportFileFormat;
  rows: FileRow[];
}

/** How many CSV rows with the wrong number of cells the refusal names one by one. */
const cellCountRowsNamed = 10;

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The most bytes the parts of a workbook that are read (its sheet list, shared strings, styles and
 * first sheet) may hold once uncompressed. A 10 MB XLSX can hold 150 MB of XML; 20,000 rows of the
 * template's columns take 10 to 25 MB, so a workbook over this is refused before it is parsed.
 */
export const xlsxMaxUncompressedBytes = 64 * 1024 * 1024;
/**
 * Of those, the most the parts held in memory while the sheet streams may hold: the sheet list,
 * its relations, the styles and the shared strings (the text of every string cell). 20,000 rows
 * of the template's columns have 2 to 10 MB of shared strings; 16 MB of them cost about 50 MB.
 */
export const xlsxMaxHeldBytes = 16 * 1024 * 1024;
/** The most entries a workbook's zip may list (a people list has a dozen; each costs a read). */
const xlsxMaxEntries = 5_000;

/** Too many rows: refused before any of them is looked at. */
function tooManyRows(): AppError {
  return new AppError('IMPORT_TOO_MANY_ROWS', {
    params: { max: peopleLimits.importRowsMax },
  });
}

/** A workbook whose parts, uncompressed, exceed one of the allowances (`bytes`, said in MB). */
function workbookTooLarge(bytes: number): AppError {
  return new AppError('IMPORT_WORKBOOK_TOO_LARGE', {
    params: {
      limite: `${bytes / 1024 / 1024} MB`,
      max: peopleLimits.importRowsMax,
    },
  });
}

const unreadable = () => invalidFields({ file: [{ key: 'userImport.fileUnreadable', params: {} }] });
const notATable = () => invalidFields({ file: [{ key: 'userImport.fileFormat', params: {} }] });

/** The separator of a CSV, from its first line: comma, semicolon (Excel in Portuguese) or tab. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The separator of a CSV's bytes, from its first line (decoded as the file will be). */
function csvDelimiterOf(content: Buffer): string {
  if (content.includes(0)) throw notATable();
  const encoding = isUtf8(content) ? 'utf-8' : 'windows-1252';
  const newline = content.indexOf(0x0a);
  return delimiterOf(
    new TextDecoder(encoding).decode(content.subarray(0, newline === -1 ? undefined : newline)),
  );
}

/** The text of a file, decoded a slice at a time (so only what is parsed is ever decoded). */
function* decodedSlices(content: Buffer, encoding: string): Generator<string> {
  const decoder = new TextDecoder(encoding);
  const slice = 64 * 1024;
  for (let at = 0; at < content.length; at += slice) {
    const text = decoder.decode(content.subarray(at, at + slice), { stream: true });
    yield at === 0 ? text.replace(/^\uFEFF/, '') : text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * The records of a CSV: UTF-8 (with or without its mark), else Windows-1252 (a spreadsheet's
 * "CSV"), checked on the bytes without decoding them. The text is decoded and parsed as records
 * are taken, so a reader that stops at the row limit leaves the rest of the file untouched.
 */
async function* csvRows(content: Buffer, delimiter: string): AsyncGenerator<Cells> {
  const encoding = isUtf8(content) ? 'utf-8' : 'windows-1252';
  const parser = parse({
    delimiter,
    relax_column_count: true,
    skip_empty_lines: false,
  });
  const source = Readable.from(decodedSlices(content, encoding));
  source.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch {
    throw unreadable();
  } finally {
    source.destroy();
    parser.destroy();
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

/**
 * The steps of ExcelJS's streaming reader (`stream.xlsx.WorkbookReader`, exceljs 4.4
 * lib/stream/xlsx/workbook-reader.js) that this module calls one part at a time. Its own `parse()`
 * reads the zip from start to end, and copies every sheet that comes before the shared strings
 * (as in most files Excel writes) whole to a temporary file first; here the parts are opened from
 * the zip's central directory in the order they are needed, each counted as it is inflated.
 */
interface WorkbookReaderSteps {
  sharedStrings?: string[];
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(
    entry: Readable,
  ): AsyncIterable<{ text: string | null | { richText: { text: string | null }[] } }>;
  _parseWorksheet(
    chunks: AsyncIterable<string>,
    sheetNo: string,
  ): Iterable<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/** An allowance of uncompressed bytes: the inflated bytes are counted against it as they come. */
class Allowance {
  used = 0;
  constructor(readonly bytes: number) {}
  /** Refuses the workbook when parts declaring `bytes` would not fit in what is left. */
  check(bytes: number) {
    if (this.used + bytes > this.bytes) throw workbookTooLarge(this.bytes);
  }
  /** Counts bytes inflated; refuses the workbook past the allowance (a directory that lied). */
  take(bytes: number) {
    this.check(bytes);
    this.used += bytes;
  }
}

/**
 * An entry's content as text, inflated a chunk at a time and counted against its allowances (a
 * zip whose directory under-declares an entry is also stopped by yauzl's size check, as
 * unreadable). Decoded with one streaming decoder: ExcelJS decodes each chunk on its own, which
 * would break a character split between two chunks ('João' read as 'Jo��o').
 */
async function* entryText(zip: yauzl.ZipFile, entry: yauzl.Entry, allowances: Allowance[]) {
  const stream = await zip.openReadStreamPromise(entry);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      for (const allowance of allowances) allowance.take(chunk.length);
      yield decoder.decode(chunk, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    stream.destroy();
  }
}

/**
 * The rows of an XLSX's first sheet (in tab order) that have a value, read as a stream: the zip's
 * central directory gives each part's declared size, and a workbook whose parts to read declare
 * more than `xlsxMaxUncompressedBytes` (or, for the parts held in memory, `xlsxMaxHeldBytes`) is
 * refused before they are inflated; then the sheet list, styles and shared strings are read, and
 * the sheet row by row for as long as the reader takes rows. Dates read as dates (by their cell
 * format), formulas as '=' and the formula.
 */
async function* xlsxRows(content: Buffer): AsyncGenerator<Cells> {
  const zip = await yauzl.fromBufferPromise(content, { validateEntrySizes: true }).catch(() => {
    throw unreadable();
  });
  try {
    if (zip.entryCount > xlsxMaxEntries) throw unreadable();
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const declared = (...names: string[]) =>
      names.reduce((sum, name) => sum + (entries.get(name)?.uncompressedSize ?? 0), 0);
    const total = new Allowance(xlsxMaxUncompressedBytes);
    const held = new Allowance(xlsxMaxHeldBytes);
    const heldPart = (name: string) => Readable.from(entryText(zip, entries.get(name)!, [held, total]));

    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      sharedStrings: 'emit',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as WorkbookReaderSteps;
    const book = 'xl/workbook.xml';
    const bookRels = 'xl/_rels/workbook.xml.rels';
    if (!entries.has(book) || !entries.has(bookRels)) throw notATable();
    held.check(declared(book, bookRels));
    await reader._parseRels(heldPart(bookRels));
    await reader._parseWorkbook(heldPart(book));

    // The first sheet in tab order that is a worksheet (a chart sheet has no rows).
    const sheetParts = (reader.model?.sheets ?? []).map((sheet) => {
      const target = reader.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target ?? '';
      return target.startsWith('/') ? target.slice(1) : path.posix.join('xl', target);
    });
    const sheet = sheetParts.find((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name));
    if (!sheet) return;
    if (!entries.has(sheet)) throw unreadable();
    const strings = 'xl/sharedStrings.xml';
    const styles = 'xl/styles.xml';
    held.check(declared(strings, styles));
    total.check(declared(strings, styles, sheet));

    if (entries.has(styles)) await reader._parseStyles(heldPart(styles));
    const sharedStrings: string[] = [];
    if (entries.has(strings)) {
      for await (const { text } of reader._parseSharedStrings(heldPart(strings))) {
        sharedStrings.push(
          typeof text === 'object' && text !== null
            ? text.richText.map((run) => run.text ?? '').join('')
            : (text ?? ''),
        );
      }
    }
    reader.sharedStrings = sharedStrings;

    const [worksheet] = [...reader._parseWorksheet(entryText(zip, entries.get(sheet)!, [total]), '1')];
    for await (const row of worksheet!.value) {
      if (!row.hasValues) continue;
      const cells: string[] = [];
      row.eachCell((cell, column) => {
        cells[column - 1] = cellText(cell.value);
      });
      yield cells;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  } finally {
    zip.close();
  }
}

/**
 * The positions of the template's columns in a header row; missing or unknown ones are a 422. The
 * error column of a file of invalid rows given back (`importFileRules.errorColumn`) is read past, so that
 * file, corrected, imports as it is.
 */
function columnPositions(header: Cells): number[] {
  const names = Array.from(header, (name) => (name ?? '').trim()).map((name) =>
    name.toLowerCase() === importFileRules.errorColumn ? '' : name,
  );
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
  return importColumns.map((column) =>
    names.findIndex((name) => name.toLowerCase() === column.toLowerCase()),
  );
}

/**
 * Reads an import file (CSV or XLSX, told by its content) into rows by column, as a stream: rows
 * are taken one at a time and only the template's columns are kept, and the reading stops at the
 * first row past `importRowsMax` (413 IMPORT_TOO_MANY_ROWS), so a file with millions of rows costs
 * no more than one at the limit. The header must name exactly the template's columns (any order,
 * letter case ignored): missing or unknown ones are a 422 on `file` naming them. A CSV row with
 * more or fewer cells than the header (a list of groups written with the file's own separator and
 * no quotes, which would silently lose a group) is a 422 on `file` naming the rows. An XLSX whose
 * parts are over `xlsxMaxUncompressedBytes` once uncompressed: 413 IMPORT_WORKBOOK_TOO_LARGE.
 */
export async function readImportFile(file: UploadedFile | undefined): Promise<ImportFile> {
  if (!file?.content) throw invalidFields({ file: ['validation.required'] });
  // A zip is read as a workbook too: its type is told from its first 64 KB, where a streaming
  // writer (ExcelJS's among them) has not yet put the [Content_Types].xml that names an XLSX.
  const isXlsx = file.mimeType === xlsxType || file.mimeType === 'application/zip';
  if (!isXlsx && file.mimeType !== 'application/octet-stream') throw notATable();
  const format: ImportFileFormat = isXlsx
    ? { kind: 'xlsx' }
    : { kind: 'csv', delimiter: csvDelimiterOf(file.content) };
  const table = format.kind === 'xlsx' ? xlsxRows(file.content) : csvRows(file.content, format.delimiter);
  let positions: number[] | undefined;
  let headerCells = 0;
  let line = 1;
  const rows: FileRow[] = [];
  const miscounted: { line: number; cells: number }[] = [];
  for await (const cells of table) {
    if (!positions) {
      positions = columnPositions(cells);
      headerCells = cells.length;
      continue;
    }
    line += 1;
    if (cells.every((cell) => !cell?.trim())) continue;
    if (rows.length === peopleLimits.importRowsMax) throw tooManyRows();
    if (format.kind === 'csv' && cells.length !== headerCells) miscounted.push({ line, cells: cells.length });
    const row = {} as Record<ImportColumn, string>;
    importColumns.forEach((column, at) => {
      row[column] = (cells[positions![at]!] ?? '').trim();
    });
    rows.push({ line, cells: row });
  }
  if (miscounted.length > 0 && format.kind === 'csv') {
    throw cellCountRefusal(miscounted, headerCells, format.delimiter);
  }
  if (rows.length === 0) throw invalidFields({ file: [{ key: 'userImport.fileEmpty', params: {} }] });
  return { format, rows };
}

/** The separator as a person recognises it in a message. */
const delimiterName = (delimiter: string) => (delimiter === '\t' ? 'TAB' : delimiter);

/** CSV rows whose cells do not match the header: a 422 on `file` naming the first of them. */
function cellCountRefusal(rows: { line: number; cells: number }[], headerCells: number, delimiter: string) {
  const messages: FieldMessage[] = rows.slice(0, cellCountRowsNamed).map(({ line, cells }) => ({
    key: 'userImport.cellCount',
    params: { linha: line, celulas: cells, colunas: headerCells, separador: delimiterName(delimiter) },
  }));
  if (rows.length > cellCountRowsNamed) {
    messages.push({
      key: 'userImport.cellCountMore',
      params: { qtd: rows.length - cellCountRowsNamed },
    });
  }
  return invalidFields({ file: messages });
}
