import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import i18next, { type TFunction } from 'i18next';
import Negotiator from 'negotiator';
import { catalogues } from '@elo/contract/i18n/catalogues';
import { dateTimePattern } from '@elo/contract/date-patterns';
import { defaultLanguage, isLanguage, languages, type Language } from '@elo/contract/enums';
import { sharedConfig } from '@elo/contract/limits';

const instance = i18next.createInstance();
await instance.init({
  resources: Object.fromEntries(
    Object.entries(catalogues).map(([lang, catalogue]) => [lang, { translation: catalogue }]),
  ),
  lng: defaultLanguage,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The language of a request from its Accept-Language header; Portuguese when it names none we speak. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const negotiator = new Negotiator({ headers: { 'accept-language': header } });
  const exact = negotiator.language([...languages]);
  if (exact) return exact as Language;
  // "pt" or "pt-PT" still mean Portuguese, "en-GB" English.
  const base = negotiator.languages().map((tag) => tag.toLowerCase().split('-')[0]);
  for (const tag of base) {
    const match = languages.find((lang) => lang.toLowerCase().split('-')[0] === tag);
    if (match) return match;
  }
  return defaultLanguage;
}

/** A translator bound to one language. */
export function translatorFor(language: Language): TFunction {
  return instance.getFixedT(language);
}

/** A person's stored language (users.language), Portuguese when none was recorded. */
export function languageOrDefault(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : defaultLanguage;
}

const inCompanyZone = tz(sharedConfig.currentTimezone);

/**
 * An instant as a language writes it, on the company's clock (America/Sao_Paulo, or the zone
 * given: an HR calendar's): dd/MM/yyyy HH:mm
 * in Portuguese and Spanish, MM/dd/yyyy HH:mm in English (the web's patterns, contract's
 * date-patterns.ts).
 */
export function formatDateTime(at: Date, language: Language, timeZone?: string): string {
  return format(at, dateTimePattern(language), { in: timeZone ? tz(timeZone) : inCompanyZone });
}

/** A count as a language writes it: 20.000 in Portuguese and Spanish, 20,000 in English. */
export function formatCount(value: number, language: Language): string {
  return value.toLocaleString(language);
}
