/**
 * Mixed load (issue 18): how many simulated people one setup serves while healthy (average HTTP
 * ≤ 100 ms, p99 ≤ 500 ms, errors ≤ 0.025 %, a lost or refused chat socket and an error frame
 * counting as errors). The company is seeded once (mixed-seed.ts); the server runs as
 * `apps/server/src/main.ts` in its own process(es); the people are played by generator processes
 * of their own (mixed-load-people.ts). The population is ramped; at each step the new people
 * sign in (a real doLogin each, a few at a time, before the window), then after a warm-up one
 * window is measured: requests/s, latency (HDR histograms), errors, CPU of the node(s), of the
 * PostgreSQL backends and of the generator, the node's RSS, the database connections busy, and
 * the load average. The ramp stops at the first unhealthy step.
 *
 *   npm run bench:mixed -w @elo/bench -- --setup pglite|postgres|two-nodes [--fresh]
 *
 * pglite: a kept data folder (BENCH_DATA_DIR, default <tmp>/elo-mixed-pglite); postgres and
 * two-nodes: the database elo_bench_mixed on BENCH_POSTGRES_URL (default the machine's), made
 * when missing; --fresh drops it (or the folder) first. two-nodes adds REDIS_URL and HAProxy
 * (two-nodes.ts). Env: BENCH_STEPS (250,500,1000,2000,3000,4000,5000), BENCH_WINDOW_SECONDS (30),
 * BENCH_WARMUP_SECONDS (10), BENCH_THINK_MS (15000), BENCH_WORKERS (1), BENCH_PORT (3700),
 * BENCH_CPU_PROF (a folder for the nodes' CPU profiles). Two nodes use ports BENCH_PORT to BENCH_PORT + 2.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as hdr from 'hdr-histogram-js';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoIfWanted } from '../apps/server/src/db/seed/demo.ts';
import { createConfiguredStorage } from '../apps/server/src/platform/storage/configured-storage.ts';
import { cpuMs } from './cpu-meter.ts';
import {
  defaultMixedSeed,
  describeMixedLoad,
  mixedPassword,
  seedMixedLoad,
  type MixedLoad,
  type MixedPerson,
} from './mixed-seed.ts';

const { values: args } = parseArgs({
  options: { setup: { type: 'string', default: 'pglite' }, fresh: { type: 'boolean', default: false } },
});
const setupName = args.setup!;
if (!['pglite', 'postgres', 'two-nodes'].includes(setupName)) throw new Error(`unknown setup ${setupName}`);
const steps = (process.env.BENCH_STEPS ?? '250,500,1000,2000,3000,4000,5000').split(',').map(Number);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 15_000);
const workerCount = Number(process.env.BENCH_WORKERS ?? 1);
const port = Number(process.env.BENCH_PORT ?? 3700);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const health = { avgMs: 100, p99Ms: 500, errorRate: 0.00025 };
/** BENCH_KEEP_GOING=1: measure every step, also past the first unhealthy one. */
const keepGoing = process.env.BENCH_KEEP_GOING === '1';

const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'elo-mixed-pglite');
const databaseName = 'elo_bench_mixed';
const databaseUrl = (() => {
  const url = new URL(postgresUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const onPostgres = setupName !== 'pglite';

/** Makes (or keeps) the database and fills it; gives the people and surveys to play. */
async function prepareDatabase(): Promise<MixedLoad> {
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    if (args.fresh) await admin.query(`drop database if exists ${databaseName} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (exists.rowCount === 0) await admin.query(`create database ${databaseName}`);
    await admin.end();
  } else if (args.fresh) await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: onPostgres ? databaseUrl : '',
  });
  // The bulk statements of the seed run for minutes: no statement timeout here.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    timeouts: { statementMs: 3_600_000, connectMs: 10_000 },
  });
  try {
    await database.migrate();
    const log = { info: () => undefined, warn: console.warn, error: console.error } as never;
    await seedDemoIfWanted({ db: database.db, storage: createConfiguredStorage(config), mode: 'auto', log });
    await seedMixedLoad(database.db, defaultMixedSeed);
    return await describeMixedLoad(database.db);
  } finally {
    await database.close();
  }
}

interface Server {
  httpUrl: string;
  wsUrl: string;
  pids: number[];
  /** The balancer and Redis, with two nodes. */
  supportPids: number[];
  stop(): Promise<void>;
}

/** One node: the real server entry, as `npm start` runs it, on the prepared database. */
async function startOneNode(): Promise<Server> {
  // BENCH_CPU_PROF=<folder>: the node writes its CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED: 'never',
      DATA_DIR: dataDir,
      DATABASE_URL: onPostgres ? databaseUrl : '',
      REDIS_URL: '',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const httpUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the node exited with ${child.exitCode}`);
    const ok = await fetch(`${httpUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  return {
    httpUrl,
    wsUrl: `ws://127.0.0.1:${port}/backend/chat`,
    pids: [child.pid!],
    supportPids: [],
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startServer(): Promise<Server> {
  if (setupName !== 'two-nodes') return startOneNode();
  const { startTwoNodes } = await import('./two-nodes.ts');
  const cluster = await startTwoNodes({
    databaseUrl,
    redisUrl,
    ports: { balancer: port, nodeA: port + 1, nodeB: port + 2 },
    nodeArgs: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : undefined,
  });
  const redisPid = Number(execFileSync('pidof', ['redis-server'], { encoding: 'utf8' }).trim().split(' ')[0]);
  return {
    httpUrl: cluster.url,
    wsUrl: cluster.wsUrl,
    pids: cluster.nodes.map((node) => node.pid),
    supportPids: [cluster.balancer.pid, ...(redisPid ? [redisPid] : [])],
    stop: () => cluster.stop(),
  };
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

const loadAverage = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

interface WorkerReport {
  seconds: number;
  http: string;
  ws: string;
  httpRequests: number;
  httpErrors: number;
  wsFrames: number;
  wsErrors: number;
  actions: Record<string, number>;
  calls: Record<string, string>;
  errorSamples: string[];
  people: number;
}

function startWorker(server: Server, load: MixedLoad): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'mixed-load-people.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      MIXED_SETUP: JSON.stringify({
        httpUrl: server.httpUrl,
        wsUrl: server.wsUrl,
        password: mixedPassword,
        surveys: load.surveys,
        thinkMs,
        signInConcurrency: 4,
      }),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`generator exited with ${code}`)));
  });
}

