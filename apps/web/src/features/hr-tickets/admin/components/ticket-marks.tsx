import type { ChamadoAdmin } from '@elo/contract/calls/hr-tickets';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';

/** "Atrasado": a breached SLA target, said in words with a mark (not by colour alone). */
export function LateMark() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-red-700 bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">
      <span aria-hidden="true">!</span>
      {t('hrTickets.admin.late')}
    </span>
  );
}

/** "Confidencial": only the administrators assigned to its subject see the ticket. */
export function ConfidentialMark() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full border border-slate-700 bg-slate-900 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
      {t('hrTickets.confidential')}
    </span>
  );
}

/** A ticket's SLA deadlines, with the late and paused marks. */
export function TicketDeadlines({ ticket }: { ticket: ChamadoAdmin }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const firstDue = ticket.dtPrimeiraResposta === null ? ticket.dtLimitePrimeiraResposta : null;
  const noTarget = ticket.dtLimitePrimeiraResposta === null && ticket.dtLimiteSolucao === null;
  return (
    <span className="flex flex-col gap-1 text-sm">
      {noTarget && <span className="text-slate-600">{t('hrTickets.admin.noTarget')}</span>}
      {firstDue && (
        <span className="whitespace-nowrap">
          {t('hrTickets.admin.firstResponseDue', { date: formatDateTime(firstDue, language) })}
        </span>
      )}
      {ticket.dtLimiteSolucao && (
        <span className="whitespace-nowrap">
          {t('hrTickets.admin.resolutionDue', { date: formatDateTime(ticket.dtLimiteSolucao, language) })}
        </span>
      )}
      {(ticket.flAtrasado === 'S' || ticket.flSlaPausado === 'S') && (
        <span className="flex flex-wrap gap-1">
          {ticket.flAtrasado === 'S' && <LateMark />}
          {ticket.flSlaPausado === 'S' && (
            <span className="inline-flex items-center rounded-full border border-violet-700 bg-violet-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-violet-900">
              {t('hrTickets.admin.paused')}
            </span>
          )}
        </span>
      )}
    </span>
  );
}
