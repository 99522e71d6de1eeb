import { hrLimits } from '@elo/contract/calls/hr-limits';
import type { Language } from '@elo/contract/enums';
import { z } from 'zod';

/** Hours as typed ("1,5" or "1.5"); null for blank, NaN for what is not a number. */
export function parseHours(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** Hours in the page's language, with the decimals they have (two at most). */
export function formatHours(hours: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(hours);
}

/** A target typed in business hours: blank (no target) or more than zero and up to the contract's limit. */
export const slaHoursText = z.string().refine(
  (text) => {
    const hours = parseHours(text);
    return hours === null || (Number.isFinite(hours) && hours > 0 && hours <= hrLimits.slaHoursMax);
  },
  { error: 'validation.slaHoursInvalid' },
);
