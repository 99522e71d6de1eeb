import type { Lembrete, ReminderRecurrenceValue } from '@elo/contract/calls/reminders';
import { fromFlag, toFlag, toWireDate, toWireDateOrNull, type Flag } from '../../platform/http/wire.ts';
import type { ReminderForm } from './own-reminders.ts';
import type { ReminderRow } from './repo.ts';

/** The reminder form's body in the domain's words. */
export const reminderFormOf = (input: {
  idLembrete?: number | undefined;
  titulo: string;
  descricao: string | null;
  dtLembrete: string;
  recorrencia: ReminderRecurrenceValue;
  flEmail: Flag;
}): ReminderForm => ({
  id: input.idLembrete,
  title: input.titulo,
  description: input.descricao,
  remindAt: new Date(input.dtLembrete),
  recurrence: input.recorrencia,
  email: fromFlag(input.flEmail),
});

/** A reminder as the page shows it. */
export function presentReminder(row: ReminderRow): Lembrete {
  return {
    idLembrete: row.id,
    titulo: row.title,
    descricao: row.description,
    dtLembrete: toWireDate(row.remindAt),
    recorrencia: row.recurrence,
    flEmail: toFlag(row.email),
    flConcluido: toFlag(row.done),
    dtProximaOcorrencia: toWireDateOrNull(row.nextAt),
    dtUltimaOcorrencia: toWireDateOrNull(row.lastFiredAt),
  };
}

/**
 * The fields an audit entry compares. The title and description are left out on purpose: a
 * reminder is personal, and the audit log is read by the company's administrators.
 */
export function auditedFields(row: ReminderRow | null) {
  if (!row) return null;
  return {
    dtLembrete: toWireDate(row.remindAt),
    recorrencia: row.recurrence,
    flEmail: toFlag(row.email),
    flConcluido: toFlag(row.done),
    dtProximaOcorrencia: toWireDateOrNull(row.nextAt),
  };
}
