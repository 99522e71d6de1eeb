import type { Language } from '@elo/contract/enums';
import { sharedConfig } from '@elo/contract/limits';
import { tz } from '@date-fns/tz';
import { format, isValid, parse } from 'date-fns';
import { datePattern, formatDate, formatDateTime, type DateInput } from './dates.ts';

// Typed dates are the company's wall clock (spec section 3: current_timezone), whatever the browser's.
const inCompanyZone = tz(sharedConfig.currentTimezone);

/** The pattern a date field reads and writes: the language's date, with HH:mm for date-time. */
export function dateInputPattern(language: Language, withTime: boolean): string {
  return withTime ? `${datePattern(language)} HH:mm` : datePattern(language);
}

/** A date field's text for a moment (in America/Sao_Paulo). */
export function formatDateInput(value: DateInput, language: Language, withTime: boolean): string {
  return withTime ? formatDateTime(value, language) : formatDate(value, language);
}

/**
 * The moment a date field's text names, read in America/Sao_Paulo, as ISO 8601; null when the
 * text is not a whole, real date ("31/02/2026", "12/05/20").
 */
export function parseDateInput(text: string, language: Language, withTime: boolean): string | null {
  const pattern = dateInputPattern(language, withTime);
  if (text.length !== pattern.length) return null;
  const moment = parse(text, pattern, new Date(), { in: inCompanyZone });
  // Reading leniently and writing back catches what parse lets through (years typed short).
  if (!isValid(moment) || format(moment, pattern, { in: inCompanyZone }) !== text) return null;
  return new Date(moment.getTime()).toISOString();
}

/** A calendar day (yyyy-MM-dd) as the moment a date field holds: its midnight in America/Sao_Paulo. */
export function calendarDayToMoment(day: string | null | undefined): string | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  return new Date(parse(day, 'yyyy-MM-dd', new Date(), { in: inCompanyZone }).getTime()).toISOString();
}

/** The calendar day (yyyy-MM-dd) of a date field's moment, in America/Sao_Paulo. */
export function momentToCalendarDay(moment: string | null): string | null {
  return moment ? format(new Date(moment), 'yyyy-MM-dd', { in: inCompanyZone }) : null;
}
