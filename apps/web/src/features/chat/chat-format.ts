import { sharedConfig } from '@elo/contract/limits';
import { tz } from '@date-fns/tz';
import { format, subDays } from 'date-fns';

const inCompanyZone = tz(sharedConfig.currentTimezone);

/** The calendar day of a moment in the company's time zone, as yyyy-MM-dd. */
export function dayKey(value: string | Date): string {
  return format(value, 'yyyy-MM-dd', { in: inCompanyZone });
}

/** The time of a moment on a 24-hour clock in the company's time zone. */
export function formatTime(value: string | Date): string {
  return format(value, 'HH:mm', { in: inCompanyZone });
}

/** Which label a day separator takes: today, yesterday, or its date. */
export function dayKind(value: string | Date, now: Date = new Date()): 'today' | 'yesterday' | 'date' {
  const key = dayKey(value);
  if (key === dayKey(now)) return 'today';
  if (key === dayKey(subDays(now, 1))) return 'yesterday';
  return 'date';
}

/** Items split into runs of the same day (in the company's zone), keeping their order. */
export function groupByDay<Item>(
  items: readonly Item[],
  dateOf: (item: Item) => string,
): { day: string; date: string; items: Item[] }[] {
  const groups: { day: string; date: string; items: Item[] }[] = [];
  for (const item of items) {
    const date = dateOf(item);
    const day = dayKey(date);
    const last = groups.at(-1);
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, date, items: [item] });
  }
  return groups;
}

/** A duration in seconds as m:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
