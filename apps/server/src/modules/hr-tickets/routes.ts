import { pageQueryOf, pagedAnswer } from '../../platform/http/wire.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import {
  assignTicket,
  changeTicketStatus,
  listHrTickets,
  replyToTicket,
  responsibleCandidates,
  showHrTicket,
  summarizeHrWork,
} from './administration.ts';
import { listOwnTickets, openTicket, rateTicket, showOwnTicket, writeOnTicket } from './employee.ts';
import { slaReport, slaReportTable } from './report.ts';
import type { HrTicketsService } from './service.ts';
import {
  hrReplyOf,
  hrTicketFilterOf,
  openingOf,
  presentAdminTicket,
  presentHrTicket,
  presentHrWorkSummary,
  presentResponsible,
  presentSlaReport,
  presentTicket,
  presentTicketSummary,
  ratingOf,
  requesterMessageOf,
} from './wire.ts';

/** HR tickets: the employee's "Fale com o RH" and the HR portal's tickets and SLA report. */
export function hrTicketsHandlers({ hrTickets }: { hrTickets: HrTicketsService }) {
  return {
    abreChamado: async (input, { session, files, actor }) => {
      const opened = await openTicket(hrTickets, session, openingOf(input, files), actor);
      return { idChamado: opened.id, protocolo: opened.protocol };
    },
    consultaChamados: async (input, { session }) =>
      pagedAnswer(
        'listChamados',
        await listOwnTickets(hrTickets, session, { status: input.status }, pageQueryOf(input)),
        presentTicketSummary,
      ),
    consultaChamado: async (input, { session }) => ({
      chamado: presentTicket(await showOwnTicket(hrTickets, session, input.idChamado)),
    }),
    enviaMensagemChamado: async (input, { session, files, actor }) => ({
      chamado: presentTicket(
        await writeOnTicket(hrTickets, session, requesterMessageOf(input, files), actor),
      ),
    }),
    avaliaChamado: async (input, { session, actor }) => ({
      chamado: presentTicket(await rateTicket(hrTickets, session, ratingOf(input), actor)),
    }),

    consultaChamadosAdmin: async (input, { session }) =>
      pagedAnswer(
        'listChamados',
        await listHrTickets(hrTickets, session, hrTicketFilterOf(input), pageQueryOf(input)),
        presentAdminTicket,
      ),
    consultaResumoRhAdmin: async (_input, { session }) =>
      presentHrWorkSummary(await summarizeHrWork(hrTickets, session)),
    consultaChamadoAdmin: async (input, { session, actor }) =>
      presentHrTicket(await showHrTicket(hrTickets, session, input.idChamado, actor)),
    respondeChamadoAdmin: async (input, { session, files, actor }) => ({
      chamado: presentAdminTicket(await replyToTicket(hrTickets, session, hrReplyOf(input, files), actor)),
    }),
    atribuiChamadoAdmin: async (input, { session, actor }) => ({
      chamado: presentAdminTicket(
        await assignTicket(
          hrTickets,
          session,
          { ticketId: input.idChamado, assigneeId: input.idUsuarioResponsavel },
          actor,
        ),
      ),
    }),
    alteraStatusChamadoAdmin: async (input, { session, actor }) => ({
      chamado: presentAdminTicket(
        await changeTicketStatus(
          hrTickets,
          session,
          { ticketId: input.idChamado, status: input.status },
          actor,
        ),
      ),
    }),
    consultaResponsaveisChamadoAdmin: async (input, { session }) => ({
      listResponsaveis: (await responsibleCandidates(hrTickets, session, input.idChamado)).map(
        presentResponsible,
      ),
    }),
    consultaRelatorioSlaAdmin: async (input, { session }) =>
      presentSlaReport(await slaReport(hrTickets, session, input.mes)),
  } satisfies Partial<CallHandlers>;
}

/** The SLA report as CSV or XLSX. */
export function hrTicketsDownloadHandlers({ hrTickets }: { hrTickets: HrTicketsService }) {
  return {
    exportaRelatorioSla: async (input, context) => ({
      fileName: `relatorio-sla-${input.mes}`,
      table: await slaReportTable(hrTickets, context.session, input.mes, context.t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
