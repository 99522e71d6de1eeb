/** The units of the users list's last access (spec section 9: a, d, h, m, Agora). */
export type LastAccessUnit = 'now' | 'minutes' | 'hours' | 'days' | 'years';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const year = 365 * day;

/**
 * How long ago an instant was, in the largest whole unit: under a minute is 'now' (also for a
 * clock slightly ahead), then minutes, hours, days and years; null for never.
 */
export function lastAccessAgo(
  instant: string | null,
  now: Date,
): { unit: LastAccessUnit; count: number } | null {
  if (!instant) return null;
  const elapsed = now.getTime() - new Date(instant).getTime();
  if (Number.isNaN(elapsed)) return null;
  if (elapsed < minute) return { unit: 'now', count: 0 };
  if (elapsed < hour) return { unit: 'minutes', count: Math.floor(elapsed / minute) };
  if (elapsed < day) return { unit: 'hours', count: Math.floor(elapsed / hour) };
  if (elapsed < year) return { unit: 'days', count: Math.floor(elapsed / day) };
  return { unit: 'years', count: Math.floor(elapsed / year) };
}
