import i18next, { type TFunction } from 'i18next';
import Negotiator from 'negotiator';
import { catalogues } from '@elo/contract/i18n/catalogues';
import { defaultLanguage, languages, type Language } from '@elo/contract/enums';

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
