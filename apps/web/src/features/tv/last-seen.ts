import type { Language } from '@elo/contract/enums';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago a moment was, in words of the language ("há 5 minutos", "5 minutes ago", "ahora"). */
export function relativeTime(value: string, now: Date, language: Language): string {
  const seconds = Math.round((Date.parse(value) - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
