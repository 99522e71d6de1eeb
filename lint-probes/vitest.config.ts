import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'lint', environment: 'node', include: ['*.test.ts'], testTimeout: 60_000 },
});
