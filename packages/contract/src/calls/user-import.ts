import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { flagSchema } from '../wire.ts';
import { peopleLimits } from './people-limits.ts';

/**
 * The bulk import of people (issue 13, under ADMIN_USUARIOS): a CSV or XLSX file simulated or
 * applied, and its template. The users' calls are in `people.ts`.
 */

const users = { audience: 'admin', permission: AdminPermission.users } as const;

/** The import file's columns, in the template's order. */
export const importColumns = [
  'matricula',
  'nome',
  'email',
  'tipoLogin',
  'celular',
  'dtNascimento',
  'dtAdmissao',
  'unidade',
  'filial',
  'setor',
  'cargo',
  'grupos',
] as const;

/** How an import file writes what the columns alone do not say. */
export const importFileRules = {
  /** How a cell lists several names (the groups): 'Comercial;Tecnologia'. */
  listSeparator: ';',
  /**
   * The column a file of invalid rows given back adds after the template's, with each row's
   * errors; the import reads past it, so that file, corrected, imports as it is.
   */
  errorColumn: 'erros',
} as const;

/** What applying a row does. */
export const ImportAction = {
  created: 'NOVO',
  changed: 'ALTERADO',
  unchanged: 'INALTERADO',
  deactivated: 'DESATIVADO',
} as const;
export type ImportActionValue = (typeof ImportAction)[keyof typeof ImportAction];
export const importActionSchema = z.enum([
  ImportAction.created,
  ImportAction.changed,
  ImportAction.unchanged,
  ImportAction.deactivated,
]);

export const linhaImportacaoSchema = z.object({
  /** The row's number in the file (the header is row 1); 0 for people deactivated as absent. */
  linha: z.number().int(),
  matricula: z.string().nullable(),
  nome: z.string().nullable(),
  acao: importActionSchema.nullable(),
  /** Translated messages, each naming its column. */
  erros: z.array(z.string()),
});

export const resultadoImportacaoSchema = z.object({
  linhas: z.array(linhaImportacaoSchema),
  qtdNovos: z.number().int(),
  qtdAlterados: z.number().int(),
  qtdInalterados: z.number().int(),
  qtdDesativados: z.number().int(),
  qtdErros: z.number().int(),
  /** S when nothing was written (a simulation). */
  flSimulacao: flagSchema,
  /**
   * Applying only the valid rows (`flAplicarValidas` S) of a file with errors: the refused rows,
   * in the template's columns plus `erros`, as a file of the format sent (CSV in the caller's
   * language's separator, or XLSX), to correct and import again.
   */
  arquivoLinhasInvalidas: z
    .object({ nomeArquivo: z.string(), tipoConteudo: z.string(), conteudoBase64: z.string() })
    .optional(),
});
export type ResultadoImportacao = z.infer<typeof resultadoImportacaoSchema>;

/**
 * Imports people from a CSV or XLSX file (multipart: `file`, `simular` S/N, `flDesativarAusentes`
 * S/N). Rows match existing people by matricula, else e-mail. A simulation writes nothing; applying
 * a file with any error writes nothing and answers 422 IMPORT_HAS_ERRORS with the same per-row
 * result under `resultado` (next to `message` and `error_code`); a clean file applies as one
 * transaction. With `flAplicarValidas` S the rows without errors apply (one transaction) and the
 * others come back in `arquivoLinhasInvalidas`. A CSV row with more or fewer cells than the
 * header: 422 on `file` naming it. Too many rows: 413 IMPORT_TOO_MANY_ROWS; a file over `importBytesMax`: 413
 * FILE_OVER_LIMIT; wrong or missing columns: 422 on `file` naming them.
 */
export const importaUsuariosAdmin = defineCall({
  name: 'importaUsuariosAdmin',
  mode: 'write',
  ...users,
  multipart: true,
  // The file is read in memory and never stored.
  mediaKind: null,
  maxFileBytes: peopleLimits.importBytesMax,
  input: z.object({
    file: z.custom<Blob>().optional(),
    simular: flagSchema.default('S'),
    flDesativarAusentes: flagSchema.default('N'),
    /** Applying: write the rows without errors and give the others back, instead of refusing all. */
    flAplicarValidas: flagSchema.default('N'),
  }),
  output: resultadoImportacaoSchema,
});

/** The import template (the columns and one example row). */
export const modeloImportacaoUsuarios = defineDownload({
  name: 'modeloImportacaoUsuarios',
  path: '/usuarios/modelo-importacao.:formato',
  input: z.object({}),
  ...users,
  mode: 'read',
  formats: ['csv', 'xlsx'] as const,
});
