/**
 * consultaPostagens under load: a user in 5 groups reading pages 1–20 of a timeline of 100,000
 * posts and 1,000,000 reactions, 50 connections for 15 s, on PostgreSQL (DATABASE_URL) or PGlite.
 * Prints the figures and the plan of the page query.
 * Run: npm run bench:timeline -w @elo/bench   (DATABASE_URL=postgresql://… for PostgreSQL)
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { jsonHeaders as headers, startBenchServer } from './bench-server.ts';
import { startCpuMeter } from './cpu-meter.ts';
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
const load = (duration: number) =>
  autocannon({
    url: `${address}/backend/consultaPostagens`,
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
// A short warm-up opens the pool's connections and fills the card cache, as on a live server.
await load(3);
const meter = await startCpuMeter(database.kind === 'postgres' ? database.db : undefined);
const result = await load(seconds);
const cpu = await meter.stop();
const perRequest = (ms: number) => Math.round((ms / result.requests.total) * 1000) / 1000;

// The plan of the published half of the page query, for page 10 (as pageEntries runs it).
const plan = (await database.db.execute(sql`
  explain analyze
  select p.id, p.publish_at from posts p
  where p.company_id = (select id from companies where name = 'Elo Demonstração')
    and p.status = 'published' and p.deleted_at is null and p.publish_at <= now()
    and p.type <> all(array[7])
    and (p.on_wall or exists (select 1 from post_groups pg where pg.post_id = p.id and pg.group_id = any(array[1, 2, 3, 4, 5]) offset 0))
  order by publish_at desc nulls last, id desc nulls last limit 141`)) as unknown as {
  rows: Record<string, string>[];
};

console.log(
  JSON.stringify(
    {
      database: database.kind,
      posts: postCount,
      seedSeconds,
      connections: 50,
      seconds,
      requestsPerSecond: Math.round(result.requests.average),
      p50ms: result.latency.p50,
      p99ms: result.latency.p99,
      non2xx: result.non2xx,
      cpuMsPerRequest: { server: perRequest(cpu.server), postgres: perRequest(cpu.postgres) },
      responseBytes: Math.round(result.throughput.total / result.requests.total),
      errors: result.errors,
    },
    null,
    2,
  ),
);
console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'));

await server.stop();