const ask = <T>(child: ChildProcess, message: unknown, key: string): Promise<T> =>
  new Promise((resolve) => {
    const listener = (answer: Record<string, unknown>) => {
      if (!(key in answer)) return;
      child.off('message', listener);
      resolve((key === 'report' ? answer.report : answer) as T);
    };
    child.on('message', listener);
    child.send(message as string);
  });

/** The PostgreSQL backends of the bench database, and how many are running a statement now. */
async function backends(monitor: pg.Client) {
  const result = await monitor.query<{ pid: number; state: string }>(
    'select pid, state from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [databaseName],
  );
  return result.rows;
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const latencyHistogram = () =>
  hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 120_000_000,
    numberOfSignificantValueDigits: 3,
  });

/** Each call's count, mean and p99 (ms) over every generator, the most time-consuming first. */
function perCall(reports: WorkerReport[]) {
  const merged = new Map<string, ReturnType<typeof latencyHistogram>>();
  for (const report of reports)
    for (const [name, encoded] of Object.entries(report.calls)) {
      let calls = merged.get(name);
      if (!calls) merged.set(name, (calls = latencyHistogram()));
      calls.add(hdr.decodeFromCompressedBase64(encoded));
    }
  return [...merged]
    .sort(([, a], [, b]) => b.mean * b.totalCount - a.mean * a.totalCount)
    .map(([name, calls]) => ({
      name,
      count: calls.totalCount,
      avgMs: round(calls.mean / 1000),
      p99Ms: round(calls.getValueAtPercentile(99) / 1000),
    }));
}

const load = await prepareDatabase();
console.log(`${setupName}: ${load.people.length} people seeded, ${load.surveys.length} surveys`);
const server = await startServer();
const monitor = onPostgres ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await monitor?.connect();
const workers = await Promise.all(Array.from({ length: workerCount }, () => startWorker(server, load)));
const table: string[] = [];
let healthyPopulation = 0;
let brokenAt: number | undefined;
let online = 0;

