import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import Holidays from 'date-holidays';

/**
 * Business-hours maths for the HR tickets' SLA (issue 16). Pure: no database, no clock. Days are
 * walked as calendar strings (YYYY-MM-DD) so that the machine's time zone never leaks in; only the
 * opening and closing instants of a day are placed in the calendar's own time zone.
 */

/** A company's working calendar as the SLA sees it. */
export interface BusinessCalendar {
  /** Worked weekdays, 0 Sunday to 6 Saturday. */
  workingDays: readonly number[];
  /** Minutes after local midnight the working day starts, e.g. 480 = 08:00. */
  dayStartMinute: number;
  /** Minutes after local midnight the working day ends, e.g. 1080 = 18:00. */
  dayEndMinute: number;
  /** IANA time zone of the hours above, e.g. 'America/Sao_Paulo'. */
  timeZone: string;
  /** Whether a calendar day (YYYY-MM-DD in timeZone) is a day off. */
  isHoliday(day: string): boolean;
}

/** The default calendar of a company without its own: Monday to Friday, 08:00 to 18:00 in São Paulo. */
export const DEFAULT_CALENDAR = {
  workingDays: [1, 2, 3, 4, 5],
  dayStartMinute: 480,
  dayEndMinute: 1080,
  timeZone: 'America/Sao_Paulo',
  nationalHolidays: true,
} as const;

const MINUTE_MS = 60_000;
/** A guard against a calendar that never opens (every day a holiday): ten years of days. */
const MAX_DAYS_WALKED = 3660;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDayOf(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'yyyy-MM-dd');
}

/** The day after a calendar day. */
export function nextDay(day: string): string {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The weekday of a calendar day, 0 Sunday to 6 Saturday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function splitDay(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

/** The instant of a local minute of a day in a time zone (minute 1440 is the next midnight). */
function instantAt(day: string, minute: number, timeZone: string): number {
  const [y, m, d] = splitDay(day);
  return new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, 0, 0, timeZone).getTime();
}

/** The opening window [open, close) of a day in epoch milliseconds, or null on a day off. */
function windowOf(calendar: BusinessCalendar, day: string): [number, number] | null {
  if (!calendar.workingDays.includes(weekdayOf(day)) || calendar.isHoliday(day)) return null;
  return [
    instantAt(day, calendar.dayStartMinute, calendar.timeZone),
    instantAt(day, calendar.dayEndMinute, calendar.timeZone),
  ];
}

function assertUsable(calendar: BusinessCalendar): void {
  if (calendar.workingDays.length === 0 || calendar.dayEndMinute <= calendar.dayStartMinute) {
    throw new Error('A business calendar needs working days and an end after its start');
  }
}

/** The instant `minutes` business minutes after `from` (from outside hours counts from the next opening). */
export function addBusinessMinutes(calendar: BusinessCalendar, from: Date, minutes: number): Date {
  assertUsable(calendar);
  if (minutes <= 0) return new Date(from.getTime());
  let remainingMs = minutes * MINUTE_MS;
  let day = localDayOf(from, calendar.timeZone);
  for (let walked = 0; walked < MAX_DAYS_WALKED; walked += 1, day = nextDay(day)) {
    const window = windowOf(calendar, day);
    if (!window) continue;
    const start = Math.max(from.getTime(), window[0]);
    const available = window[1] - start;
    if (available <= 0) continue;
    // A target ending exactly at the closing time is due then, not at the next opening.
    if (remainingMs <= available) return new Date(start + remainingMs);
    remainingMs -= available;
  }
  throw new Error('The business calendar has no opening in ten years');
}

/** Business minutes between two instants (0 when to <= from). */
export function businessMinutesBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  assertUsable(calendar);
  if (to.getTime() <= from.getTime()) return 0;
  const lastDay = localDayOf(to, calendar.timeZone);
  let totalMs = 0;
  let day = localDayOf(from, calendar.timeZone);
  for (;;) {
    const window = windowOf(calendar, day);
    if (window) {
      const start = Math.max(from.getTime(), window[0]);
      const end = Math.min(to.getTime(), window[1]);
      if (end > start) totalMs += end - start;
    }
    if (day >= lastDay) break;
    day = nextDay(day);
  }
  // Whole minutes: the SLA counts minutes, and a part-minute never makes a deadline late.
  return Math.floor(totalMs / MINUTE_MS);
}

/** A national holiday: its day and its name in the requested language. */
export interface NationalHoliday {
  day: string;
  name: string;
}

/** The holidays library's languages for the app's locales. */
const HOLIDAY_LANGUAGE = { 'pt-BR': 'pt', en: 'en', es: 'es' } as const;
export type HolidayLocale = keyof typeof HOLIDAY_LANGUAGE;

/** Per year and language: the lookup builds rule sets, so it runs once per year. */
const nationalHolidayCache = new Map<string, readonly NationalHoliday[]>();

/** Brazil's national holidays of a year (the library's type public), by day. */
export function nationalHolidaysOf(
  year: number,
  locale: HolidayLocale = 'pt-BR',
): readonly NationalHoliday[] {
  const key = `${year}:${locale}`;
  const cached = nationalHolidayCache.get(key);
  if (cached) return cached;
  const lookup = new Holidays('BR', { languages: [HOLIDAY_LANGUAGE[locale], 'pt'], types: ['public'] });
  const seen = new Set<string>();
  const holidays: NationalHoliday[] = [];
  for (const holiday of lookup.getHolidays(year) || []) {
    if (holiday.type !== 'public') continue;
    const day = holiday.date.slice(0, 10);
    if (seen.has(day)) continue;
    seen.add(day);
    holidays.push({ day, name: holiday.name });
  }
  holidays.sort((a, b) => a.day.localeCompare(b.day));
  nationalHolidayCache.set(key, holidays);
  return holidays;
}

/** Whether a day is one of Brazil's national holidays. */
export function isNationalHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  return nationalHolidaysOf(year).some((holiday) => holiday.day === day);
}

/** The settings a calendar is built from (the company's row or the default). */
export interface CalendarSettings {
  workingDays: readonly number[];
  dayStartMinute: number;
  dayEndMinute: number;
  timeZone: string;
  nationalHolidays: boolean;
}

/** A business calendar from settings and the company's own days off. */
export function buildBusinessCalendar(
  settings: CalendarSettings,
  companyHolidays: Iterable<string>,
): BusinessCalendar {
  const own = new Set(companyHolidays);
  return {
    workingDays: [...settings.workingDays],
    dayStartMinute: settings.dayStartMinute,
    dayEndMinute: settings.dayEndMinute,
    timeZone: settings.timeZone,
    isHoliday: (day) => own.has(day) || (settings.nationalHolidays && isNationalHoliday(day)),
  };
}
