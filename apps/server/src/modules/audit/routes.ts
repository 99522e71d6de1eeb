import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { auditExportTable, presentAuditEntry } from './presenter.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { AuditFilter } from './repo.ts';
import type { AuditService } from './service.ts';

/** The wire's filters in the repo's words. */
const filterOf = (input: {
  busca?: string | undefined;
  acao?: string | undefined;
  idUsuarioAutor?: number | undefined;
  dtInicio?: string | undefined;
  dtFim?: string | undefined;
}): AuditFilter => ({
  search: input.busca || undefined,
  action: input.acao || undefined,
  actorUserId: input.idUsuarioAutor,
  firstDay: input.dtInicio,
  lastDay: input.dtFim,
});

/** The audit log's call: a page of the caller's company's entries. */
export function auditHandlers({ audit }: { audit: AuditService }) {
  return {
    consultaAutoresAuditoriaAdmin: async (input, context) => ({
      listAutores: (await audit.authors(context.session, input.busca, input.idUsuarioAutor)).map(
        (author) => ({
          idUsuario: author.id,
          nome: author.name,
        }),
      ),
    }),
    consultaAuditoriaAdmin: async (input, context) => {
      const { page, actions } = await audit.list(
        context.session,
        filterOf(input),
        pageQueryOf(input),
        context.t,
      );
      return {
        ...pagedAnswer('listRegistros', page, (entry) => presentAuditEntry(entry, context.t)),
        acoes: actions,
      };
    },
  } satisfies Partial<CallHandlers>;
}

/** The audit log's export: the filtered entries as a table the binder writes as CSV or XLSX. */
export function auditDownloadHandlers({ audit }: { audit: AuditService }) {
  return {
    exportaAuditoria: async (input, context) => {
      const { entries, truncatedAt } = await audit.exportEntries(context.session, filterOf(input), context.t);
      return { fileName: 'auditoria', table: auditExportTable(entries, truncatedAt, context.t) };
    },
  } satisfies Partial<DownloadHandlers>;
}
