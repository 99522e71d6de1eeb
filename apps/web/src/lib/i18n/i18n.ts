import { fallbackLanguage, languages, type Language } from '@elo/contract/enums';
import { catalogues } from '@elo/contract/i18n/catalogues';
import type { Translate } from '@elo/contract/validation';
import { createInstance, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKeys, writeStorage } from '../storage-keys.ts';
import { normalizeLanguage } from './language.ts';
import type { PartialUiCatalogue } from './ui-catalogue.ts';
import { uiEn } from './ui-en.ts';
import { uiEs } from './ui-es.ts';
import { uiPtBR } from './ui-pt-br.ts';

const uiCatalogues: Record<Language, PartialUiCatalogue> = { 'pt-BR': uiPtBR, en: uiEn, es: uiEs };

/** Namespaces: the contract's shared catalogues plus the web app's own texts. */
export const namespaces = ['ui', 'errors', 'validation'] as const;
type ContractNamespace = 'errors' | 'validation';

const resources: Resource = Object.fromEntries(
  languages.map((language) => [
    language,
    {
      ui: uiCatalogues[language],
      errors: catalogues[language].errors,
      validation: catalogues[language].validation,
    },
  ]),
);

/** The app's single i18next instance (one per page; tests reuse it). */
export const i18n = createInstance();

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Starts i18next synchronously in a language; every catalogue is bundled, so nothing is fetched. */
export function initI18n(language: Language): void {
  if (i18n.isInitialized) {
    void i18n.changeLanguage(language);
    return;
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...languages],
    ns: [...namespaces],
    defaultNS: 'ui',
    initAsync: false,
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
  });
  i18n.on('languageChanged', setDocumentLanguage);
  setDocumentLanguage(language);
}

/** The language the page is shown in now. */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
}

/** Switches the page's language and remembers it in `@lang` for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(storageKeys.language, language);
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
