import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.ts';

describe('the password policy', () => {
  it('accepts a long, personal password', () => {
    expect(
      passwordProblems({
        password: 'Nova#Senha2026',
        login: 'maria.silva@demo.elo',
        birthDate: '1990-05-20',
      }),
    ).toEqual([]);
  });

  it('refuses one shorter than 8 characters', () => {
    expect(passwordProblems({ password: 'Ab1#x' })).toEqual(['validation.passwordTooShort']);
  });

  it('refuses the login itself, whatever the case', () => {
    expect(passwordProblems({ password: 'Maria.Silva@demo.elo', login: 'maria.silva@demo.elo' })).toEqual([
      'validation.passwordEqualsLogin',
    ]);
  });

  it('refuses the birth date in any usual writing, but not other numbers', () => {
    for (const password of ['20/05/1990', '20051990', '1990-05-20', '19900520', '05/20/1990']) {
      expect(passwordProblems({ password, birthDate: '1990-05-20' })).toContain(
        'validation.passwordEqualsBirthDate',
      );
    }
    expect(passwordProblems({ password: '20051991', birthDate: '1990-05-20' })).toEqual([]);
  });

  it('refuses common passwords', () => {
    expect(passwordProblems({ password: 'Senha123' })).toEqual(['validation.passwordTooCommon']);
    expect(passwordProblems({ password: '12345678' })).toEqual(['validation.passwordTooCommon']);
  });
});
