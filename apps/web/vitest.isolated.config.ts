import { defineConfig } from 'vitest/config';
import { mockingFiles, webConfig } from './vitest.shared.ts';

/** The web test files that mock a module (vitest.shared.ts), each in a fresh process. */
export default defineConfig({
  ...webConfig,
  test: { ...webConfig.test, name: 'web-isolated', include: mockingFiles },
});
