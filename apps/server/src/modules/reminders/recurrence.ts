import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, differenceInCalendarDays } from 'date-fns';
import { ReminderRecurrence, type ReminderRecurrenceValue } from '@elo/contract/calls/reminders';

/** Reminders repeat on the company's clock: 09:00 stays 09:00 in São Paulo whatever the offset. */
export const reminderTimeZone = 'America/Sao_Paulo';

const step: Record<Exclude<ReminderRecurrenceValue, 'NENHUMA'>, { add: typeof addDays; days: number }> = {
  DIARIA: { add: addDays, days: 1 },
  SEMANAL: { add: addWeeks, days: 7 },
  // A month is at least 28 days: the estimate below starts early enough.
  MENSAL: { add: addMonths, days: 31 },
};

/**
 * The occurrence `index` of a series that starts at `anchor`: always counted from the anchor (not
 * from the previous occurrence), so a monthly one on the 31st falls on the last day of a shorter
 * month and comes back to the 31st in the next long one.
 */
function occurrence(anchor: Date, recurrence: keyof typeof step, index: number): Date {
  return new Date(step[recurrence].add(new TZDate(anchor, reminderTimeZone), index).getTime());
}

/**
 * The first occurrence of the series (the person's time, repeated daily, weekly or monthly in
 * São Paulo local time) strictly after `after`; null for a one-off reminder, which has no next.
 */
export function nextOccurrence(options: {
  anchor: Date;
  recurrence: ReminderRecurrenceValue;
  after: Date;
}): Date | null {
  const { anchor, recurrence, after } = options;
  if (recurrence === ReminderRecurrence.none) return null;
  if (anchor > after) return anchor;
  // Jump close to `after` first, so a years-old daily series costs a few steps, not thousands.
  const days = differenceInCalendarDays(after, anchor);
  let index = Math.max(0, Math.floor(days / step[recurrence].days) - 1);
  for (;;) {
    const at = occurrence(anchor, recurrence, index);
    if (at > after) return at;
    index += 1;
  }
}
