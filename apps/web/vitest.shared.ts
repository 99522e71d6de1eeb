import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ViteUserConfig } from 'vitest/config';

const root = import.meta.dirname;

/**
 * The web test files that replace a module with `vi.mock`: they run in a process of their own
 * (vitest.isolated.config.ts), since in a worker shared with other files the module is already
 * loaded and the mock would not take. Found by reading the files, so a new one cannot be missed.
 */
export const mockingFiles = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(root, file), 'utf8')));

/** What both web projects share. */
export const webConfig = {
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    // Whole-route renders load each page's chunk first; on a busy 2-core machine that takes more
    // than vitest's default 5 s. A limit, not a measure: speed is benchmarked under bench/.
    testTimeout: 40_000,
  },
} satisfies ViteUserConfig;
