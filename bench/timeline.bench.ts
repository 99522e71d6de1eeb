/**
 * consultaPostagens under load: a user in 5 groups reading pages 1–20 of a timeline of 100,000
 * posts and 1,000,000 reactions, 50 connections for 15 s, on PostgreSQL (DATABASE_URL) or PGlite.
 * On PostgreSQL the same load then runs against a bare Fastify + pg server serving the same page
 * (bare-timeline-server.ts; BENCH_BARE=0 skips it). With BENCH_CPU_PROFILE=<file> the server's
 * thread is profiled during each measured run. Prints the figures and the plan of the page query.
 * Run: npm run bench:timeline -w @elo/bench   (DATABASE_URL=postgresql://… for PostgreSQL)
 */
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { jsonHeaders as headers, startBenchServer } from './bench-server.ts';
import { startBareTimelineServer } from './bare-timeline-server.ts';
import { startCpuMeter } from './cpu-meter.ts';
import { startCpuProfile } from './cpu-profile.ts';
import { seedTimelineLoad } from './timeline-seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const postCount = Number(process.env.BENCH_POSTS ?? 100_000);
let seedSeconds = 0;
const server = await startBenchServer(async (db) => {
  const started = Date.now();
  // A database kept from an earlier run (DATABASE_URL) already holds the load.
  const existing = (await db.execute(sql`select count(*)::int as total from posts`)) as unknown as {
    rows: { total: number }[];
  };
  if (existing.rows[0]!.total < postCount)
    await seedTimelineLoad(db, { posts: postCount, reactionsPerPost: 10 });
  seedSeconds = Math.round((Date.now() - started) / 100) / 10;
});
const { address, database } = server;
const cookie = await server.cookieFor('maria.silva@demo.elo');

// The load runs in a worker thread, so it does not share the server's event loop.
const load = (url: string, duration: number) =>
  autocannon({
    url: `${url}/backend/consultaPostagens`,
    method: 'POST',
    connections: 50,
    duration,
    workers: 1,
    headers: { ...headers, cookie },
    // Each connection cycles through pages 1 to 20.
    requests: Array.from({ length: 20 }, (_, index) => ({
      body: JSON.stringify({
        idPaginaAtual: index + 1,
        qtdRegistrosPorPagina: 10,
        idsGrupo: [],
        idTipoIgnorar: [7],
      }),
    })),
  });

/**
 * One measured run against a server: a short warm-up opens the pool's connections and fills the
 * card cache, as on a live server; then the load, with the CPU time of the server's thread (and
 * PostgreSQL's backends) and, with BENCH_CPU_PROFILE, a CPU profile of the server's thread.
 */
async function measure(url: string, profileFile: string | undefined) {
  await load(url, 3);
  const profiler = profileFile ? await startCpuProfile() : undefined;
  const loadAverage = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
  const meter = await startCpuMeter(database.kind === 'postgres' ? database.db : undefined);
  const result = await load(url, seconds);
  const cpu = await meter.stop();
  const profile = profileFile ? await profiler!.stop(profileFile) : undefined;
  const perRequest = (ms: number) => Math.round((ms / result.requests.total) * 1000) / 1000;
  return {
    loadAverageBefore: loadAverage,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: { server: perRequest(cpu.server), postgres: perRequest(cpu.postgres) },
    responseBytes: Math.round(result.throughput.total / result.requests.total),
    profile,
  };
}

const pageBody = (url: string) =>
  fetch(`${url}/backend/consultaPostagens`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ idPaginaAtual: 3, qtdRegistrosPorPagina: 10, idsGrupo: [], idTipoIgnorar: [7] }),
  }).then((response) => response.text());

const profileFile = process.env.BENCH_CPU_PROFILE;
const app = await measure(address, profileFile);

// On PostgreSQL, the same load on a bare Fastify + pg server serving the same page (the yardstick).
let bare: Awaited<ReturnType<typeof measure>> | undefined;
if (database.kind === 'postgres' && process.env.BENCH_BARE !== '0') {
  const bareServer = await startBareTimelineServer({
    databaseUrl: server.config.DATABASE_URL!,
    idleMinutes: server.config.SESSION_IDLE_MINUTES,
    cardCacheSize: server.config.TIMELINE_CARD_CACHE,
  });
  if ((await pageBody(bareServer.address)) !== (await pageBody(address)))
    throw new Error('The bare server does not answer the same page as the app');
  bare = await measure(bareServer.address, profileFile?.replace(/(\.cpuprofile)?$/, '-bare.cpuprofile'));
  await bareServer.stop();
}

// The plan of the published half of the page query, for page 10 (as pageEntries runs it).
const plan = (await database.db.execute(sql`
  explain analyze
  select p.id, p.publish_at from posts p
  where p.company_id = (select id from companies where name = 'Elo Demonstração')
    and p.status = 'published' and p.deleted_at is null and p.publish_at <= now()
    and p.type <> all(array[7])
    and (p.on_wall or exists (select 1 from post_groups pg where pg.post_id = p.id and pg.group_id + 0 = any(array[1, 2, 3, 4, 5]) offset 0))
  order by publish_at desc nulls last, id desc nulls last limit 141`)) as unknown as {
  rows: Record<string, string>[];
};

const { profile: appProfile, ...appFigures } = app;
const { profile: bareProfile, ...bareFigures } = bare ?? {};
const ratio = (value: number) => Math.round(value * 100) / 100;
console.log(
  JSON.stringify(
    {
      database: database.kind,
      posts: postCount,
      seedSeconds,
      connections: 50,
      seconds,
      app: appFigures,
      ...(bare && {
        bare: bareFigures,
        appToBare: {
          requestsPerSecond: ratio(app.requestsPerSecond / bare.requestsPerSecond),
          serverCpuPerRequest: ratio(bare.cpuMsPerRequest.server / app.cpuMsPerRequest.server),
        },
      }),
    },
    null,
    2,
  ),
);
if (appProfile) console.log(JSON.stringify({ appProfile, bareProfile }, null, 2));
console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));

await server.stop();
