/**
 * Chat under load, with real websocket clients (ws) against server nodes in their own processes
 * (chat-node.ts): for each N, N people connect and authenticate, then
 *  - idle: connections held and the servers' extra memory per idle connection (RSS and heap after GC);
 *  - rooms of 2: BENCH_PAIR_RATE messages/s spread over the N/2 pairs;
 *  - rooms of 50: BENCH_GROUP_RATE messages/s spread over the N/50 groups;
 *  - with N ≥ 2,000: 2,000 people online and one room of 500, BENCH_BIG_RATE messages/s to it;
 * reporting messages delivered per second and end-to-end delivery latency (send → the frame
 * parsed by the receiving client) p50/p99. One node (in-process bus), and two nodes with Redis
 * (REDIS_URL, default the machine's) on one PostgreSQL, clients spread over both.
 * The database: a fresh one on BENCH_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
 * dropped at the end; BENCH_DB=pglite runs the one-node case on embedded PGlite instead.
 * Run: npm run bench:chat -w @elo/bench   (BENCH_N=1000,5000 BENCH_SECONDS=10)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import type { ChatLoad } from './chat-seed.ts';

const sizes = (process.env.BENCH_N ?? '1000,5000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pairRate = Number(process.env.BENCH_PAIR_RATE ?? 200);
const groupRate = Number(process.env.BENCH_GROUP_RATE ?? 10);
const bigRate = Number(process.env.BENCH_BIG_RATE ?? 4);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const topologies = (process.env.BENCH_TOPOLOGY ?? 'one,two').split(',');
/** BENCH_IDLE_ONLY=1: connect, measure memory, and stop there (e.g. BENCH_N=10000). */
const idleOnly = process.env.BENCH_IDLE_ONLY === '1';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Node {
  child: ChildProcess;
  address: string;
  load?: ChatLoad;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const child = fork(path.join(import.meta.dirname, 'chat-node.ts'), {
    // BENCH_CPU_PROF=<folder> writes each node's CPU profile there.
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { address: string; load?: ChatLoad }) =>
      resolve({ child, address: message.address, load: message.load }),
    );
    child.once('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
}

async function memoryOf(node: Node): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    node.child.once('message', (message: { memory: NodeJS.MemoryUsage }) => resolve(message.memory));
    node.child.send('memory');
  });
}

async function stopNode(node: Node) {
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.send('stop');
  await exited;
}

/** A benchmark client: one socket, its person, the latencies of the messages it received. */
interface Client {
  socket: WebSocket;
  token: string;
  latencies: number[];
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Opens a socket for a person and authenticates it by joining a room; resolves when answered. */
function connect(url: string, person: { token: string }, roomId: number): Promise<Client | undefined> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const client: Client = { socket, token: person.token, latencies: [] };
    let settled = false;
    const done = (value: Client | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    socket.on('open', () =>
      socket.send(JSON.stringify({ tokenChat: person.token, idTipo: 1, idSala: roomId })),
    );
    socket.on('message', (data) => {
      const text = String(data);
      if (!settled) return done(text.includes('"codigoResposta":0') ? client : undefined);
      // Only new messages carry a send time; the rest is counted by nobody.
      if (!text.startsWith('{"codigoResposta":0,"descricaoErro":null,"idMensagem"')) return;
      const frame = JSON.parse(text) as { idTipo: number; mensagem: string; idUsuario: number };
      if (frame.idTipo !== 2) return;
      const sentAt = Number(frame.mensagem.split(' ')[0]);
      client.latencies.push(now() - sentAt);
    });
    socket.on('error', () => done(undefined));
    socket.on('close', () => done(undefined));
  });
}

let sequence = 0;
function send(client: Client, roomId: number) {
  client.socket.send(
    JSON.stringify({
      tokenChat: client.token,
      idTipo: 2,
      idSala: roomId,
      idMensagemCliente: `b${process.pid}-${sequence++}`,
      mensagem: `${now()} mensagem de carga`,
    }),
  );
}

/** Sends `rate` messages a second for the run's length, each from the next sender in turn. */
async function drive(rate: number, senders: { client: Client; roomId: number }[]) {
  const started = Date.now();
  let sent = 0;
  while (Date.now() - started < seconds * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) {
      const next = senders[sent % senders.length]!;
      send(next.client, next.roomId);
    }
    await sleep(5);
  }
  await sleep(1_500);
  return sent;
}

