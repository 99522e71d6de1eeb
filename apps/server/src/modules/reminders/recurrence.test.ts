import { describe, expect, it } from 'vitest';
import { nextOccurrence } from './recurrence.ts';

/** An instant written in São Paulo local time (UTC-03:00, no daylight saving since 2019). */
const sp = (local: string) => new Date(`${local}-03:00`);

describe('the next occurrence of a reminder, in São Paulo local time', () => {
  it('has none for a one-off reminder', () => {
    expect(
      nextOccurrence({
        anchor: sp('2026-03-10T09:00:00'),
        recurrence: 'NENHUMA',
        after: sp('2026-03-10T09:00:00'),
      }),
    ).toBeNull();
  });

  it('is the anchor itself while it is still ahead', () => {
    const anchor = sp('2026-03-10T09:00:00');
    expect(nextOccurrence({ anchor, recurrence: 'DIARIA', after: sp('2026-03-09T12:00:00') })).toEqual(
      anchor,
    );
  });

  it('comes back daily at the same time of day, also across months and years', () => {
    const anchor = sp('2026-12-31T07:30:00');
    expect(nextOccurrence({ anchor, recurrence: 'DIARIA', after: anchor })).toEqual(
      sp('2027-01-01T07:30:00'),
    );
    expect(nextOccurrence({ anchor, recurrence: 'DIARIA', after: sp('2029-06-15T07:30:00') })).toEqual(
      sp('2029-06-16T07:30:00'),
    );
    expect(nextOccurrence({ anchor, recurrence: 'DIARIA', after: sp('2029-06-15T07:29:59') })).toEqual(
      sp('2029-06-15T07:30:00'),
    );
  });

  it('comes back weekly on the same weekday', () => {
    const anchor = sp('2026-03-02T18:00:00'); // a Monday
    expect(nextOccurrence({ anchor, recurrence: 'SEMANAL', after: sp('2026-03-04T10:00:00') })).toEqual(
      sp('2026-03-09T18:00:00'),
    );
  });

  it('comes back monthly, on the month’s last day when it has no such day, then on the day again', () => {
    const anchor = sp('2026-01-31T09:00:00');
    expect(nextOccurrence({ anchor, recurrence: 'MENSAL', after: anchor })).toEqual(
      sp('2026-02-28T09:00:00'),
    );
    expect(nextOccurrence({ anchor, recurrence: 'MENSAL', after: sp('2026-02-28T09:00:00') })).toEqual(
      sp('2026-03-31T09:00:00'),
    );
    expect(nextOccurrence({ anchor, recurrence: 'MENSAL', after: sp('2026-04-01T00:00:00') })).toEqual(
      sp('2026-04-30T09:00:00'),
    );
    expect(nextOccurrence({ anchor, recurrence: 'MENSAL', after: sp('2028-02-01T00:00:00') })).toEqual(
      sp('2028-02-29T09:00:00'),
    );
  });

  it('keeps the local time near midnight, whatever the server’s own zone', () => {
    const anchor = sp('2026-05-31T23:30:00'); // 02:30 UTC on June 1st
    expect(nextOccurrence({ anchor, recurrence: 'MENSAL', after: anchor })).toEqual(
      sp('2026-06-30T23:30:00'),
    );
  });

  it('after a snoozed fire, goes back to the series', () => {
    const anchor = sp('2026-03-10T09:00:00');
    expect(nextOccurrence({ anchor, recurrence: 'DIARIA', after: sp('2026-03-12T09:10:00') })).toEqual(
      sp('2026-03-13T09:00:00'),
    );
  });
});
