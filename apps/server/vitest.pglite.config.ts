import { defineConfig } from 'vitest/config';
import { embeddedOnlyFiles, pgliteFiles, postgresOnlyFiles, serverTestOptions } from './vitest.shared.ts';

/**
 * The server test files that depend on the embedded database (vitest.shared.ts says which and
 * why), on PGlite. TEST_ALL_ON_PGLITE=1 runs every server file here instead (the outage files,
 * which cut a server's connections, aside).
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-pglite',
    include: process.env.TEST_ALL_ON_PGLITE ? ['src/**/*.test.ts'] : [...pgliteFiles, ...embeddedOnlyFiles],
    exclude: [...serverTestOptions.exclude, ...postgresOnlyFiles],
    // An empty TEST_POSTGRES_URL: the harness and the templates use PGlite.
    env: { TEST_POSTGRES_URL: '' },
  },
});
