import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  buildBusinessCalendar,
  businessMinutesBetween,
  DEFAULT_CALENDAR,
  nationalHolidaysOf,
  type CalendarSettings,
} from './business-calendar.ts';

// São Paulo has kept UTC-3 all year since 2019: 08:00 local is 11:00Z, also in the old summer months.
const saoPaulo = (local: string) => new Date(`${local}-03:00`);
const settings: CalendarSettings = { ...DEFAULT_CALENDAR, workingDays: [1, 2, 3, 4, 5] };
// 2026-12-08 (a Tuesday) is the company's own day off.
const calendar = buildBusinessCalendar(settings, ['2026-12-08']);

describe('addBusinessMinutes', () => {
  it('runs within the day and stops at the closing time rather than the next opening', () => {
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-24T10:00'), 90)).toEqual(
      saoPaulo('2026-11-24T11:30'),
    );
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-24T08:00'), 600)).toEqual(
      saoPaulo('2026-11-24T18:00'),
    );
  });

  it('carries what is left across the night to the next opening', () => {
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-24T17:00'), 120)).toEqual(
      saoPaulo('2026-11-25T09:00'),
    );
  });

  it('skips the weekend', () => {
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-27T17:30'), 60)).toEqual(
      saoPaulo('2026-11-30T08:30'),
    );
  });

  it('skips national holidays: Consciência Negra and Christmas', () => {
    // Thursday 19th, then Friday 20th is a holiday and the weekend follows.
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-19T17:00'), 120)).toEqual(
      saoPaulo('2026-11-23T09:00'),
    );
    expect(addBusinessMinutes(calendar, saoPaulo('2026-12-24T17:00'), 61)).toEqual(
      saoPaulo('2026-12-28T08:01'),
    );
  });

  it("skips the company's own holiday", () => {
    expect(addBusinessMinutes(calendar, saoPaulo('2026-12-07T17:00'), 120)).toEqual(
      saoPaulo('2026-12-09T09:00'),
    );
  });

  it('counts from the next opening when it starts outside the hours', () => {
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-25T06:00'), 30)).toEqual(
      saoPaulo('2026-11-25T08:30'),
    );
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-25T22:00'), 30)).toEqual(
      saoPaulo('2026-11-26T08:30'),
    );
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-28T12:00'), 30)).toEqual(
      saoPaulo('2026-11-30T08:30'),
    );
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-20T09:00'), 30)).toEqual(
      saoPaulo('2026-11-23T08:30'),
    );
  });

  it('spans several days for a long target', () => {
    // 40 business hours from Monday 10:00: four full days of 10 hours, ending Friday 10:00.
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-23T10:00'), 40 * 60)).toEqual(
      saoPaulo('2026-11-27T10:00'),
    );
    // 48 business hours from Thursday 19th: the holiday and the weekend pushed it by four days.
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-19T08:00'), 48 * 60)).toEqual(
      saoPaulo('2026-11-26T16:00'),
    );
  });

  it('leaves the instant alone for no minutes', () => {
    expect(addBusinessMinutes(calendar, saoPaulo('2026-11-28T12:00'), 0)).toEqual(
      saoPaulo('2026-11-28T12:00'),
    );
  });

  it("honours the calendar's time zone, not the machine's", () => {
    const tokyo = buildBusinessCalendar({ ...settings, timeZone: 'Asia/Tokyo' }, []);
    // Tuesday 2026-11-24 07:00Z is 16:00 in Tokyo (two hours left) and 04:00 in São Paulo (closed).
    const from = new Date('2026-11-24T07:00:00Z');
    expect(addBusinessMinutes(tokyo, from, 60)).toEqual(new Date('2026-11-24T08:00:00Z'));
    expect(addBusinessMinutes(calendar, from, 60)).toEqual(new Date('2026-11-24T12:00:00Z'));
    // São Paulo in what used to be its summer time: 08:00 local is still 11:00Z.
    expect(addBusinessMinutes(calendar, new Date('2027-01-05T05:00:00Z'), 1)).toEqual(
      new Date('2027-01-05T11:01:00Z'),
    );
  });

  it('treats national holidays as working days when the company turns them off', () => {
    const working = buildBusinessCalendar({ ...settings, nationalHolidays: false }, []);
    expect(addBusinessMinutes(working, saoPaulo('2026-11-19T17:00'), 120)).toEqual(
      saoPaulo('2026-11-20T09:00'),
    );
  });

  it('follows custom working days and hours', () => {
    const saturdays = buildBusinessCalendar(
      { ...settings, workingDays: [6], dayStartMinute: 9 * 60, dayEndMinute: 13 * 60 },
      [],
    );
    expect(addBusinessMinutes(saturdays, saoPaulo('2026-11-24T10:00'), 300)).toEqual(
      saoPaulo('2026-12-05T10:00'),
    );
  });

  it('refuses a calendar that never opens', () => {
    const never = buildBusinessCalendar({ ...settings, workingDays: [] }, []);
    expect(() => addBusinessMinutes(never, saoPaulo('2026-11-24T10:00'), 60)).toThrow();
  });
});

