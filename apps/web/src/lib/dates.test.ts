import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, formatTime } from './dates.ts';

// 02:30 UTC on 1 March is still 28 February, 23:30, in São Paulo (UTC-3).
const lateEvening = '2025-03-01T02:30:00Z';

describe('date formatting in America/Sao_Paulo', () => {
  it('writes dd/MM/yyyy in Portuguese and Spanish, MM/dd/yyyy in English', () => {
    expect(formatDate(lateEvening, 'pt-BR')).toBe('28/02/2025');
    expect(formatDate(lateEvening, 'es')).toBe('28/02/2025');
    expect(formatDate(lateEvening, 'en')).toBe('02/28/2025');
  });

  it('adds the time on a 24-hour clock', () => {
    expect(formatDateTime(lateEvening, 'pt-BR')).toBe('28/02/2025 23:30');
    expect(formatDateTime(lateEvening, 'en')).toBe('02/28/2025 23:30');
    expect(formatDateTime('2025-07-10T17:05:00Z', 'es')).toBe('10/07/2025 14:05');
  });

  it("writes the time alone as São Paulo's HH:mm (the corporate TV's clock)", () => {
    expect(formatTime(lateEvening)).toBe('23:30');
    expect(formatTime('2025-07-10T09:05:00Z')).toBe('06:05');
  });

  it('writes month and year as MM/yyyy', () => {
    expect(formatMonthYear(lateEvening)).toBe('02/2025');
  });

  it('accepts Date objects and timestamps', () => {
    expect(formatDate(new Date(lateEvening), 'pt-BR')).toBe('28/02/2025');
    expect(formatDate(Date.parse(lateEvening), 'en')).toBe('02/28/2025');
  });
});
