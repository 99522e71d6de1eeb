import type { ValidationKey } from './i18n/catalogue.ts';

/** Shortest password accepted when a person chooses one. */
export const passwordMinLength = 8;

// Passwords seen most often in public breach lists, and the obvious local ones; compared lower-cased.
const commonPasswords = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'admin123',
  'letmein1',
  'abc12345',
  'abcd1234',
  'senha123',
  'senha1234',
  'senha12345',
  'mudar123',
  'mudar1234',
  'trocar123',
  'brasil123',
  'flamengo',
  'corinthians',
  'palmeiras',
  'saopaulo',
  'vasco123',
  'gremio123',
  'mudarsenha',
  'minhasenha',
  'primeiro@1',
  'demo@1234',
  'teste123',
  'teste1234',
  'q1w2e3r4',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'a1b2c3d4',
  'asdfghjk',
  'zaq12wsx',
  '!qaz2wsx',
  'qazwsxedc',
  'p@ssw0rd',
  'p@ssword',
  'admin@123',
  'elo12345',
  'empresa123',
]);

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/**
 * What is wrong with a password a person chose, as validation keys (empty when it is fine):
 * too short, the login itself, the birth date in any usual writing, or a common password.
 */
export function passwordProblems(options: {
  password: string;
  login?: string;
  birthDate?: string | null;
}): ValidationKey[] {
  const { password } = options;
  const problems: ValidationKey[] = [];
  if (password.length < passwordMinLength) problems.push('validation.passwordTooShort');
  const lowered = password.trim().toLowerCase();
  if (options.login && lowered === options.login.trim().toLowerCase())
    problems.push('validation.passwordEqualsLogin');
  if (options.birthDate) {
    const [year, month, day] = options.birthDate.split('-');
    const writings = [
      `${year}${month}${day}`,
      `${day}${month}${year}`,
      `${month}${day}${year}`,
      `${day}${month}${year?.slice(2)}`,
    ];
    // Only digits and date separators: 20/05/1990, 1990-05-20, 20051990…
    if (/^[\d/.\-\s]+$/.test(password) && writings.includes(digitsOnly(password))) {
      problems.push('validation.passwordEqualsBirthDate');
    }
  }
  if (commonPasswords.has(lowered)) problems.push('validation.passwordTooCommon');
  return problems;
}
