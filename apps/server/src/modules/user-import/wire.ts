import type { TFunction } from 'i18next';
import { isoDateSchema } from '@elo/contract/calls/account';
import { personFields } from '@elo/contract/calls/users';
import { importColumns, type ResultadoImportacao } from '@elo/contract/calls/user-import';
import { LoginType, type Language } from '@elo/contract/enums';
import { AppError } from '../../platform/http/app-error.ts';
import { fromFlag, toFlag, type Flag } from '../../platform/http/wire.ts';
import { toCsv, toXlsx, type ExportTable } from '../../platform/table-file.ts';
import type { ImportOptions } from './plan.ts';
import { ImportHasErrors, type ImportResult } from './result.ts';

/** The rules each cell of an import file is checked by: the user form's own. */
export const importCellRules = {
  name: personFields.nome,
  email: personFields.email,
  matricula: personFields.matricula,
  mobilePhone: personFields.celular,
  /** A calendar day that exists (birth and admission dates). */
  day: isoDateSchema,
};

/** The import call's switches in the domain's words. */
export const importOptionsOf = (input: {
  simular: Flag;
  flDesativarAusentes: Flag;
  flAplicarValidas: Flag;
}): ImportOptions => ({
  simulate: fromFlag(input.simular),
  deactivateAbsent: fromFlag(input.flDesativarAusentes),
  applyValid: fromFlag(input.flAplicarValidas),
});

const fileTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/**
 * The refused rows given back as a file of the format sent: a CSV written by the portal's one CSV
 * writer in the caller's language (so their spreadsheet opens it), or an XLSX.
 */
export async function presentInvalidRows(
  invalidRows: NonNullable<ImportResult['invalidRows']>,
  language: Language,
): Promise<NonNullable<ResultadoImportacao['arquivoLinhasInvalidas']>> {
  const kind = invalidRows.format.kind;
  const content =
    kind === 'csv'
      ? Buffer.from(toCsv(invalidRows.table, language), 'utf8')
      : await toXlsx(invalidRows.table, language);
  return {
    nomeArquivo: `linhas-com-erro.${kind}`,
    tipoConteudo: fileTypes[kind],
    conteudoBase64: content.toString('base64'),
  };
}

/** An applied or simulated import as the page reads it, with the refused rows' file when there is one. */
export async function presentImportAnswer(
  result: ImportResult,
  language: Language,
): Promise<ResultadoImportacao> {
  const answer = presentImportResult(result);
  if (result.invalidRows)
    answer.arquivoLinhasInvalidas = await presentInvalidRows(result.invalidRows, language);
  return answer;
}

/** What an import did (or would do) with each row, as the page lists it. */
export function presentImportResult(result: ImportResult): ResultadoImportacao {
  return {
    linhas: result.rows.map((row) => ({
      linha: row.line,
      matricula: row.matricula,
      nome: row.name,
      acao: row.action,
      erros: row.errors,
    })),
    qtdNovos: result.created,
    qtdAlterados: result.changed,
    qtdInalterados: result.unchanged,
    qtdDesativados: result.deactivated,
    qtdErros: result.refused,
    flSimulacao: toFlag(result.simulated),
  };
}

/** A file applied with errors answers 422 IMPORT_HAS_ERRORS carrying the per-row result; other errors pass. */
export function importRefusalOf(error: unknown): never {
  if (error instanceof ImportHasErrors) {
    throw new AppError('IMPORT_HAS_ERRORS', { details: { resultado: presentImportResult(error.result) } });
  }
  throw error;
}

/** What the audit log records of an applied import: how many of each, and the catalogue items it created. */
export const auditedImport = (result: ImportResult, createdItems: number) => ({
  qtdNovos: { antes: null, depois: result.created },
  qtdAlterados: { antes: null, depois: result.changed },
  qtdInalterados: { antes: null, depois: result.unchanged },
  qtdDesativados: { antes: null, depois: result.deactivated },
  qtdErros: { antes: null, depois: result.refused },
  itensCriados: { antes: null, depois: createdItems },
});

/** The template: the columns and one example row. */
export function importTemplate(t: TFunction): ExportTable {
  return {
    title: t('userImport.template.title'),
    header: [...importColumns],
    lines: [
      [
        '000123',
        t('userImport.template.name'),
        t('userImport.template.email'),
        LoginType.email,
        '11987654321',
        { day: '1990-03-15' },
        { day: '2020-02-01' },
        t('userImport.template.unit'),
        t('userImport.template.branch'),
        t('userImport.template.sector'),
        t('userImport.template.jobTitle'),
        t('userImport.template.groups'),
      ],
    ],
  };
}
