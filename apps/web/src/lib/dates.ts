import type { Language } from '@elo/contract/enums';
import { datePatterns, dateTimePattern } from '@elo/contract/date-patterns';
import { sharedConfig } from '@elo/contract/limits';
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

/** A moment as the wire carries it (ISO 8601), or already parsed. */
export type DateInput = Date | string | number;

// Every user sees the company's clock (spec section 3: current_timezone), not the browser's.
const inCompanyZone = tz(sharedConfig.currentTimezone);

function formatIn(value: DateInput, pattern: string): string {
  return format(value, pattern, { in: inCompanyZone });
}

/** The date pattern of a language: dd/MM/yyyy (pt-BR, es) or MM/dd/yyyy (en). */
export function datePattern(language: Language): string {
  return datePatterns[language];
}

/** A date as dd/MM/yyyy (pt-BR, es) or MM/dd/yyyy (en), in America/Sao_Paulo. */
export function formatDate(value: DateInput, language: Language): string {
  return formatIn(value, datePatterns[language]);
}

/** A date and 24-hour time (`HH:mm`), in America/Sao_Paulo. */
export function formatDateTime(value: DateInput, language: Language): string {
  return formatIn(value, dateTimePattern(language));
}

/** Month and year as MM/yyyy, in America/Sao_Paulo. */
export function formatMonthYear(value: DateInput): string {
  return formatIn(value, 'MM/yyyy');
}

/** The 24-hour time alone (`HH:mm`), in America/Sao_Paulo: the corporate TV's clock. */
export function formatTime(value: DateInput): string {
  return formatIn(value, 'HH:mm');
}
