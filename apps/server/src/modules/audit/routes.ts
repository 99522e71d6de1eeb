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
    consultaAuditoriaAdmin: (input, context) =>
      audit.list(
        context.session,
        filterOf(input),
        { number: input.idPaginaAtual, size: input.qtdRegistrosPorPagina },
        context.t,
      ),
  } satisfies Partial<CallHandlers>;
}

/** The audit log's export: the filtered entries as a table the binder writes as CSV or XLSX. */
export function auditDownloadHandlers({ audit }: { audit: AuditService }) {
  return {
    exportaAuditoria: async (input, context) => ({
      fileName: 'auditoria',
      table: await audit.exportTable(context.session, filterOf(input), context.t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
