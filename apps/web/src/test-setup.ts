import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from './lib/i18n/i18n.ts';
import { useAlertStore } from './lib/stores/alert-store.ts';
import { usePermissionStore } from './lib/stores/permission-store.ts';
import { useToastStore } from './lib/stores/toast-store.ts';

// jsdom has no pointer capture; Radix's swipe-to-dismiss on toasts calls it on every pointer up.
if (typeof Element !== 'undefined' && !('hasPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}

// Pages are lazy chunks: on a busy machine (CI runs the server tests beside these) the first render
// of a file, or a flow through two pages, can take several seconds.
configure({ asyncUtilTimeout: 15_000 });

// Tests read the product's language, as a Brazilian user sees it.
await initI18n('pt-BR');
// The portal's and administration's texts, which the app adds when their layouts load.
await import('./lib/i18n/area-texts.ts');

afterEach(async () => {
  cleanup();
  // The stores live for the whole page, so each test starts from empty ones.
  useAlertStore.getState().clearAlerts();
  usePermissionStore.getState().closeModal();
  useToastStore.setState({ toasts: [] });
  // Node-environment tests (the API client against a real server) have no window.
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  await initI18n('pt-BR');
});
