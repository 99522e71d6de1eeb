/**
 * Two Elo nodes behind HAProxy, as a deployment runs them: for benchmarks that need the
 * several-node setup (one PostgreSQL, one Redis, a load balancer with sticky-free websockets).
 *
 *     import { startTwoNodes } from './two-nodes.ts';
 *     const cluster = await startTwoNodes({
 *       databaseUrl: 'postgresql://postgres@127.0.0.1:5432/elo_bench', // an existing database
 *       redisUrl: 'redis://127.0.0.1:6379',
 *       // optional: seed ('auto' | 'never' | 'always', node A only; default 'never'),
 *       // ports ({ balancer, nodeA, nodeB }; default 3610, 3611, 3612), env (more variables for
 *       // both nodes, e.g. { LOG_LEVEL: 'error' }), redisPrefix (default a fresh one per run).
 *     });
 *     cluster.url;            // 'http://127.0.0.1:3610', the balancer: HTTP calls and
 *     cluster.wsUrl;          // 'ws://127.0.0.1:3610/backend/chat', the chat socket through it
 *     cluster.nodes;          // [{ name: 'a', pid, port, url }, { name: 'b', … }]: each node process
 *     cluster.balancer.pid;   // HAProxy's process
 *     await processCpuMs(cluster.nodes[0].pid); // CPU ms (user + system, all threads) so far
 *     await cluster.stop();   // HAProxy, then both nodes (SIGTERM, graceful); temp folders removed
 *
 * By hand: `npm run bench:two-nodes -w @elo/bench` makes a fresh database on BENCH_POSTGRES_URL
 * (default the machine's PostgreSQL), starts the two nodes with the demo seed and HAProxy on
 * 3610-3612, prints the addresses and waits; Ctrl-C stops everything and drops the database.
 *
 * Both nodes start at once, as a deployment's would: they take turns on the migrations (a
 * PostgreSQL advisory lock), node A seeds when asked. Once both are ready, HAProxy starts
 * (bench/haproxy.cfg): it balances each request round robin, names the node that answered in
 * X-Served-By and checks GET /readyz on each node. Each node is `node --import tsx apps/server/src/main.ts` with
 * NODE_ENV=production, its own DATA_DIR and one SECRET_KEY shared by both. HAProxy is installed
 * from Debian (apt-get) when missing. Node output goes to this process's stderr (LOG_LEVEL=warn).
 *
 * Connections: HAProxy holds as many as its file descriptor limit allows, two descriptors each
 * (`ulimit -n` is 20,000 on this machine and cannot be raised: about 9,986 connections). A chat
 * socket per person plus one HTTP connection per person would pass that at 5,000 people, so a
 * load generator should share keep-alive HTTP connections (a pool) rather than open one each.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface TwoNodeOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Before every Redis key and channel of this run; a fresh one by default. */
  redisPrefix?: string;
  /** The demo seed on node A (main.ts's SEED); 'never' by default, the benchmark seeds its own. */
  seed?: 'auto' | 'never' | 'always';
  ports?: { balancer: number; nodeA: number; nodeB: number };
  /** More environment for both nodes (overrides the launcher's). */
  env?: Record<string, string>;
  /** How long each process may take to be ready (ms); 5 minutes by default, for a big seed. */
  readyTimeoutMs?: number;
  /** More Node.js options for both node processes (e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']). */
  nodeArgs?: string[];
}

export interface RunningNode {
  name: 'a' | 'b';
  pid: number;
  port: number;
  url: string;
}

export interface TwoNodes {
  /** The balancer's address. */
  url: string;
  /** The chat socket's address through the balancer. */
  wsUrl: string;
  nodes: [RunningNode, RunningNode];
  balancer: { pid: number; port: number };
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');
const haproxyConfig = path.join(import.meta.dirname, 'haproxy.cfg');
const defaultPorts = { balancer: 3610, nodeA: 3611, nodeB: 3612 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installs HAProxy from Debian when it is not on the PATH. */
export function ensureHaproxy(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  const install = spawnSync(
    'sh',
    [
      '-c',
      'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (install.status !== 0) throw new Error('could not install haproxy with apt-get');
  return '/usr/sbin/haproxy';
}

/** CPU time (user + system, every thread) a process has used so far, in ms; 0 once it is gone. */
export async function processCpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Waits until GET url answers 200 `times` times in a row, or fails when the process exits. */
async function waitReady(url: string, child: ChildProcess, what: string, timeoutMs: number, times = 1) {
  const deadline = Date.now() + timeoutMs;
  let inARow = 0;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    inARow = ok ? inARow + 1 : 0;
    if (inARow >= times) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs} ms`);
    await sleep(ok ? 50 : 250);
  }
}

async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Starts node A, then node B, then HAProxy in front of them; see the top of this file. */
export async function startTwoNodes(options: TwoNodeOptions): Promise<TwoNodes> {
  const ports = options.ports ?? defaultPorts;
  const timeoutMs = options.readyTimeoutMs ?? 300_000;
  const haproxy = ensureHaproxy();
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix ?? `elo-bench-${randomBytes(4).toString('hex')}:`,
    SECRET_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${ports.balancer}`,
  };
  const children: ChildProcess[] = [];
  const folders: string[] = [];

  const startNode = async (name: 'a' | 'b', port: number, seed: string): Promise<RunningNode> => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `elo-bench-node-${name}-`));
    folders.push(dataDir);
    const args = [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        ...shared,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        SEED: seed,
        ...options.env,
        PORT: String(port),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    await waitReady(`${url}/readyz`, child, `node ${name}`, timeoutMs);
    return { name, pid: child.pid!, port, url };
  };

  const stop = async () => {
    // The balancer first, so nothing new reaches a node that is closing; then the nodes.
    for (const child of children.slice().reverse()) await stopChild(child);
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  };

  try {
    const [nodeA, nodeB] = await Promise.all([
      startNode('a', ports.nodeA, options.seed ?? 'never'),
      startNode('b', ports.nodeB, 'never'),
    ]);
    const balancer = spawn(haproxy, ['-f', haproxyConfig, '-db'], {
      env: {
        ...process.env,
        ELO_LB_HOST: '127.0.0.1',
        ELO_LB_PORT: String(ports.balancer),
        ELO_NODE_A: `127.0.0.1:${ports.nodeA}`,
        ELO_NODE_B: `127.0.0.1:${ports.nodeB}`,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(balancer);
    const url = `http://127.0.0.1:${ports.balancer}`;
    // A few answers in a row: round robin has then reached both nodes.
    await waitReady(`${url}/readyz`, balancer, 'haproxy', 30_000, 4);
    return {
      url,
      wsUrl: `ws://127.0.0.1:${ports.balancer}/backend/chat`,
      nodes: [nodeA, nodeB],
      balancer: { pid: balancer.pid!, port: ports.balancer },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `npm run bench:two-nodes`: a fresh database with the demo, two nodes and HAProxy until Ctrl-C. */
async function runByHand() {
  const serverUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `elo_two_nodes_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  let cluster: TwoNodes | undefined;
  const finish = async () => {
    await cluster?.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  try {
    cluster = await startTwoNodes({
      databaseUrl: databaseUrl.toString(),
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      seed: 'auto',
    });
  } catch (error) {
    await finish();
    throw error;
  }
  console.log(`balancer ${cluster.url} (chat ${cluster.wsUrl}), pid ${cluster.balancer.pid}`);
  for (const node of cluster.nodes) console.log(`node ${node.name} ${node.url}, pid ${node.pid}`);
  console.log(`database ${name}; Ctrl-C stops everything and drops it`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await finish();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runByHand();