try {
  for (const step of steps) {
    if (step > load.people.length) break;
    // The new people sign in, spread over the generators; not measured.
    const arriving = load.people.slice(online, step);
    const signInStarted = Date.now();
    const shares: MixedPerson[][] = workers.map(() => []);
    arriving.forEach((person, index) => shares[index % workers.length]!.push(person));
    const added = await Promise.all(
      workers.map((worker, index) =>
        ask<{ added: number; failed: number }>(worker, { add: shares[index] }, 'added'),
      ),
    );
    const failedSignIns = added.reduce((total, entry) => total + entry.failed, 0);
    online = step;
    const signInSeconds = (Date.now() - signInStarted) / 1000;
    await sleep(warmupSeconds * 1000);

    for (const worker of workers) worker.send('reset');
    const cpu = async () => ({
      nodes: (await Promise.all(server.pids.map((pid) => cpuMs(`/proc/${pid}/stat`)))).reduce(
        (a, b) => a + b,
        0,
      ),
      support: (await Promise.all(server.supportPids.map((pid) => cpuMs(`/proc/${pid}/stat`)))).reduce(
        (a, b) => a + b,
        0,
      ),
      generator: (await Promise.all(workers.map((worker) => cpuMs(`/proc/${worker.pid}/stat`)))).reduce(
        (a, b) => a + b,
        0,
      ),
    });
    const before = await cpu();
    const dbBefore = new Map<number, number>();
    if (monitor)
      for (const backend of await backends(monitor))
        dbBefore.set(backend.pid, await cpuMs(`/proc/${backend.pid}/stat`));
    const started = Date.now();
    let samples = 0;
    let busyTotal = 0;
    let busyMax = 0;
    let rssMax = 0;
    while (Date.now() - started < windowSeconds * 1000) {
      await sleep(1_000);
      const rss = (await Promise.all(server.pids.map(rssMiB))).reduce((a, b) => a + b, 0);
      rssMax = Math.max(rssMax, rss);
      if (monitor) {
        const busy = (await backends(monitor)).filter((backend) => backend.state === 'active').length;
        busyTotal += busy;
        busyMax = Math.max(busyMax, busy);
      }
      samples += 1;
    }
    const after = await cpu();
    let dbMs = 0;
    if (monitor)
      for (const backend of await backends(monitor))
        dbMs += (await cpuMs(`/proc/${backend.pid}/stat`)) - (dbBefore.get(backend.pid) ?? 0);
    const seconds = (Date.now() - started) / 1000;
    const reports = await Promise.all(workers.map((worker) => ask<WorkerReport>(worker, 'report', 'report')));
    const loadavg = await loadAverage();

    const http = latencyHistogram();
    const ws = latencyHistogram();
    for (const report of reports) {
      http.add(hdr.decodeFromCompressedBase64(report.http));
      ws.add(hdr.decodeFromCompressedBase64(report.ws));
    }
    const sum = (key: 'httpRequests' | 'httpErrors' | 'wsFrames' | 'wsErrors') =>
      reports.reduce((total, report) => total + report[key], 0);
    const requests = sum('httpRequests');
    const errors = sum('httpErrors') + sum('wsErrors');
    const errorRate = errors / Math.max(1, requests + sum('wsFrames'));
    const avgMs = http.mean / 1000;
    const p99Ms = http.getValueAtPercentile(99) / 1000;
    const healthy =
      avgMs <= health.avgMs && p99Ms <= health.p99Ms && errorRate <= health.errorRate && failedSignIns === 0;
    const corePercent = (ms: number) => round((ms / (seconds * 1000)) * 100, 0);
    const figures = {
      setup: setupName,
      people: step,
      signInSeconds: round(signInSeconds),
      failedSignIns,
      requestsPerSecond: round(requests / seconds),
      wsFramesPerSecond: round(sum('wsFrames') / seconds),
      avgMs: round(avgMs),
      p50Ms: round(http.getValueAtPercentile(50) / 1000),
      p99Ms: round(p99Ms),
      maxMs: round(http.maxValue / 1000),
      wsP50Ms: round(ws.getValueAtPercentile(50) / 1000),
      wsP99Ms: round(ws.getValueAtPercentile(99) / 1000),
      errors,
      errorRatePercent: round(errorRate * 100, 3),
      nodeCpuPercentOfCore: corePercent(after.nodes - before.nodes),
      dbCpuPercentOfCore: monitor ? corePercent(dbMs) : null,
      nodeCpuMsPerRequest: round((after.nodes - before.nodes) / Math.max(1, requests), 2),
      dbCpuMsPerRequest: monitor ? round(dbMs / Math.max(1, requests), 2) : null,
      generatorCpuPercentOfCore: corePercent(after.generator - before.generator),
      balancerAndRedisCpuPercentOfCore: server.supportPids.length
        ? corePercent(after.support - before.support)
        : null,
      rssMiB: round(rssMax, 0),
      dbConnectionsBusy: monitor ? { average: round(busyTotal / Math.max(1, samples)), max: busyMax } : null,
      loadavg,
      actions: reports.reduce<Record<string, number>>((all, report) => {
        for (const [name, total] of Object.entries(report.actions)) all[name] = (all[name] ?? 0) + total;
        return all;
      }, {}),
      calls: perCall(reports),
      errorSamples: reports.flatMap((report) => report.errorSamples).slice(0, 10),
      healthy,
    };
    console.log(JSON.stringify(figures));
    table.push(
      `| ${setupName} | ${step} | ${figures.requestsPerSecond} | ${figures.avgMs} ms | ${figures.p99Ms} ms | ` +
        `${figures.errorRatePercent} % | ${figures.nodeCpuPercentOfCore} % | ${figures.dbCpuPercentOfCore ?? '—'}${monitor ? ' %' : ''} | ` +
        `${figures.rssMiB} MiB | ${figures.generatorCpuPercentOfCore} % | ${loadavg} | ${healthy ? 'yes' : 'no'} |`,
    );
    // The largest population of an unbroken healthy run from the first step.
    if (healthy && brokenAt === undefined) healthyPopulation = step;
    if (!healthy) brokenAt ??= step;
    if (!healthy && !keepGoing) break;
  }
} finally {
  for (const worker of workers) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.send('stop');
    await exited;
  }
  await monitor?.end();
  await server.stop();
}

console.log(
  '\n| setup | people | req/s | avg | p99 | errors | node CPU (of a core) | DB CPU | node RSS | generator CPU | load average | healthy |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
console.log(table.join('\n'));
console.log(`\nLargest healthy population (${setupName}): ${healthyPopulation}`);
