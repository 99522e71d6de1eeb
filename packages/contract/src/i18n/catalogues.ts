import type { Language } from '../enums.ts';
import type { Catalogue, ServerCatalogue } from './catalogue.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ptBR } from './pt-BR.ts';
import { enServer } from './server-en.ts';
import { esServer } from './server-es.ts';
import { ptBRServer } from './server-pt-BR.ts';

/**
 * The server's message catalogues, one per language: the shared texts (errors and validation)
 * with the server's own. The web imports only the shared ones, so the login page's first load
 * carries no export heading or e-mail text.
 */
export const catalogues: Record<Language, Catalogue & ServerCatalogue> = {
  'pt-BR': { ...ptBR, ...ptBRServer },
  en: { ...en, ...enServer },
  es: { ...es, ...esServer },
};
