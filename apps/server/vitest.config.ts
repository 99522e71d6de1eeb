import { defineConfig } from 'vitest/config';
import { postgresOnlyFiles, serverTestOptions } from './vitest.shared.ts';

/** Every server test file on embedded PGlite (or on PostgreSQL when TEST_POSTGRES_URL is set). */
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...serverTestOptions.exclude, ...postgresOnlyFiles],
  },
});
