import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from './lib/i18n/i18n.ts';

// Tests read the product's language, as a Brazilian user sees it.
initI18n('pt-BR');

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
