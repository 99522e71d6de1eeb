/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

/*
 * The portal's service worker (issue 30), built by vite-plugin-pwa into /sw.js with scope /. It:
 * - keeps the app shell (the page and its entry code, listed by the build) and every other built
 *   chunk once used (their names carry their content's hash: cache first), so the portal opens
 *   without a connection, and answers every page of the portal with that shell;
 * - shows web pushes: the server sends Declarative Web Push messages (`web_push: 8030`), which
 *   Safari shows by itself; other browsers hand them here, and this shows the same;
 * - keeps the images the person saw (posts, photos, announcements: cache first, 300 at most, 7
 *   days), so the saved timeline shows them offline; signing out empties that cache;
 * - opens the pushed item when its notification is chosen;
 * - waits with a new version until the page says the person chose 'Atualizar'.
 * The corporate TV has its own worker (/tv-sw.js, scope /tv), which wins for /tv.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The API, downloads, media and the TV are never the shell.
    denylist: [/^\/backend\//, /^\/tv(\/|$)/],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'elo-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/backend/midia/') &&
    request.destination === 'image',
  new CacheFirst({
    // Named in lib/offline/offline-store.ts too, which empties it at logout.
    cacheName: 'elo-media',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 86_400, purgeOnQuotaError: true }),
    ],
  }),
);

/** A declarative push's notification (the fields the server sends). */
interface DeclarativeNotification {
  title: string;
  body?: string;
  navigate: string;
  tag?: string;
  lang?: string;
  dir?: NotificationDirection;
}

function notificationOf(data: unknown): DeclarativeNotification | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as { web_push?: unknown; notification?: Partial<DeclarativeNotification> };
  const notification = message.notification;
  if (message.web_push !== 8030 || !notification?.title || !notification.navigate) return null;
  return notification as DeclarativeNotification;
}

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const notification = notificationOf(data);
  if (!notification) return;
  event.waitUntil(
    self.registration.showNotification(notification.title, {
      ...(notification.body ? { body: notification.body } : {}),
      ...(notification.tag ? { tag: notification.tag } : {}),
      ...(notification.lang ? { lang: notification.lang } : {}),
      dir: notification.dir ?? 'auto',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { navigate: notification.navigate },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { navigate?: string } | null)?.navigate;
  if (!target) return;
  const url = new URL(target, self.location.origin);
  // Another site's address is never opened from a push.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        // A page this worker does not control yet cannot be navigated from here: a new window then.
        const navigated = await open.navigate(url.href).catch(() => null);
        if (navigated) {
          // Bringing it forward needs the notification's own click; without it, the page still moved.
          void navigated.focus().catch(() => undefined);
          return;
        }
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
