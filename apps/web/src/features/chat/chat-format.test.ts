import { describe, expect, it } from 'vitest';
import { dayKind, formatDuration, formatTime, groupByDay } from './chat-format.ts';
import { toWaveform } from './waveform.ts';

describe('day separators', () => {
  // 10 March 2025, 12:00 in São Paulo.
  const now = new Date('2025-03-10T15:00:00Z');

  it('tells today, yesterday and older days in the company zone', () => {
    expect(dayKind('2025-03-10T03:30:00Z', now)).toBe('today');
    // 02:30 UTC on the 10th is still the 9th, 23:30, in São Paulo.
    expect(dayKind('2025-03-10T02:30:00Z', now)).toBe('yesterday');
    expect(dayKind('2025-03-08T12:00:00Z', now)).toBe('date');
  });

  it('groups consecutive messages of one day', () => {
    const messages = [
      { id: 1, at: '2025-03-09T12:00:00Z' },
      { id: 2, at: '2025-03-10T02:30:00Z' },
      { id: 3, at: '2025-03-10T03:30:00Z' },
      { id: 4, at: '2025-03-10T14:00:00Z' },
    ];
    expect(
      groupByDay(messages, (message) => message.at).map((group) => [group.day, group.items.map((m) => m.id)]),
    ).toEqual([
      ['2025-03-09', [1, 2]],
      ['2025-03-10', [3, 4]],
    ]);
  });

  it('writes times on a 24-hour clock and durations as m:ss', () => {
    expect(formatTime('2025-03-10T21:05:00Z')).toBe('18:05');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.4)).toBe('1:05');
  });
});

describe('audio waveform', () => {
  it('keeps at most 100 samples, the loudest of each stretch, scaled to 1', () => {
    const readings = Array.from({ length: 1000 }, (_, index) => (index % 10 === 0 ? 0.5 : 0.1));
    const samples = toWaveform(readings);
    expect(samples).toHaveLength(100);
    expect(Math.max(...samples)).toBe(1);
    expect(samples.every((value) => value >= 0 && value <= 1)).toBe(true);
  });

  it('keeps short recordings as they are, and silence as zeros', () => {
    expect(toWaveform([0.2, 0.4])).toEqual([0.5, 1]);
    expect(toWaveform([0, 0, 0])).toEqual([0, 0, 0]);
    expect(toWaveform([])).toEqual([]);
  });
});
