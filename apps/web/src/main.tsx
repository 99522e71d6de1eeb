import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
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
// The first paint waits for the language's texts so nobody sees the page switch language.
void initI18n(language).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The installable portal's worker, after the first paint and outside the first load's code.
  const registerWorker = () =>
    void import('./lib/pwa/register.ts')
      .then(({ registerPortalWorker }) => registerPortalWorker())
      // No worker (a private window, a browser without one): the portal works as before.
      .catch(() => undefined);
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
});
