import { defineConfig } from 'vitest/config';
import { embeddedOnlyFiles, serverTestOptions } from './vitest.shared.ts';

/**
 * Every server test file on PostgreSQL: the server at TEST_POSTGRES_URL, or the local one. The
 * files that depend on the embedded database run on PGlite too (vitest.pglite.config.ts).
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...serverTestOptions.exclude, ...embeddedOnlyFiles],
    env: {
      TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
    },
  },
});
