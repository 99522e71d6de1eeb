import { afterEach, describe, expect, it, vi } from 'vitest';
import { createViewReporter } from './view-reporter.ts';

afterEach(() => vi.useRealTimers());

describe('the view reporter', () => {
  it('sends each post once per page life, batched a few seconds after the first', async () => {
    vi.useFakeTimers();
    const sent: number[][] = [];
    const reporter = createViewReporter(async (ids) => void sent.push(ids), 4_000);
    reporter.report(1);
    reporter.report(2);
    reporter.report(1);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([[1, 2]]);
    reporter.report(2);
    reporter.report(3);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent).toEqual([[1, 2], [3]]);
  });

  it('splits a long queue into batches the contract accepts and sends at once when the page is hidden', () => {
    const sent: { ids: number[]; keepalive: boolean }[] = [];
    const reporter = createViewReporter(async (ids, options) => void sent.push({ ids, ...options }));
    for (let id = 1; id <= 120; id += 1) reporter.report(id);
    reporter.flush({ keepalive: true });
    expect(sent.map((batch) => batch.ids.length)).toEqual([50, 50, 20]);
    expect(sent.every((batch) => batch.keepalive)).toBe(true);
    expect(sent.flatMap((batch) => batch.ids)).toEqual(Array.from({ length: 120 }, (_, index) => index + 1));
  });

  it('forgets a batch the server did not take, so those posts may be reported again', async () => {
    let fail = true;
    const sent: number[][] = [];
    const reporter = createViewReporter(async (ids) => {
      sent.push(ids);
      if (fail) throw new Error('offline');
    });
    reporter.report(7);
    reporter.flush();
    await Promise.resolve();
    await Promise.resolve();
    expect(reporter.has(7)).toBe(false);
    fail = false;
    reporter.report(7);
    reporter.flush();
    expect(sent).toEqual([[7], [7]]);
  });
});
