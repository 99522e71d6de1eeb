import { configDefaults } from 'vitest/config';

/**
 * The server test files that run on embedded PGlite as well (the `server-pglite` project,
 * vitest.pglite.config.ts), while every server file runs on PostgreSQL (the `server` project).
 * PGlite is PostgreSQL compiled to WebAssembly: the same parser, planner and executor, so the
 * features' SQL behaves the same on both, and the browser tests run the whole portal on PGlite.
 * A file is here when what it asserts goes through code written for the embedded database, or
 * through what `npm start` does on it. docs/testing.md gives the rule, each file's reason and the
 * measurement (the whole suite on PGlite cost 505 CPU-seconds against 305 on PostgreSQL).
 */
export const pgliteFiles = [
  // The migrations applied to an empty embedded database and again, and a data migration's backfill.
  'src/db/migrations.test.ts',
  'src/modules/hr-tickets/confidential-backfill.test.ts',
  // The demo seed on the embedded database, as `npm start` runs it, twice.
  'src/db/seed/seed.test.ts',
  // The job queue on PGlite's one connection (pg-boss's SQL through client.ts's executeSql; after-commit sends).
  'src/platform/jobs.test.ts',
  // Hot statements run through PGlite's wire protocol (db/pglite-prepared.ts): the timeline feed's
  // two ways and the session lookup.
  'src/modules/timeline/timeline-feed.test.ts',
  'src/modules/auth/auth.test.ts',
  // The search's page statement reads the chat's newest messages a room at a time on PGlite (its
  // plan of the one-scan form walked the primary key), and runs through PGlite's wire protocol.
  'src/modules/search/search.test.ts',
];

/**
 * Files that start `main.ts` with its defaults, which is the embedded database whatever the
 * project: run once, in the PGlite project.
 */
export const embeddedOnlyFiles = ['src/main.test.ts'];

/** Files that cut a real server's connections (PGlite has none to cut): PostgreSQL only. */
export const postgresOnlyFiles = ['src/platform/database-outage.test.ts', 'src/platform/jobs-outage.test.ts'];

/** What both server projects share. */
export const serverTestOptions = {
  environment: 'node',
  // One worker runs file after file in the same module graph instead of importing the app anew
  // for each file: half the CPU of the server suite (docs/testing.md). Every file still builds its
  // own app on its own database; the app's modules keep no state between apps (constant tables,
  // a holiday cache, per-client WeakMaps). Workers are never shared between projects.
  isolate: false,
  // The deployment tests start server processes of their own: `npm run test:nodes` runs them.
  exclude: [...configDefaults.exclude, 'src/**/*.nodes.test.ts'],
  // Migrates and seeds once per run; each test file's database is a copy (src/test/database-templates.ts).
  globalSetup: ['src/test/global-setup.ts'],
  // Limits, not measures: in CI type-check and lint run beside these on the same two cores.
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;
