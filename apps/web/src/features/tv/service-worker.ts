/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

/*
 * The corporate TV's service worker (built alone by vite.sw.config.ts into /tv-sw.js and
 * registered with scope /tv, so it never sees the portal or the administration). It keeps:
 * - the screen's page (/tv): network first, the last copy when offline;
 * - the built files (/assets/…, named by their content hash): cache first;
 * - the slides' media (/backend/tv/midia/… signed addresses that stay the same for a day):
 *   cache first, the 300 most recent for at most two days.
 * The page sends workbox's CACHE_URLS messages (registerRoute's router listens to them): the files
 * it loaded before this worker controlled it, and the media of each content it receives.
 * The content itself is a POST answer, which the Cache API cannot hold: the page keeps the last
 * one in localStorage (tv-device.ts).
 */
declare const self: ServiceWorkerGlobalScope;

const ok = new CacheableResponsePlugin({ statuses: [200] });

void self.skipWaiting();
clientsClaim();

registerRoute(
  // By address, not by request mode: the page's CACHE_URLS asks for '/tv' as a plain request.
  ({ url }) => url.origin === self.location.origin && url.pathname === '/tv',
  new NetworkFirst({ cacheName: 'elo-tv-shell', networkTimeoutSeconds: 5, plugins: [ok] }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'elo-tv-assets',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/backend/tv/midia/'),
  new CacheFirst({
    cacheName: 'elo-tv-media',
    plugins: [
      ok,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 2 * 86_400, purgeOnQuotaError: true }),
    ],
  }),
);
