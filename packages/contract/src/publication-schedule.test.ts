import { describe, expect, it } from 'vitest';
import { readingDeadlineProblem, scheduleProblem } from './publication-schedule.ts';

const now = new Date('2026-03-10T12:00:00Z');

describe('the publication schedule rules', () => {
  it('accepts a schedule ahead of now, up to 365 days ahead', () => {
    expect(scheduleProblem(new Date('2026-03-10T12:00:01Z'), now)).toBeNull();
    expect(scheduleProblem(new Date('2027-03-10T12:00:00Z'), now)).toBeNull();
  });

  it('refuses a schedule now or in the past', () => {
    const past = { key: 'validation.scheduleInPast', params: {} };
    expect(scheduleProblem(now, now)).toEqual(past);
    expect(scheduleProblem(new Date('2026-03-09T12:00:00Z'), now)).toEqual(past);
  });

  it('refuses a schedule more than 365 days ahead, naming the limit', () => {
    expect(scheduleProblem(new Date('2027-03-10T12:00:01Z'), now)).toEqual({
      key: 'validation.scheduleTooFar',
      params: { max: 365 },
    });
  });

  it('wants a reading deadline after the publication goes out', () => {
    const goesOut = new Date('2026-03-12T09:00:00Z');
    expect(readingDeadlineProblem(new Date('2026-03-12T09:00:01Z'), goesOut)).toBeNull();
    const invalid = { key: 'validation.readingDeadlineInvalid', params: {} };
    expect(readingDeadlineProblem(goesOut, goesOut)).toEqual(invalid);
    expect(readingDeadlineProblem(new Date('2026-03-11T09:00:00Z'), goesOut)).toEqual(invalid);
  });
});
