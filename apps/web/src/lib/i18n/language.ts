import { fallbackLanguage, type Language } from '@elo/contract/enums';

/** Each language's name in itself, as a language switcher shows it. */
export const languageNames: Record<Language, string> = {
  'pt-BR': 'Português',
  en: 'English',
  es: 'Español',
};

/** Maps a language tag (pt, pt-PT, es-AR, en-US, EN...) to a language the portal speaks, or null. */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'es') return 'es';
  if (primary === 'en') return 'en';
  return null;
}

/**
 * The language to start with (spec section 2, Guards): the saved `@lang` when it is valid,
 * else the first browser language the portal speaks, else English.
 */
export function chooseLanguage(options: {
  saved: string | null;
  browserLanguages: readonly string[];
}): Language {
  const saved = normalizeLanguage(options.saved);
  if (saved) return saved;
  for (const tag of options.browserLanguages) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return fallbackLanguage;
}
