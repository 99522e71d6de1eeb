import type { TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import { useTranslation } from 'react-i18next';
import { ticketStatuses, ticketStatusLabel } from '#lib/hr-tickets.ts';
import { SelectField } from '#ui/select-field.tsx';

/** The ticket lists' status filter (all statuses first); both HR sides show it. */
export function TicketStatusFilter({
  value,
  onChange,
}: {
  value: TicketStatusValue | null;
  onChange: (status: TicketStatusValue | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('hrTickets.statusFilter')}
      placeholder={t('hrTickets.allStatuses')}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || null) as TicketStatusValue | null)}
      options={ticketStatuses.map((status) => ({ value: status, label: ticketStatusLabel(status) }))}
    />
  );
}
