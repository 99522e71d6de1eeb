import { publicationLimits } from './calls/publications.ts';
import type { ValidationKey } from './i18n/catalogue.ts';

/**
 * The time rules of a publication (spec section 5), for the publish screen to check before it
 * sends and for the server to check again: a schedule lies ahead of now and within
 * `publicationLimits.scheduleMaxDays`, and a mandatory reading's deadline comes after the
 * publication goes out. They take Dates, so the caller decides what "now" is.
 */

const dayMs = 86_400_000;

/** A broken rule: the contract's validation key and the values its text names. */
export interface ScheduleProblem {
  key: ValidationKey;
  params: Record<string, number>;
}

/** What is wrong with scheduling a publication for `at`, or null when it is ahead and within a year. */
export function scheduleProblem(at: Date, now: Date): ScheduleProblem | null {
  if (at.getTime() <= now.getTime()) return { key: 'validation.scheduleInPast', params: {} };
  if (at.getTime() > now.getTime() + publicationLimits.scheduleMaxDays * dayMs) {
    return { key: 'validation.scheduleTooFar', params: { max: publicationLimits.scheduleMaxDays } };
  }
  return null;
}

/**
 * What is wrong with a mandatory reading's deadline, or null: it must come after `goesOut`, the
 * moment the publication reaches its readers (now, its schedule, or when it went out).
 */
export function readingDeadlineProblem(deadline: Date, goesOut: Date): ScheduleProblem | null {
  if (deadline.getTime() <= goesOut.getTime())
    return { key: 'validation.readingDeadlineInvalid', params: {} };
  return null;
}
