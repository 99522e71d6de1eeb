/** Where the screen's service worker is served (dist root, from vite.sw.config.ts). */
export const tvServiceWorkerUrl = '/tv-sw.js';
/** The service worker controls the /tv screen only, never the portal or the administration. */
export const tvServiceWorkerScope = '/tv';

function worker(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
}

/** The screen's own files this page loaded (its document, scripts, styles, fonts). */
function shellUrls(): string[] {
  const own = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name, location.href);
      return url.origin === location.origin && url.pathname.startsWith('/assets/');
    });
  return [location.pathname, ...own];
}

/**
 * Asks the service worker to keep copies of these addresses (workbox's CACHE_URLS message: each
 * goes through the worker's route for it, so media land in the media cache and files in the
 * shell's). Nothing happens without a service worker (development, tests, an old browser).
 */
export function cacheForOffline(urls: string[]): void {
  const container = worker();
  if (!container || urls.length === 0) return;
  void container.ready.then((registration) =>
    registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }),
  );
}

/**
 * Registers the screen's service worker (production builds only) and, once it is active, has it
 * keep the files this page was loaded with, so a reload without network still opens the screen.
 * Returns nothing to clean up: the worker outlives the page on purpose.
 */
export function registerTvServiceWorker(): void {
  const container = worker();
  if (!container || !import.meta.env.PROD) return;
  container
    .register(tvServiceWorkerUrl, { scope: tvServiceWorkerScope })
    .then(() => cacheForOffline(shellUrls()))
    .catch(() => {
      // Without the worker the screen still works online; it only loses the offline reload.
    });
}
