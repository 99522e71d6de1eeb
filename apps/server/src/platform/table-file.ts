import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/** A table to download: its title (the sheet's name), a header row and its lines, all text. */
export interface ExportTable {
  title: string;
  header: string[];
  lines: string[][];
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
