import { defineConfig } from 'vitest/config';

/**
 * The deployment tests (`*.nodes.test.ts`): several server processes on one PostgreSQL and Redis.
 * Run by `npm run test:nodes` with TEST_POSTGRES_URL; `npm test` leaves them out (vitest.config.ts).
 */
export default defineConfig({
  test: {
    name: 'nodes',
    environment: 'node',
    root: import.meta.dirname,
    include: ['src/**/*.nodes.test.ts'],
    // One file at a time: each starts its own server processes.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
