import { configDefaults } from 'vitest/config';

/**
 * The server test files that run on a real PostgreSQL server as well as on PGlite (the
 * `server-postgres` project, vitest.postgres.config.ts). A file is here when what it asserts
 * depends on the server rather than on SQL, which PGlite runs the same: more than one connection
 * at a time (pools, nodes with their own queues or processes, requests racing for a row or a
 * lock), a network to lose, or the life of the schema. docs/testing.md gives the rule and each
 * file's reason.
 */
export const postgresFiles = [
  // Migrations applied to an empty server database and again.
  'src/db/migrations.test.ts',
  // The audit log's triggers and foreign key refusing the application's own connection on a server.
  'src/modules/audit/audit-append-only.test.ts',
  // The job queue with two pools on one database, restarts, retries.
  'src/platform/jobs.test.ts',
  // Two nodes of one deployment on one database, each with its own job queue (or process).
  'src/modules/chat/chat-nodes.test.ts',
  'src/modules/my-account/deletion-nodes.test.ts',
  'src/modules/notifications/notifications-nodes.test.ts',
  'src/modules/publications/publications-nodes.test.ts',
  'src/modules/reminders/reminders-nodes.test.ts',
  'src/modules/tv/tv-nodes.test.ts',
  // Requests sent at once: on PGlite's single connection they never overlap.
  'src/modules/auth/throttle-parallel.test.ts',
  'src/modules/groups/groups.test.ts',
  'src/modules/publication-reach/publication-reach.test.ts',
  'src/modules/surveys/surveys.test.ts',
  'src/modules/timeline/timeline.test.ts',
];

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
  // Limits, not measures: in CI the browser tests run beside these on the same two cores.
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;