describe('businessMinutesBetween', () => {
  it('counts only the opening hours of working days', () => {
    expect(businessMinutesBetween(calendar, saoPaulo('2026-11-24T17:00'), saoPaulo('2026-11-25T09:00'))).toBe(
      120,
    );
    expect(businessMinutesBetween(calendar, saoPaulo('2026-11-27T17:30'), saoPaulo('2026-11-30T08:30'))).toBe(
      60,
    );
    expect(businessMinutesBetween(calendar, saoPaulo('2026-11-20T00:00'), saoPaulo('2026-11-23T00:00'))).toBe(
      0,
    );
    expect(businessMinutesBetween(calendar, saoPaulo('2026-12-07T00:00'), saoPaulo('2026-12-10T00:00'))).toBe(
      1200,
    );
  });

  it('is 0 when the end is not after the start', () => {
    expect(businessMinutesBetween(calendar, saoPaulo('2026-11-24T12:00'), saoPaulo('2026-11-24T12:00'))).toBe(
      0,
    );
    expect(businessMinutesBetween(calendar, saoPaulo('2026-11-24T12:00'), saoPaulo('2026-11-24T10:00'))).toBe(
      0,
    );
  });

  it('counts whole minutes', () => {
    expect(
      businessMinutesBetween(
        calendar,
        saoPaulo('2026-11-24T10:00'),
        new Date(saoPaulo('2026-11-24T10:02').getTime() + 59_000),
      ),
    ).toBe(2);
  });

  it('is the inverse of addBusinessMinutes', () => {
    const starts = [
      '2026-11-19T17:00',
      '2026-11-24T06:00',
      '2026-11-27T17:30',
      '2026-12-07T13:15',
      '2026-12-24T09:00',
    ];
    const targets = [1, 59, 600, 601, 8 * 60, 40 * 60, 123 * 60 + 7];
    for (const start of starts) {
      for (const minutes of targets) {
        const from = saoPaulo(start);
        const due = addBusinessMinutes(calendar, from, minutes);
        expect({ start, minutes, counted: businessMinutesBetween(calendar, from, due) }).toEqual({
          start,
          minutes,
          counted: minutes,
        });
      }
    }
  });
});

describe('nationalHolidaysOf', () => {
  it("lists Brazil's public holidays of the year, without the optional ones", () => {
    const days = nationalHolidaysOf(2026).map((holiday) => holiday.day);
    expect(days).toEqual(expect.arrayContaining(['2026-01-01', '2026-04-21', '2026-11-20', '2026-12-25']));
    expect(days).not.toContain('2026-02-17'); // Carnival is not a national holiday by law
    expect(nationalHolidaysOf(2026).find((holiday) => holiday.day === '2026-12-25')?.name).toBe('Natal');
    expect(nationalHolidaysOf(2026, 'en').find((holiday) => holiday.day === '2026-12-25')?.name).toBe(
      'Christmas Day',
    );
  });
});
