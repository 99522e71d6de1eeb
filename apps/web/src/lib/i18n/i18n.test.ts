import { describe, expect, it } from 'vitest';
import { storageKeys } from '../storage-keys.ts';
import './area-texts.ts';
import { changeLanguage, currentLanguage, i18n, translateContractKey } from './i18n.ts';

describe('i18n', () => {
  it('switches language, remembers it in @lang and sets <html lang>', async () => {
    await changeLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(window.localStorage.getItem(storageKeys.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('auth.login.submit')).toBe('Sign in');
  });

  it('has the Spanish labels the spec lists and Spanish texts for the rest', async () => {
    await changeLanguage('es');
    expect(i18n.t('common.cancel')).toBe('Cancelar');
    expect(i18n.t('common.select')).toBe('Seleccionar');
    expect(i18n.t('portal.hrContact.emptyTitle')).toBe('Ninguna solicitud abierta');
  });

  it('counts in correct Portuguese: 0 respostas, 1 resposta, 2 respostas', async () => {
    await changeLanguage('pt-BR');
    const answers = (count: number) => i18n.t('portal.surveys.results.answers', { count });
    expect([0, 1, 2].map(answers)).toEqual(['0 respostas', '1 resposta', '2 respostas']);
    // A catalogue's own wording for none stays.
    expect(i18n.t('portal.timeline.comments.count', { count: 0 })).toBe('Nenhum comentário');
    expect(i18n.t('portal.chat.members', { count: 0 })).toBe('0 participantes');
  });

  it('translates the contract keys with their values, as the server does', () => {
    expect(translateContractKey('validation.required')).toBe('Campo obrigatório');
    expect(translateContractKey('validation.tooLong', { max: 254 })).toBe('Informe no máximo 254 caracteres');
    expect(translateContractKey('errors.SESSION_EXPIRED')).toBe('Sessão expirada');
    expect(translateContractKey('Texto livre')).toBe('Texto livre');
  });

  it('a hint that quotes a button says the button as the same language names it', async () => {
    const hint = () => i18n.t('admin.publicationsAdmin.form.mandatoryReadingHint');
    await changeLanguage('pt-BR');
    expect(hint()).toContain('até ela tocar em “Li e estou ciente”.');
    await changeLanguage('en');
    expect(hint()).toContain('until they press “I have read and understood”.');
    await changeLanguage('es');
    expect(hint()).toContain('hasta que pulse «Leí y estoy de acuerdo».');
  });
});
