import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { testPostgresUrl } from '../test/harness.ts';
import { createJobQueue, type JobQueue } from './jobs.ts';
import { waitForJobOutcome } from './jobs-testing.ts';

declare module './jobs.ts' {
  interface JobPayloads {
    'test-publish': { postId: number };
    'test-flaky': { label: string };
    'test-count': { n: number };
    'test-unique': { postId: number };
  }
}

const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/**
 * A database that outlives its handles: a data folder for PGlite, a database of the test server
 * for PostgreSQL. Each open() is a new handle on it, as a restarted or second node would have.
 */
interface DurableDatabase {
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

/**
 * PGlite: a data folder whose database already holds pg-boss's schema and the tests' queues, made
 * once and copied for each test (creating them took most of each test's time).
 */
let pgliteTemplate: string | undefined;
beforeAll(async () => {
  if (testPostgresUrl) return;
  pgliteTemplate = await mkdtemp(path.join(tmpdir(), 'elo-jobs-template-'));
  const handle = await openDatabase({ dataDir: pgliteTemplate });
  const queue = createJobQueue({ database: handle, log });
  for (const name of ['test-publish', 'test-flaky', 'test-count', 'test-unique'] as const) {
    queue.register(name, async () => {});
  }
  await queue.start();
  await queue.stop();
  await handle.close();
}, 120_000);
afterAll(async () => {
  if (pgliteTemplate) await rm(pgliteTemplate, { recursive: true, force: true });
});

async function createDurableDatabase(): Promise<DurableDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-jobs-'));
  if (pgliteTemplate) await cp(pgliteTemplate, dataDir, { recursive: true });
  const handles: DatabaseHandle[] = [];
  const track = (handle: DatabaseHandle) => (handles.push(handle), handle);
  const closeAll = () => Promise.all(handles.map((handle) => handle.close().catch(() => undefined)));
  if (!testPostgresUrl) {
    return {
      open: async () => track(await openDatabase({ dataDir })),
      async dispose() {
        await closeAll();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `elo_jobs_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  return {
    open: async () => track(await openDatabase({ databaseUrl: url.toString(), dataDir })),
    async dispose() {
      await closeAll();
      const cleanup = new pg.Client({ connectionString: testPostgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A promise with its resolver, to wait for a handler to run. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

let durable: DurableDatabase;
let database: DatabaseHandle;
const queues: JobQueue[] = [];
const createQueue = (on: DatabaseHandle = database, pollSeconds?: number) => {
  const queue = createJobQueue({ database: on, log, ...(pollSeconds ? { pollSeconds } : {}) });
  queues.push(queue);
  return queue;
};

beforeEach(async () => {
  durable = await createDurableDatabase();
  database = await durable.open();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  await durable.dispose();
});

describe('job queue', () => {
  /** A poll so rare that a job runs within a test only when its worker is woken for it. */
  const noPoll = 3600;

  it('runs a job scheduled for an instant at that instant, not before', async () => {
    const queue = createQueue(database, noPoll);
    const ran = deferred<{ at: number; postId: number }>();
    queue.register('test-publish', async (job) => ran.resolve({ at: Date.now(), postId: job.data.postId }));
    await queue.start();

    const due = new Date(Date.now() + 3000);
    const id = await queue.send('test-publish', { postId: 42 }, { startAfter: due });
    const run = await ran.promise;

    expect(run.postId).toBe(42);
    expect(run.at).toBeGreaterThanOrEqual(due.getTime());
    expect(await waitForJobOutcome(queue, 'test-publish', id!)).toBe('completed');
  });

  it('keeps a job across a restart and runs it on the next start', async () => {
    let ranBeforeRestart = false;
    const first = createQueue();
    first.register('test-publish', async () => void (ranBeforeRestart = true));
    await first.start();
    const id = await first.send('test-publish', { postId: 7 }, { startAfter: new Date(Date.now() + 4000) });
    await first.stop();
    await database.close();

    database = await durable.open();
    // Nobody wakes the new node for a job stored before the restart: its poll finds it.
    const second = createQueue(database, 1);
    const ran = deferred<{ id: string; postId: number }>();
    second.register('test-publish', async (job) => ran.resolve({ id: job.id, postId: job.data.postId }));
    await second.start();

    expect(await ran.promise).toEqual({ id, postId: 7 });
    expect(ranBeforeRestart).toBe(false);
  });

  it('runs each job once when two nodes share the database', async () => {
    // Two PostgreSQL nodes have pools of their own; PGlite has one process, hence one handle.
    const other = testPostgresUrl ? await durable.open() : database;
    const nodes = [createQueue(database), createQueue(other)];
    const runs = new Map<number, string[]>();
    const total = 20;
    const allRan = deferred<void>();
    nodes.forEach((node, index) =>
      node.register('test-count', async (job) => {
        runs.set(job.data.n, [...(runs.get(job.data.n) ?? []), `node ${index}`]);
        if (runs.size === total) allRan.resolve();
      }),
    );
    await Promise.all(nodes.map((node) => node.start()));

    const ids = await Promise.all(
      Array.from({ length: total }, (_, n) => nodes[n % 2]!.send('test-count', { n })),
    );
    await allRan.promise;
    const states = await Promise.all(ids.map((id) => waitForJobOutcome(nodes[0]!, 'test-count', id!)));

    expect(states.every((state) => state === 'completed')).toBe(true);
    expect([...runs.values()].map((nodesThatRan) => nodesThatRan.length)).toEqual(Array(total).fill(1));
  });

  it('retries a failing job with a growing delay until it succeeds', async () => {
    // The node that failed the job wakes its worker at the retry's instant: no poll needed.
    const queue = createQueue(database, noPoll);
    const attempts: { retryCount: number; startedAt: number; failedAt?: number }[] = [];
    const succeeded = deferred<void>();
    queue.register(
      'test-flaky',
      async (job) => {
        const attempt: (typeof attempts)[number] = { retryCount: job.retryCount, startedAt: Date.now() };
        attempts.push(attempt);
        if (job.retryCount < 2) {
          attempt.failedAt = Date.now();
          throw new Error('the mail server is down');
        }
        succeeded.resolve();
      },
      { retryLimit: 3, retryDelaySeconds: 1 },
    );
    await queue.start();

    const id = await queue.send('test-flaky', { label: 'digest' });
    await succeeded.promise;

    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    // Backoff: at least 1 s after the first failure, at least 2 s after the second.
    expect(attempts[1]!.startedAt).toBeGreaterThanOrEqual(attempts[0]!.failedAt! + 1000);
    expect(attempts[2]!.startedAt).toBeGreaterThanOrEqual(attempts[1]!.failedAt! + 2000);
    expect(await waitForJobOutcome(queue, 'test-flaky', id!)).toBe('completed');
  });

  it('never runs a cancelled job', async () => {
    const queue = createQueue();
    const ranPosts: number[] = [];
    const laterRan = deferred<void>();
    queue.register('test-publish', async (job) => {
      ranPosts.push(job.data.postId);
      if (job.data.postId === 2) laterRan.resolve();
    });
    await queue.start();

    const cancelled = await queue.send(
      'test-publish',
      { postId: 1 },
      { startAfter: new Date(Date.now() + 1500) },
    );
    // Due after the cancelled one: by the time it runs, the cancelled one would have run first.
    await queue.send('test-publish', { postId: 2 }, { startAfter: new Date(Date.now() + 2500) });
    await queue.cancel('test-publish', cancelled!);
    await laterRan.promise;

    expect(ranPosts).toEqual([2]);
    expect(await queue.getState('test-publish', cancelled!)).toBe('cancelled');
  });

  it('stores a job with the caller’s transaction: none when it rolls back, one when it commits', async () => {
    // The commit wakes the worker: the job runs without waiting for a poll.
    const queue = createQueue(database, noPoll);
    const ranPosts: number[] = [];
    const committedRan = deferred<void>();
    queue.register('test-publish', async (job) => {
      ranPosts.push(job.data.postId);
      committedRan.resolve();
    });
    await queue.start();

    let rolledBackId: string | null = null;
    await expect(
      database.db.transaction(async (transaction) => {
        rolledBackId = await queue.send('test-publish', { postId: 1 }, { transaction });
        throw new Error('the post failed to save');
      }),
    ).rejects.toThrow('the post failed to save');
    await database.db.transaction(async (transaction) => {
      await queue.send('test-publish', { postId: 2 }, { transaction });
    });
    await committedRan.promise;

    expect(ranPosts).toEqual([2]);
    expect(rolledBackId).not.toBeNull();
    expect(await queue.getState('test-publish', rolledBackId!)).toBeNull();
  });

  it('runs every job stored at once, one after another, woken once by their commit', async () => {
    const queue = createQueue(database, noPoll);
    const ran: number[] = [];
    const allRan = deferred<void>();
    queue.register('test-count', async (job) => {
      ran.push(job.data.n);
      if (ran.length === 5) allRan.resolve();
    });
    await queue.start();

    // A job stored in a savepoint that rolled back is not there; the others are.
    await database.db.transaction(async (transaction) => {
      for (const n of [1, 2, 3, 4, 5]) await queue.send('test-count', { n }, { transaction });
      await expect(
        transaction.transaction(async (savepoint) => {
          await queue.send('test-count', { n: 6 }, { transaction: savepoint });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    });
    await allRan.promise;

    expect([...ran].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps one waiting job per key in a queue with the short policy', async () => {
    const queue = createQueue();
    queue.register('test-unique', async () => {}, { policy: 'short' });
    queue.register('test-publish', async () => {});
    await queue.start();
    const startAfter = new Date(Date.now() + 60_000);

    const first = await queue.send('test-unique', { postId: 1 }, { startAfter, singletonKey: 'post-1' });
    const again = await queue.send('test-unique', { postId: 1 }, { startAfter, singletonKey: 'post-1' });
    const other = await queue.send('test-unique', { postId: 2 }, { startAfter, singletonKey: 'post-2' });

    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(other).not.toBeNull();
    await expect(queue.send('test-publish', { postId: 1 }, { singletonKey: 'post-1' })).rejects.toThrow(
      /standard policy/,
    );
  });
});
