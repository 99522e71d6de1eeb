import { defineConfig } from 'vitest/config';
import { mockingFiles, webConfig } from './vitest.shared.ts';

export default defineConfig({
  ...webConfig,
  test: {
    ...webConfig.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: mockingFiles,
    // A worker runs one file after another in the same jsdom and module graph instead of starting
    // a process and importing React, the router and the app anew for each: 88 CPU-seconds for the
    // web files against 288 (docs/testing.md). Each test starts clean all the same: test-setup.ts
    // unmounts, empties the stores and storage and resets the language after every test.
    isolate: false,
  },
});
