import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    // Whole-route renders load each page's chunk first; on a busy 2-core machine that takes more
    // than vitest's default 5 s. A limit, not a measure: speed is benchmarked under bench/.
    testTimeout: 40_000,
  },
});
