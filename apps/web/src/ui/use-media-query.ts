import { useSyncExternalStore } from 'react';

/** The width from which the administration shows its sidebar and its filters open (Tailwind's md). */
export const wideScreenQuery = '(min-width: 768px)';

/**
 * Whether a media query matches now, kept current; `whereUnknown` where the page has no
 * `matchMedia` (a test's document).
 */
export function useMediaQuery(query: string, whereUnknown = true): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : whereUnknown),
    () => whereUnknown,
  );
}
