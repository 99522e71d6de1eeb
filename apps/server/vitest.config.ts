import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The deployment tests start server processes of their own: `npm run test:nodes` runs them.
    exclude: [...configDefaults.exclude, 'src/**/*.nodes.test.ts'],
    // Migrates and seeds once per run; each test file's database is a copy (src/test/database-templates.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
