/**
 * Reach under load, on a timeline of 100,000 posts with 1,000,000 views (ten viewers a post) and
 * 100,000 reactions, 20 of the posts mandatory readings: consultaPostagens (pages 1–20), then
 * registraVisualizacoes (batches of 10 posts, mostly already seen), then consultaLeiturasPendentes
 * and consultaPublicacaoAdmin of a post with 10 views; 50 connections, BENCH_SECONDS each, on
 * PostgreSQL (DATABASE_URL) or PGlite. Prints the figures.
 * Run: npm run bench:reach -w @elo/bench   (DATABASE_URL=postgresql://… for PostgreSQL)
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';
import { jsonHeaders as headers, startBenchServer } from './bench-server.ts';
import { seedTimelineLoad } from './timeline-seed.ts';

// The per-person limit of view reports would answer 429 to a load from one person.
process.env.VIEW_REPORTS_PER_MINUTE ??= '100000000';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const postCount = Number(process.env.BENCH_POSTS ?? 100_000);
const viewersPerPost = 10;
let seedSeconds = 0;
let postIds: number[] = [];

const server = await startBenchServer(async (appDb) => {
  const started = Date.now();
  // On PostgreSQL the bulk statements outlast the application's 5 s statement timeout: they run on
  // a connection of their own without one.
  const client = process.env.DATABASE_URL
    ? new pg.Client({ connectionString: process.env.DATABASE_URL })
    : undefined;
  await client?.connect();
  const db = client ? (drizzle(client) as unknown as Database) : appDb;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const [existing] = await rows<{ total: number }>(sql`select count(*)::int as total from posts`);
  if (existing!.total < postCount) await seedTimelineLoad(db, { posts: postCount, reactionsPerPost: 1 });
  // Ten viewers a post among the company's people, by SQL in bulk: 1,000,000 views.
  await db.execute(sql`
    with people as (select company_id, array_agg(id order by id) as ids from users
        where company_id = (select id from companies where name = 'Elo Demonstração') group by company_id)
    insert into post_views (company_id, post_id, user_id, viewed_at)
    select people.company_id, p.id, people.ids[1 + ((p.id + 7 * k) % array_length(people.ids, 1))],
           p.publish_at + make_interval(mins => k)
    from posts p, people, generate_series(0, ${viewersPerPost - 1}) as k
    where p.company_id = people.company_id and p.text like 'Publicação de carga%'
    on conflict do nothing`);
  await db.execute(sql`
    update posts set requires_reading = true, is_publication = true
    where id in (select id from posts where text like 'Publicação de carga%' order by publish_at desc limit 20)`);
  await db.execute(sql`analyze`);
  postIds = (
    await rows<{ id: number }>(
      sql`select id from posts where text like 'Publicação de carga%' order by publish_at desc limit 400`,
    )
  ).map((row) => row.id);
  await client?.end();
  seedSeconds = Math.round((Date.now() - started) / 100) / 10;
});
const { address, database } = server;
const [views] = (
  (await database.db.execute(sql`select count(*)::int as total from post_views`)) as unknown as {
    rows: { total: number }[];
  }
).rows;
const employee = await server.cookieFor('maria.silva@demo.elo');
const admin = await server.cookieFor('admin@demo.elo');

async function measure(call: string, cookie: string, bodies: unknown[]) {
  const run = (duration: number) =>
    autocannon({
      url: `${address}/backend/${call}`,
      method: 'POST',
      connections: 50,
      duration,
      workers: 1,
      headers: { ...headers, cookie },
      requests: bodies.map((body) => ({ body: JSON.stringify(body) })),
    });
  await run(2);
  const result = await run(seconds);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const figures = {
  database: database.kind,
  posts: postCount,
  views: views!.total,
  seedSeconds,
  connections: 50,
  seconds,
  consultaPostagens: await measure(
    'consultaPostagens',
    employee,
    Array.from({ length: 20 }, (_, index) => ({
      idPaginaAtual: index + 1,
      qtdRegistrosPorPagina: 10,
      idsGrupo: [],
      idTipoIgnorar: [7],
    })),
  ),
  registraVisualizacoes: await measure(
    'registraVisualizacoes',
    employee,
    Array.from({ length: 40 }, (_, index) => ({ idsMensagens: postIds.slice(index * 10, index * 10 + 10) })),
  ),
  consultaLeiturasPendentes: await measure('consultaLeiturasPendentes', employee, [{}]),
  consultaPublicacaoAdmin: await measure('consultaPublicacaoAdmin', admin, [{ idPublicacao: postIds[0] }]),
};

/** How long one statement takes alone (EXPLAIN ANALYZE's execution time), the median of five runs. */
async function statementMs(query: ReturnType<typeof sql>) {
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const plan = (await database.db.execute(sql`explain analyze ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    const line = plan.rows
      .map((row) => Object.values(row)[0])
      .find((text) => text?.startsWith('Execution Time'));
    times.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? NaN));
  }
  return times.sort((a, b) => a - b)[2];
}
const [maria] = (
  (await database.db.execute(
    sql`select id, company_id from users where email = 'maria.silva@demo.elo'`,
  )) as unknown as {
    rows: { id: number; company_id: number }[];
  }
).rows;
const visible = sql`p.deleted_at is null and p.hidden_at is null and p.status = 'published' and p.publish_at <= now()
  and (p.on_wall or exists (select 1 from post_groups pg where pg.post_id = p.id and pg.group_id = any(
    (select coalesce(array_agg(gm.group_id), '{}'::int[]) from group_members gm where gm.user_id = ${maria!.id})::int[]) offset 0))`;
const statements = {
  registraVisualizacoesInsert: await statementMs(sql`insert into post_views (company_id, post_id, user_id)
    select p.company_id, p.id, ${maria!.id} from posts p
    where p.id = any(${sql.param(postIds.slice(200, 210))}::int[]) and p.company_id = ${maria!.company_id} and ${visible}
    on conflict (post_id, user_id) do nothing`),
  pendingReadings: await statementMs(sql`select p.id from posts p
    where p.company_id = ${maria!.company_id} and p.requires_reading and ${visible}
      and not exists (select 1 from post_read_confirmations rc where rc.post_id = p.id and rc.user_id = ${maria!.id})
    order by publish_at desc nulls last, id desc nulls last limit 50`),
  viewsPerDay:
    await statementMs(sql`select (viewed_at at time zone 'America/Sao_Paulo')::date as day, count(*)
    from post_views where post_id = ${postIds[0]!} group by 1`),
};
console.log(JSON.stringify({ ...figures, statementMs: statements }, null, 2));
await server.stop();
