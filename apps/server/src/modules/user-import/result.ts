import type { TFunction } from 'i18next';
import {
  ImportAction,
  importColumns,
  importFileRules,
  type ImportActionValue,
} from '@elo/contract/calls/user-import';
import type { ExportTable } from '../../platform/table-file.ts';
import type { CheckedRow } from './plan.ts';
import type { FileRow, ImportFileFormat } from './read-file.ts';
import type { CompanyPerson } from './repo.ts';

/** What an import did (or, simulated, would do) with each row, and how many of each. */
export interface ImportResult {
  rows: {
    /** The row's number in the file (the header is row 1); 0 for people deactivated as absent. */
    line: number;
    matricula: string | null;
    name: string | null;
    action: ImportActionValue | null;
    /** Translated messages, each naming its column. */
    errors: string[];
  }[];
  created: number;
  changed: number;
  unchanged: number;
  deactivated: number;
  /** Rows with an error. */
  refused: number;
  /** Nothing was written. */
  simulated: boolean;
  /**
   * The rows refused when only the valid ones were applied: the template's columns as the file
   * had them plus their errors, to give back in the file's format.
   */
  invalidRows?: { format: ImportFileFormat; table: ExportTable };
}

/** How a row's errors are joined in the error column of the file given back. */
const errorsJoint = ' | ';

/**
 * The refused rows as a table to give back: the template's columns, as the file had them, and
 * the error column with their messages, so the person corrects them and imports that file.
 */
export function invalidRowsTable(rows: FileRow[], checked: CheckedRow[], t: TFunction): ExportTable {
  const errorsOf = new Map(checked.map((row) => [row.line, row.errors]));
  return {
    title: t('userImport.invalidRowsTitle'),
    header: [...importColumns, importFileRules.errorColumn],
    lines: rows
      .filter((row) => (errorsOf.get(row.line)?.length ?? 0) > 0)
      .map((row) => [
        ...importColumns.map((column) => row.cells[column]),
        errorsOf.get(row.line)!.join(errorsJoint),
      ]),
  };
}

/** Applying a file with any error: nothing is written, and the result says what is wrong where. */
export class ImportHasErrors extends Error {
  constructor(readonly result: ImportResult) {
    super('IMPORT_HAS_ERRORS');
    this.name = 'ImportHasErrors';
  }
}

/** The result of the rows checked, with the people deactivated as absent from the file. */
export function resultOf(checked: CheckedRow[], absent: CompanyPerson[], simulated: boolean): ImportResult {
  const count = (action: string) => checked.filter((row) => row.action === action).length;
  return {
    rows: [
      ...checked.map((row) => ({
        line: row.line,
        matricula: row.person.matricula,
        name: row.person.name || null,
        action: row.action,
        errors: row.errors,
      })),
      ...absent.map((person) => ({
        line: 0,
        matricula: person.matricula,
        name: person.name,
        action: ImportAction.deactivated,
        errors: [],
      })),
    ],
    created: count(ImportAction.created),
    changed: count(ImportAction.changed),
    unchanged: count(ImportAction.unchanged),
    deactivated: absent.length,
    refused: checked.filter((row) => row.errors.length > 0).length,
    simulated,
  };
}
