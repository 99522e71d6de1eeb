import type { TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import { useTranslation } from 'react-i18next';
import { ticketStatusClassName, ticketStatusLabel } from '#lib/hr-tickets.ts';

/** A ticket's status as a badge whose word says it (the colour only helps); both HR sides show it. */
export function TicketStatusBadge({ status }: { status: TicketStatusValue }) {
  const { t } = useTranslation();
  return (
    <span className={ticketStatusClassName(status)}>
      <span className="sr-only">{t('hrTickets.statusLabel')}: </span>
      {ticketStatusLabel(status)}
    </span>
  );
}
