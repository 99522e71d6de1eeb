import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Language } from '@elo/contract/enums';
import { sharedConfig } from '@elo/contract/limits';

/**
 * A cell of a table to download: text, an instant or a calendar day (yyyy-MM-dd). Instants and
 * days are written by the writer as the reader's language writes them (`csvDialects`).
 */
export type ExportCell = string | { instant: Date } | { day: string };

/** A table to download: its title (the sheet's name), a header row and its lines. */
export interface ExportTable {
  title: string;
  header: string[];
  lines: ExportCell[][];
}

/**
 * How a spreadsheet program set up in a language reads a CSV: Excel in Portuguese (Brazil) or
 * Spanish splits on ';' (the comma is their decimal mark) and reads dates as dd/MM/yyyy; Excel in
 * English splits on ','. English dates are written yyyy-MM-dd: Excel reads that as a date
 * whatever the English locale (MM/dd/yyyy in the US, dd/MM/yyyy in the UK would each be misread
 * by the other), and the import reads it too, so an export imports back unchanged.
 */
export const csvDialects = {
  'pt-BR': { delimiter: ';', dayOrder: 'dmy' },
  es: { delimiter: ';', dayOrder: 'dmy' },
  en: { delimiter: ',', dayOrder: 'ymd' },
} as const satisfies Record<Language, { delimiter: string; dayOrder: 'dmy' | 'ymd' }>;

const exportDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: sharedConfig.currentTimezone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A calendar day (yyyy-MM-dd) as files in a language write it: dd/MM/yyyy in Portuguese and
 * Spanish, yyyy-MM-dd in English (see `csvDialects`).
 */
export function formatExportDay(day: string, language: Language): string {
  if (csvDialects[language].dayOrder === 'ymd') return day;
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/**
 * An instant as files in a language write it, in America/Sao_Paulo: dd/MM/yyyy HH:mm (the spec's
 * pattern) in Portuguese and Spanish, yyyy-MM-dd HH:mm in English.
 */
export function formatExportDate(instant: Date, language: Language): string {
  const parts = Object.fromEntries(exportDate.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${formatExportDay(`${parts.year}-${parts.month}-${parts.day}`, language)} ${parts.hour}:${parts.minute}`;
}

/** A cell as text in a language: instants and days as `formatExportDate` and `formatExportDay`. */
export function exportCellText(cell: ExportCell, language: Language): string {
  if (typeof cell === 'string') return cell;
  return 'instant' in cell ? formatExportDate(cell.instant, language) : formatExportDay(cell.day, language);
}

/** The table's lines as text in a language. */
const linesText = (table: ExportTable, language: Language) =>
  table.lines.map((line) => line.map((cell) => exportCellText(cell, language)));

/**
 * The one CSV writer of every export: UTF-8 with a byte-order mark (so spreadsheet programs read
 * the accents as UTF-8), the separator of the reader's language (`csvDialects`: ';' for pt-BR and
 * es, ',' for en), cells holding it quoted, and cells that begin like a formula escaped so opening
 * the file never runs anything a person wrote.
 */
export function toCsv(table: ExportTable, language: Language): string {
  return stringify([table.header, ...linesText(table, language)], {
    bom: true,
    delimiter: csvDialects[language].delimiter,
    escape_formulas: true,
  });
}

/**
 * An XLSX workbook with one sheet: a bold, frozen header row and the cells as text (dates as the
 * language writes them, as in the CSV).
 */
export async function toXlsx(table: ExportTable, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Sheet names are at most 31 characters and exclude a few symbols.
  const sheet = workbook.addWorksheet(table.title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Pesquisa', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.header).font = { bold: true };
  for (const line of linesText(table, language)) sheet.addRow(line);
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
