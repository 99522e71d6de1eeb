import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { HrTicketsService } from './service.ts';

/** Only the attachments field carries files. */
const attachmentsOf = <T extends { field: string }>(files: T[]) =>
  files.filter((file) => file.field === 'anexos');

/** HR tickets: the employee's "Fale com o RH" and the HR portal's tickets and SLA report. */
export function hrTicketsHandlers({ hrTickets }: { hrTickets: HrTicketsService }) {
  return {
    abreChamado: (input, context) =>
      hrTickets.open(context.session, input, attachmentsOf(context.files), context.actor),
    consultaChamados: (input, context) =>
      hrTickets.list(
        context.session,
        { status: input.status },
        { number: input.idPaginaAtual, size: input.qtdRegistrosPorPagina },
      ),
    consultaChamado: (input, context) => hrTickets.show(context.session, input.idChamado),
    enviaMensagemChamado: (input, context) =>
      hrTickets.write(context.session, input, attachmentsOf(context.files), context.actor),
    avaliaChamado: (input, context) => hrTickets.rate(context.session, input, context.actor),

    consultaChamadosAdmin: (input, context) =>
      hrTickets.adminList(
        context.session,
        {
          status: input.status,
          subjectId: input.idAssunto,
          assigneeId: input.idResponsavel,
          search: input.busca || undefined,
          overdue: input.flAtrasado === undefined ? undefined : input.flAtrasado === 'S',
        },
        { number: input.idPaginaAtual, size: input.qtdRegistrosPorPagina },
      ),
    consultaChamadoAdmin: (input, context) =>
      hrTickets.adminShow(context.session, input.idChamado, context.actor),
    respondeChamadoAdmin: (input, context) =>
      hrTickets.adminAnswer(context.session, input, attachmentsOf(context.files), context.actor),
    atribuiChamadoAdmin: (input, context) => hrTickets.adminAssign(context.session, input, context.actor),
    alteraStatusChamadoAdmin: (input, context) =>
      hrTickets.adminChangeStatus(context.session, input, context.actor),
    consultaResponsaveisChamadoAdmin: (input, context) =>
      hrTickets.adminResponsibles(context.session, input.idChamado),
    consultaRelatorioSlaAdmin: (input, context) => hrTickets.report(context.session, input.mes),
  } satisfies Partial<CallHandlers>;
}

/** The SLA report as CSV or XLSX. */
export function hrTicketsDownloadHandlers({ hrTickets }: { hrTickets: HrTicketsService }) {
  return {
    exportaRelatorioSla: async (input, context) => ({
      fileName: `relatorio-sla-${input.mes}`,
      table: await hrTickets.reportTable(context.session, input.mes, context.t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
