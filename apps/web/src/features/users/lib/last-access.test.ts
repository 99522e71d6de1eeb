import { describe, expect, it } from 'vitest';
import { lastAccessAgo } from './last-access.ts';

const now = new Date('2026-03-10T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const minute = 60_000;

describe('lastAccessAgo', () => {
  it('says now under a minute, and for a clock slightly ahead', () => {
    expect(lastAccessAgo(before(0), now)).toEqual({ unit: 'now', count: 0 });
    expect(lastAccessAgo(before(59_999), now)).toEqual({ unit: 'now', count: 0 });
    expect(lastAccessAgo(before(-5_000), now)).toEqual({ unit: 'now', count: 0 });
  });

  it('counts whole minutes, hours, days and years', () => {
    expect(lastAccessAgo(before(minute), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(lastAccessAgo(before(59 * minute + 59_000), now)).toEqual({ unit: 'minutes', count: 59 });
    expect(lastAccessAgo(before(60 * minute), now)).toEqual({ unit: 'hours', count: 1 });
    expect(lastAccessAgo(before(23 * 60 * minute), now)).toEqual({ unit: 'hours', count: 23 });
    expect(lastAccessAgo(before(24 * 60 * minute), now)).toEqual({ unit: 'days', count: 1 });
    expect(lastAccessAgo(before(364 * 24 * 60 * minute), now)).toEqual({ unit: 'days', count: 364 });
    expect(lastAccessAgo(before(365 * 24 * 60 * minute), now)).toEqual({ unit: 'years', count: 1 });
    expect(lastAccessAgo(before(3 * 365 * 24 * 60 * minute + minute), now)).toEqual({
      unit: 'years',
      count: 3,
    });
  });

  it('gives nothing for never or an unreadable instant', () => {
    expect(lastAccessAgo(null, now)).toBeNull();
    expect(lastAccessAgo('not a date', now)).toBeNull();
  });
});