function collect(clients: Client[]) {
  const all = clients.flatMap((client) => client.latencies.splice(0));
  return { delivered: all.length, p50: percentile(all, 50), p99: percentile(all, 99) };
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const lines: string[] = [];

async function run(topology: string, count: number) {
  let admin: pg.Client | undefined;
  let database = '';
  let databaseUrl: string | undefined;
  if (topology === 'two' || process.env.BENCH_DB !== 'pglite') {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    database = `elo_bench_chat_${Date.now()}`;
    await admin.query(`create database ${database}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const common: Record<string, string> = {
    CHAT_CONNECTIONS_PER_USER: '10',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(topology === 'two' ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }),
  };
  const first = await startNode({ ...common, BENCH_SEED_PEOPLE: String(count) });
  const nodes = [
    first,
    ...(topology === 'two' ? [await startNode({ ...common, BENCH_SEED_PEOPLE: '0' })] : []),
  ];
  const load = first.load!;
  const urlFor = (index: number) =>
    `${nodes[index % nodes.length]!.address.replace('http', 'ws')}/backend/chat`;
  try {
    await sleep(1_000);
    const before = await Promise.all(nodes.map(memoryOf));
    const clients: (Client | undefined)[] = [];
    const startedConnecting = Date.now();
    for (let index = 0; index < load.people.length; index += 200) {
      const batch = load.people.slice(index, index + 200);
      clients.push(
        ...(await Promise.all(
          batch.map((person, offset) =>
            connect(urlFor(index + offset), person, load.pairRooms[Math.floor((index + offset) / 2)]!),
          ),
        )),
      );
    }
    const connectSeconds = (Date.now() - startedConnecting) / 1000;
    const held = clients.filter(Boolean).length;
    await sleep(2_000);
    const after = await Promise.all(nodes.map(memoryOf));
    const sum = (list: NodeJS.MemoryUsage[], key: 'rss' | 'heapUsed') =>
      list.reduce((total, m) => total + m[key], 0);
    const rssPer = (sum(after, 'rss') - sum(before, 'rss')) / held;
    const heapPer = (sum(after, 'heapUsed') - sum(before, 'heapUsed')) / held;
    const live = clients.filter((client): client is Client => Boolean(client));
    if (idleOnly) {
      lines.push(
        `| ${topology === 'two' ? 'two nodes + Redis' : 'one node'} | ${count} | ${held} | ${round(connectSeconds)} s | ` +
          `${round(rssPer / 1024)} KiB (heap ${round(heapPer / 1024)} KiB); ${round((sum(after, 'rss') - sum(before, 'rss')) / 1024 / 1024)} MiB in all | — | — |`,
      );
      console.log(lines.at(-1));
      for (const client of live) client.socket.terminate();
      return;
    }

    // Rooms of 2: the first of each pair speaks; the other one's receipts count.
    const pairSenders = load.pairRooms.map((roomId, pair) => ({ client: clients[pair * 2]!, roomId }));
    const pairReceivers = load.pairRooms.map((_, pair) => clients[pair * 2 + 1]!);
    for (const client of live) client.latencies.length = 0;
    const pairSent = await drive(
      pairRate,
      pairSenders.filter((entry) => entry.client),
    );
    const pairs = collect(pairReceivers.filter(Boolean));
    for (const client of live) client.latencies.length = 0;

    // Rooms of 50: members speak in turn; everyone but the sender counts.
    const groupSenders = load.groupRooms.flatMap((roomId, group) =>
      Array.from({ length: 5 }, (_, turn) => ({ client: clients[group * 50 + turn * 10]!, roomId })),
    );
    const groupSent = await drive(
      groupRate,
      groupSenders.filter((entry) => entry.client),
    );
    const senderSet = new Set(groupSenders.map((entry) => entry.client));
    const groups = collect(live.filter((client) => !senderSet.has(client)));
    for (const client of live) client.latencies.length = 0;

    lines.push(
      `| ${topology === 'two' ? 'two nodes + Redis' : 'one node'} | ${count} | ${held} | ${round(connectSeconds)} s | ` +
        `${round(rssPer / 1024)} KiB (heap ${round(heapPer / 1024)} KiB) | ` +
        `${pairSent} → ${round(pairs.delivered / seconds)}/s, p50 ${round(pairs.p50)} ms, p99 ${round(pairs.p99)} ms | ` +
        `${groupSent} → ${round(groups.delivered / seconds)}/s, p50 ${round(groups.p50)} ms, p99 ${round(groups.p99)} ms |`,
    );
    console.log(lines.at(-1));

    if (load.bigRoom && live.length >= 2_000) {
      // 2,000 online: the rest leave; person 0 speaks to the room of 500 (499 others listen).
      for (const client of live.slice(2_000)) client.socket.terminate();
      await sleep(1_000);
      const speaker = clients[0]!;
      const bigSent = await drive(bigRate, [{ client: speaker, roomId: load.bigRoom }]);
      const big = collect(live.slice(1, 500));
      lines.push(
        `| ${topology === 'two' ? 'two nodes + Redis' : 'one node'} | 2000 online, room of 500 | ${bigSent} messages → ` +
          `${big.delivered} deliveries (${round(big.delivered / seconds)}/s) | p50 ${round(big.p50)} ms | p99 ${round(big.p99)} ms |`,
      );
      console.log(lines.at(-1));
    }
    for (const client of live) client.socket.terminate();
  } finally {
    for (const node of nodes) await stopNode(node);
    if (admin) {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
}

for (const topology of topologies)
  for (const count of sizes) {
    // Other work on the machine shows in the figures: the load average says how much there was.
    console.log(
      `${topology} node(s), N = ${count}: load average before ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    await run(topology, count);
  }
console.log(
  '\n| topology | N | held | connect time | server memory per idle connection | rooms of 2: sent → delivered | rooms of 50: sent → delivered |',
);
console.log(lines.filter((line) => !line.includes('room of 500')).join('\n'));
console.log('\n| topology | load | messages | p50 | p99 |');
console.log(lines.filter((line) => line.includes('room of 500')).join('\n'));
