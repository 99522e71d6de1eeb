import { onlineManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createQueryClient } from './app/query-client.ts';
import { mayHaveSession } from './lib/session.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import { chooseLanguage } from './lib/i18n/language.ts';
import { readStorage, storageKeys } from './lib/storage-keys.ts';
import { readRememberedBranding } from './lib/remembered-branding.ts';
import { applyTheme, companyTheme } from './lib/theme.ts';
import './styles.css';

// The last company's look from the first paint: its sign-in page wears its colours.
applyTheme(companyTheme(readRememberedBranding()));
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into.');
const language = chooseLanguage({
  saved: readStorage(storageKeys.language),
  browserLanguages: navigator.languages ?? [],
});
const queryClient = createQueryClient();
// TanStack Query counts itself online until the browser says otherwise; a portal opened without a
// connection says so from the start.
onlineManager.setOnline(navigator.onLine);
const signedIn = mayHaveSession();
const offlineStore = () => import('./lib/offline/offline-store.ts');
// Opened without a connection by someone signed in: what was kept on the device comes back before
// the first paint, so the portal opens to it (a failure only means nothing was kept).
const restored =
  signedIn && !navigator.onLine
    ? offlineStore()
        .then(({ restoreForOffline }) => restoreForOffline(queryClient))
        .catch(() => undefined)
    : Promise.resolve();
// The first paint waits for the language's texts so nobody sees the page switch language.
void Promise.all([initI18n(language), restored]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  // Changes made offline before the tab closed go now that there is a connection.
  if (signedIn && navigator.onLine) {
    void offlineStore()
      .then(({ restoreQueuedChanges }) => restoreQueuedChanges(queryClient))
      .catch(() => undefined);
  }
  // The installable portal's worker, after the first paint and outside the first load's code.
  const registerWorker = () =>
    void import('./lib/pwa/register.ts')
      .then(({ registerPortalWorker }) => registerPortalWorker())
      // No worker (a private window, a browser without one): the portal works as before.
      .catch(() => undefined);
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
});
