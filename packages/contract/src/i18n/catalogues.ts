import type { Language } from '../enums.ts';
import type { Catalogue } from './catalogue.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { ptBR } from './pt-BR.ts';

/** The shared message catalogues (errors and validation), one per language. */
export const catalogues: Record<Language, Catalogue> = { 'pt-BR': ptBR, en, es };
