import { sharedConfig } from '@elo/contract/limits';
import { scheduleProblem } from '@elo/contract/publication-schedule';
import { tz } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import { i18n, translateContractKey } from '#lib/i18n/i18n.ts';

const inCompanyZone = tz(sharedConfig.currentTimezone);

/** A moment as the server is sent it: ISO 8601 with the company's offset (2026-11-25T10:00:00-03:00). */
export function toCompanyIso(moment: string): string {
  return formatISO(new Date(moment), { in: inCompanyZone });
}

/**
 * What is wrong with a schedule typed in the form, or null: it must be ahead of now and within the
 * contract's year (the contract's rule, which the server checks again).
 */
export function checkScheduleTime(moment: string | null, now = new Date()): string | null {
  if (!moment) return i18n.t('admin.publicationsAdmin.form.scheduleRequired');
  const problem = scheduleProblem(new Date(moment), now);
  return problem ? translateContractKey(problem.key, problem.params) : null;
}
