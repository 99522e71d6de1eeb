import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createJobQueue, type JobQueue } from './jobs.ts';

declare module './jobs.ts' {
  interface JobPayloads {
    'test-outage': { outcome: 'done' | 'fails' };
  }
}

/**
 * PostgreSQL lost while a job runs: pg-boss records a job's outcome without awaiting it, so a
 * failed write there would reach the process as an unhandled rejection (CI once failed on
 * pg-pool's 'Connection terminated unexpectedly' that way). The queue logs it instead; the job
 * stays active until it expires and is retried. Needs a real server to cut (PGlite has no network).
 */

const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

let name: string;
let dataDir: string;
let proxy: TcpProxy;
let database: DatabaseHandle;
let queue: JobQueue | undefined;
let logLines: { msg?: string; err?: { message?: string } }[];
let unhandled: unknown[];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

/** A promise with its resolver, to hold a handler until the test lets it go. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

beforeEach(async () => {
  unhandled = [];
  logLines = [];
  process.on('unhandledRejection', onUnhandled);
  name = `elo_test_jobs_outage_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  dataDir = await mkdtemp(path.join(tmpdir(), 'elo-jobs-outage-'));
  database = await openDatabase({ databaseUrl: url.toString(), dataDir, onConnectionLost: () => {} });
});

afterEach(async () => {
  await proxy.restore().catch(() => undefined);
  await queue?.stop().catch(() => undefined);
  queue = undefined;
  await database.close().catch(() => undefined);
  await proxy.close();
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
  await rm(dataDir, { recursive: true, force: true });
  process.off('unhandledRejection', onUnhandled);
});

const log = () =>
  pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as (typeof logLines)[number]);
        done();
      },
    }),
  );

describe('a job whose outcome cannot be written because PostgreSQL is gone', () => {
  for (const outcome of ['done', 'fails'] as const) {
    it(`${outcome === 'done' ? 'succeeded' : 'failed'}: logged, and no unhandled rejection reaches the process`, async () => {
      queue = createJobQueue({ database, log: log(), pollSeconds: 0.5 });
      const running = deferred();
      const finish = deferred();
      queue.register('test-outage', async (job) => {
        running.resolve();
        await finish.promise;
        if (job.data.outcome === 'fails') throw new Error('the handler failed');
      });
      await queue.start();
      await queue.send('test-outage', { outcome });
      await running.promise;

      await proxy.cut();
      finish.resolve();

      await expect
        .poll(() => logLines.map((line) => line.msg), { timeout: 10_000 })
        .toContain('job outcome not recorded');
      // An unhandled rejection is reported after the microtasks of the turn that rejected.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    });
  }
});
