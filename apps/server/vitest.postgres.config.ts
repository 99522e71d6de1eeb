import { defineConfig } from 'vitest/config';
import { postgresFiles, postgresOnlyFiles, serverTestOptions } from './vitest.shared.ts';

/**
 * The server test files whose behaviour depends on a real PostgreSQL server (vitest.shared.ts
 * says which and why), on the server at TEST_POSTGRES_URL or the local one.
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-postgres',
    include: [...postgresFiles, ...postgresOnlyFiles],
    env: {
      TEST_POSTGRES_URL: process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    },
  },
});
