import type { JobName, JobQueue, JobState } from './jobs.ts';

/**
 * For tests: waits until a job reaches a final state (completed, failed or cancelled) and returns
 * it. The job's handler may have returned already: pg-boss records the outcome just after.
 */
export async function waitForJobOutcome(queue: JobQueue, name: JobName, id: string): Promise<JobState> {
  for (;;) {
    const state = await queue.getState(name, id);
    if (state === 'completed' || state === 'failed' || state === 'cancelled') return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
