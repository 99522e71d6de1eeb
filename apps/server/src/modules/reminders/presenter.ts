import type { Lembrete } from '@elo/contract/calls/reminders';
import type { ReminderRow } from './repo.ts';

const flag = (value: boolean) => (value ? 'S' : 'N');
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** A reminder as the page shows it. */
export function presentReminder(row: ReminderRow): Lembrete {
  return {
    idLembrete: row.id,
    titulo: row.title,
    descricao: row.description,
    dtLembrete: new Date(row.remindAt).toISOString(),
    recorrencia: row.recurrence,
    flEmail: flag(row.email),
    flConcluido: flag(row.done),
    dtProximaOcorrencia: iso(row.nextAt),
    dtUltimaOcorrencia: iso(row.lastFiredAt),
  };
}

/**
 * The fields an audit entry compares. The title and description are left out on purpose: a
 * reminder is personal, and the audit log is read by the company's administrators.
 */
export function auditedFields(row: ReminderRow | null) {
  if (!row) return null;
  return {
    dtLembrete: new Date(row.remindAt).toISOString(),
    recorrencia: row.recurrence,
    flEmail: flag(row.email),
    flConcluido: flag(row.done),
    dtProximaOcorrencia: iso(row.nextAt),
  };
}
