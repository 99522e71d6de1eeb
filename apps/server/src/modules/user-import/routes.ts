import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { UserImportService } from './service.ts';

/** The bulk import's call: simulate or apply a file. */
export function userImportHandlers({ userImport }: { userImport: UserImportService }) {
  return {
    importaUsuariosAdmin: (input, context) =>
      userImport.run(
        context.session,
        context.files,
        { simulate: input.simular === 'S', deactivateAbsent: input.flDesativarAusentes === 'S' },
        context.t,
        context.actor,
      ),
  } satisfies Partial<CallHandlers>;
}

/** The import template, as CSV or XLSX. */
export function userImportDownloadHandlers({ userImport }: { userImport: UserImportService }) {
  return {
    modeloImportacaoUsuarios: async (_input, context) => ({
      fileName: 'modelo-importacao-usuarios',
      table: userImport.template(context.t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
