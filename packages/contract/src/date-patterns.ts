import type { Language } from './enums.ts';

/**
 * How each language writes a date (date-fns patterns), on both sides: the portal's dd/MM/yyyy in
 * Portuguese and Spanish, the month first in English. Times are always on a 24-hour clock (HH:mm),
 * in the company's zone (America/Sao_Paulo).
 */
export const datePatterns: Record<Language, string> = {
  'pt-BR': 'dd/MM/yyyy',
  es: 'dd/MM/yyyy',
  en: 'MM/dd/yyyy',
};

/** A date and time pattern of a language: dd/MM/yyyy HH:mm (pt-BR, es) or MM/dd/yyyy HH:mm (en). */
export function dateTimePattern(language: Language): string {
  return `${datePatterns[language]} HH:mm`;
}
