import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The server's files run on PostgreSQL, and those that depend on the embedded database run on
    // PGlite too (apps/server/vitest.shared.ts).
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.pglite.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'lint-probes',
    ],
    // Vitest's default leaves one core free, which is a single worker on a 2-core machine. Most
    // server test files wait on sockets, timers, jobs and the database rather than compute, so two
    // files at a time (each with its own embedded database) use the cores better.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
