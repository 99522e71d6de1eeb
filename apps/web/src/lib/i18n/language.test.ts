import { describe, expect, it } from 'vitest';
import { chooseLanguage, normalizeLanguage } from './language.ts';

describe('choosing the language', () => {
  it('uses the saved @lang first', () => {
    expect(chooseLanguage({ saved: 'es', browserLanguages: ['pt-BR'] })).toBe('es');
    expect(chooseLanguage({ saved: 'en', browserLanguages: ['pt-BR'] })).toBe('en');
  });

  it('ignores a saved value it does not speak and asks the browser', () => {
    expect(chooseLanguage({ saved: 'fr', browserLanguages: ['es-AR'] })).toBe('es');
  });

  it('takes the first browser language it speaks', () => {
    expect(chooseLanguage({ saved: null, browserLanguages: ['pt-PT', 'en'] })).toBe('pt-BR');
    expect(chooseLanguage({ saved: null, browserLanguages: ['de-DE', 'en-US'] })).toBe('en');
    expect(chooseLanguage({ saved: null, browserLanguages: ['es-MX'] })).toBe('es');
  });

  it('falls back to English', () => {
    expect(chooseLanguage({ saved: null, browserLanguages: ['de', 'fr-FR'] })).toBe('en');
    expect(chooseLanguage({ saved: null, browserLanguages: [] })).toBe('en');
  });

  it('maps language tags to the portal languages', () => {
    expect(normalizeLanguage('PT_br')).toBe('pt-BR');
    expect(normalizeLanguage('en-GB')).toBe('en');
    expect(normalizeLanguage('it')).toBeNull();
    expect(normalizeLanguage(undefined)).toBeNull();
  });
});
