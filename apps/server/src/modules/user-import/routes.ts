import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import { runImport, type UserImportService } from './service.ts';
import { importOptionsOf, importRefusalOf, importTemplate, presentImportAnswer } from './wire.ts';

/** The bulk import's call: simulate or apply a file. */
export function userImportHandlers({ userImport }: { userImport: UserImportService }) {
  return {
    importaUsuariosAdmin: async (input, { session, files, t, actor, language }) =>
      presentImportAnswer(
        await runImport(userImport, session, files, importOptionsOf(input), t, actor).catch(importRefusalOf),
        language,
      ),
  } satisfies Partial<CallHandlers>;
}

/** The import template, as CSV or XLSX (it needs nothing of the module). */
export function userImportDownloadHandlers(_deps: { userImport: UserImportService }) {
  return {
    modeloImportacaoUsuarios: async (_input, { t }) => ({
      fileName: 'modelo-importacao-usuarios',
      table: importTemplate(t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
