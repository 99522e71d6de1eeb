import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { HrTicketsService } from './service.ts';

/** Only the attachments field carries files. */
const attachmentsOf = <T extends { field: string }>(files: T[]) =>
  files.filter((file) => file.field === 'anexos');

/** HR tickets: the employee's "Fale com o RH" and the HR portal's tickets and SLA report. */
export function hrTicketsHandlers({ hrTickets }: { hrTickets: HrTicketsService }) {
  return {
    abreChamado: (input, context) =>
      hrTickets.open(requireSession(context), input, attachmentsOf(context.files), requireActor(context)),
    consultaChamados: (input, context) =>
      hrTickets.list(
        requireSession(context),
        { status: input.status },
        { number: input.idPaginaAtual, size: input.qtdRegistrosPorPagina },
      ),
    consultaChamado: (input, context) => hrTickets.show(requireSession(context), input.idChamado),
    enviaMensagemChamado: (input, context) =>
      hrTickets.write(requireSession(context), input, attachmentsOf(context.files), requireActor(context)),
    avaliaChamado: (input, context) => hrTickets.rate(requireSession(context), input, requireActor(context)),

    consultaChamadosAdmin: (input, context) =>
      hrTickets.adminList(
        requireSession(context),
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
      hrTickets.adminShow(requireSession(context), input.idChamado, requireActor(context)),
    respondeChamadoAdmin: (input, context) =>
      hrTickets.adminAnswer(
        requireSession(context),
        input,
        attachmentsOf(context.files),
        requireActor(context),
      ),
    atribuiChamadoAdmin: (input, context) =>
      hrTickets.adminAssign(requireSession(context), input, requireActor(context)),
    alteraStatusChamadoAdmin: (input, context) =>
      hrTickets.adminChangeStatus(requireSession(context), input, requireActor(context)),
    consultaResponsaveisChamadoAdmin: (input, context) =>
      hrTickets.adminResponsibles(requireSession(context), input.idChamado),
    consultaRelatorioSlaAdmin: (input, context) => hrTickets.report(requireSession(context), input.mes),
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
