import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { sharedConfig } from '@elo/contract/limits';

/** A table to download: its title (the sheet's name), a header row and its lines, all text. */
export interface ExportTable {
  title: string;
  header: string[];
  lines: string[][];
}

const exportDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: sharedConfig.currentTimezone,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the spec writes it in files: dd/MM/yyyy HH:mm in America/Sao_Paulo. */
export function formatExportDate(instant: Date): string {
  const parts = Object.fromEntries(exportDate.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/**
 * CSV with a byte-order mark (so spreadsheet programs read the accents as UTF-8), and cells that
 * begin like a formula escaped so opening the file never runs anything a respondent wrote.
 */
export function toCsv(table: ExportTable): string {
  return stringify([table.header, ...table.lines], { bom: true, escape_formulas: true });
}

/** An XLSX workbook with one sheet: a bold, frozen header row and the answers as text. */
export async function toXlsx(table: ExportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Sheet names are at most 31 characters and exclude a few symbols.
  const sheet = workbook.addWorksheet(table.title.replace(/[\\/*?:[\]]/g, ' ').slice(0, 31) || 'Pesquisa', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.addRow(table.header).font = { bold: true };
  for (const line of table.lines) sheet.addRow(line);
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
