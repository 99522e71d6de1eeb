import { describe, expect, it } from 'vitest';
import { formatDateInput, parseDateInput } from './date-input.ts';

describe('parseDateInput', () => {
  it('reads a date as midnight in São Paulo, in the order of the language', () => {
    expect(parseDateInput('05/03/2026', 'pt-BR', false)).toBe('2026-03-05T03:00:00.000Z');
    expect(parseDateInput('03/05/2026', 'en', false)).toBe('2026-03-05T03:00:00.000Z');
    expect(parseDateInput('05/03/2026', 'es', false)).toBe('2026-03-05T03:00:00.000Z');
  });

  it('reads a date and 24-hour time in São Paulo', () => {
    expect(parseDateInput('31/12/2026 23:30', 'pt-BR', true)).toBe('2027-01-01T02:30:00.000Z');
  });

  it('refuses dates that do not exist and unfinished text', () => {
    expect(parseDateInput('31/02/2026', 'pt-BR', false)).toBeNull();
    expect(parseDateInput('13/12/2026', 'en', false)).toBeNull();
    expect(parseDateInput('01/01/2026 24:10', 'pt-BR', true)).toBeNull();
    expect(parseDateInput('01/01/20', 'pt-BR', false)).toBeNull();
    expect(parseDateInput('', 'pt-BR', false)).toBeNull();
  });

  it('writes back what it read', () => {
    const iso = parseDateInput('09/11/2026 08:05', 'pt-BR', true) ?? '';
    expect(formatDateInput(iso, 'pt-BR', true)).toBe('09/11/2026 08:05');
    expect(formatDateInput(iso, 'en', false)).toBe('11/09/2026');
  });
});
