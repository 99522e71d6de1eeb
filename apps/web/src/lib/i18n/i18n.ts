import { fallbackLanguage, languages, type Language } from '@elo/contract/enums';
import type { Translate } from '@elo/contract/validation';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys, writeStorage } from '../storage-keys.ts';
import { normalizeLanguage } from './language.ts';
import type { PartialUiCatalogue } from './ui-catalogue.ts';
import { uiPtBR } from './ui-pt-br.ts';

/** Namespaces: the contract's shared catalogues plus the web app's own texts. */
export const namespaces = ['ui', 'errors', 'validation'] as const;
type ContractNamespace = 'errors' | 'validation';

interface LanguageResources {
  ui: PartialUiCatalogue;
  errors: object;
  validation: object;
}

// Portuguese, the product's language, ships with the page (its contract texts join with the code
// that shows them: contract-texts.ts); English and Spanish are fetched only by those who read
// them, keeping the login page's first load small.
const loaders: Record<Exclude<Language, 'pt-BR'>, () => Promise<LanguageResources>> = {
  en: async () => {
    const [{ uiEn }, { en }] = await Promise.all([import('./ui-en.ts'), import('@elo/contract/i18n/en')]);
    return { ui: uiEn, errors: en.errors, validation: en.validation };
  },
  es: async () => {
    const [{ uiEs }, { es }] = await Promise.all([import('./ui-es.ts'), import('@elo/contract/i18n/es')]);
    return { ui: uiEs, errors: es.errors, validation: es.validation };
  },
};

/**
 * Portuguese counts 0 with 1 in its plural rules ('0 resposta'), but Brazilian Portuguese writes
 * '0 respostas': each `_other` text also serves as the `_zero` one (i18next looks `_zero` up for
 * a count of 0), unless a catalogue words it otherwise.
 */
export function withZeroForms<T extends object>(catalogue: T): T {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    copy[key] = typeof value === 'object' && value !== null ? withZeroForms(value) : value;
    const zeroKey = key.replace(/_other$/, '_zero');
    if (zeroKey !== key && !(zeroKey in catalogue)) copy[zeroKey] = value;
  }
  return copy as T;
}

/** The app's single i18next instance (one per page; tests reuse it). */
export const i18n = createInstance();

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Makes a language's texts available, with English under Spanish for the labels it lacks. */
async function loadLanguage(language: Language): Promise<void> {
  const needed: Language[] = language === 'es' ? ['es', fallbackLanguage] : [language];
  await Promise.all(
    needed.map(async (code) => {
      if (code === 'pt-BR' || i18n.hasResourceBundle(code, 'ui')) return;
      const resources = await loaders[code]();
      for (const namespace of namespaces) i18n.addResourceBundle(code, namespace, resources[namespace]);
    }),
  );
}

/** Starts i18next in a language (Portuguese is bundled; another is fetched first). */
export async function initI18n(language: Language): Promise<void> {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { 'pt-BR': { ui: withZeroForms(uiPtBR) } },
      lng: 'pt-BR',
      fallbackLng: fallbackLanguage,
      supportedLngs: [...languages],
      ns: [...namespaces],
      defaultNS: 'ui',
      initAsync: false,
      // React escapes what it renders; escaping here too would show entities.
      interpolation: { escapeValue: false },
    });
    i18n.on('languageChanged', setDocumentLanguage);
    setDocumentLanguage('pt-BR');
  }
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/** The language the page is shown in now. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
}

/** Switches the page's language and remembers it in `@lang` for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(storageKeys.language, language);
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

function isContractNamespace(value: string): value is ContractNamespace {
  return value === 'errors' || value === 'validation';
}

// The contract names its messages `validation.required`, `errors.NOT_FOUND`: the first segment
// is our namespace. Keys are only known at run time here, hence the untyped `t`.
const untypedT = (key: string, options: Record<string, unknown>): string =>
  (i18n.t as unknown as (key: string, options: Record<string, unknown>) => string)(key, options);

/** Translates a contract message key (`validation.*`, `errors.*`); other text is returned as it is. */
export const translateContractKey: Translate = (key, params = {}) => {
  const dot = key.indexOf('.');
  const namespace = key.slice(0, dot);
  if (dot < 0 || !isContractNamespace(namespace)) return key;
  return untypedT(key.slice(dot + 1), { ...params, ns: namespace });
};
