import { Workbox } from 'workbox-window';
import { useUpdateStore } from '../stores/update-store.ts';

/** The portal's worker (src/sw.ts, built to /sw.js by vite-plugin-pwa). */
export const portalWorkerUrl = '/sw.js';

/**
 * Registers the portal's worker once the page has painted (main.tsx loads this file then, so it
 * weighs nothing on the login route's first load). A new version that installs while the portal
 * is open waits; the page offers 'Atualizar', and only that choice reloads.
 */
export async function registerPortalWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // The corporate TV's screens run their own worker (/tv-sw.js, scope /tv).
  if (window.location.pathname === '/tv' || window.location.pathname.startsWith('/tv/')) return;
  const workbox = new Workbox(portalWorkerUrl, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    useUpdateStore.getState().offer(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
}
