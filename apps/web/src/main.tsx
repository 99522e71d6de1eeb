import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n/i18n.ts';
import { chooseLanguage } from './lib/i18n/language.ts';
import { readStorage, storageKeys } from './lib/storage-keys.ts';
import { applyTheme, defaultMainColor } from './lib/theme.ts';
import './styles.css';

initI18n(
  chooseLanguage({ saved: readStorage(storageKeys.language), browserLanguages: navigator.languages ?? [] }),
);
applyTheme(defaultMainColor);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
