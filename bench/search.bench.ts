/**
 * buscaGeral under load: Maria searching a company of BENCH_PEOPLE people (5,000), BENCH_POSTS posts
 * (100,000) and BENCH_MESSAGES chat messages (100,000), BENCH_CONCURRENCY (20) searches at once for
 * BENCH_SECONDS (15 s), on PostgreSQL (DATABASE_URL) or PGlite. Each client sends its next search
 * when the previous answers, cycling through terms of every sort (a rare word, a common one, a
 * prefix, a name, several words, no accents); the latencies are measured here, so the p95 is exact.
 * Prints the figures, the CPU a search cost in this process and in PostgreSQL, and the plan of the
 * commonest term's statement on the posts. With BENCH_CPU_PROFILE=<file> the process's thread is
 * profiled while the searches run at once.
 * Run: npm run bench:search -w @elo/bench   (DATABASE_URL=postgresql://… for PostgreSQL)
 */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { sql } from 'drizzle-orm';
import { jsonHeaders as headers, startBenchServer } from './bench-server.ts';
import { startCpuMeter } from './cpu-meter.ts';
import { startCpuProfile } from './cpu-profile.ts';
import { seedSearchLoad } from './search-seed.ts';
import { searchTerms as terms } from './search-terms.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const sizes = {
  posts: Number(process.env.BENCH_POSTS ?? 100_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 100_000),
  people: Number(process.env.BENCH_PEOPLE ?? 5_000),
};

let seedSeconds = 0;
const server = await startBenchServer(async (db) => {
  const started = Date.now();
  // A database kept from an earlier run (DATABASE_URL) already holds the load.
  const existing = (await db.execute(
    sql`select count(*)::int as total from posts where text like '% Nº %'`,
  )) as unknown as {
    rows: { total: number }[];
  };
  if (existing.rows[0]!.total < sizes.posts) await seedSearchLoad(db, sizes);
  seedSeconds = Math.round((Date.now() - started) / 100) / 10;
});
const { address, database } = server;
const cookie = await server.cookieFor('maria.silva@demo.elo');

/**
 * The clients' connections, kept open as a browser keeps them. Node's own HTTP client: `fetch`
 * (undici, with its web streams) cost a millisecond of this process's CPU a search, which the
 * people's browsers spend on their own machines, not the server's.
 */
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const searchUrl = new URL(`${address}/backend/buscaGeral`);

async function searchOnce(termo: string): Promise<{ ms: number; ok: boolean; total: number }> {
  const started = performance.now();
  const payload = JSON.stringify({ termo, idPaginaAtual: 1, qtdRegistrosPorPagina: 20 });
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = request(
      searchUrl,
      {
        method: 'POST',
        agent,
        headers: { ...headers, cookie, 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
  const body = JSON.parse(text) as { data?: { qtdTotal: number } };
  const ok = status >= 200 && status < 300;
  return { ms: performance.now() - started, ok, total: body.data?.qtdTotal ?? 0 };
}

/** `clients` loops, each searching as soon as its last search answered, for `duration` seconds. */
async function load(clients: number, duration: number) {
  const latencies: number[] = [];
  const byTerm = new Map<string, number[]>();
  let failures = 0;
  const until = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; Date.now() < until; n += 1) {
        const term = terms[n % terms.length]!;
        const { ms, ok } = await searchOnce(term);
        latencies.push(ms);
        const times = byTerm.get(term) ?? [];
        times.push(ms);
        byTerm.set(term, times);
        if (!ok) failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]! * 10) / 10;
  return {
    searches: latencies.length,
    perSecond: Math.round(latencies.length / duration),
    p50ms: at(0.5),
    p95ms: at(0.95),
    p99ms: at(0.99),
    maxMs: Math.round(latencies.at(-1)! * 10) / 10,
    failures,
    /** Each term's median: one at a time, what a search of it costs (on PGlite, all of it in this thread). */
    medianMsByTerm: Object.fromEntries(
      [...byTerm].map(([term, times]) => {
        const sorted = times.sort((a, b) => a - b);
        return [term, Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10];
      }),
    ),
  };
}

const matches: Record<string, number> = {};
for (const term of terms) matches[term] = (await searchOnce(term)).total;
// Warm-up: opens the pool's connections and reads the indexes into memory, as on a live server.
await load(concurrency, 3);
const loadAverageBefore = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
const single = await load(1, Math.min(seconds, 10));
const profileFile = process.env.BENCH_CPU_PROFILE;
const profiler = profileFile ? await startCpuProfile() : undefined;
const meter = await startCpuMeter(database.kind === 'postgres' ? database.db : undefined);
const concurrent = await load(concurrency, seconds);
const profile = profileFile ? await profiler!.stop(profileFile) : undefined;
// CPU a search cost at once: this process's main thread (the server and the benchmark's own
// clients) and PostgreSQL's backends of the pool; on two cores their sum sets the searches/s.
const cpu = await meter.stop();
const cpuPerSearch = {
  nodeMs: Math.round((cpu.server / concurrent.searches) * 10) / 10,
  postgresMs: Math.round((cpu.postgres / concurrent.searches) * 10) / 10,
};
const plan = (await database.db.execute(
  sql`explain (analyze, buffers) select count(*) from posts p where p.search_vector @@ public.elo_search_query(${sql.param(['manutencao'])}::text[])`,
)) as unknown as { rows: Record<string, string>[] };

console.log(
  JSON.stringify(
    {
      database: database.kind,
      sizes,
      seedSeconds,
      loadAverageBefore,
      matchesForMaria: matches,
      oneAtATime: single,
      [`${concurrency}AtOnce`]: { ...concurrent, medianMsByTerm: undefined },
      cpuPerSearch,
      ...(profile ? { profile } : {}),
      postsPlan: plan.rows.map((row) => Object.values(row)[0]),
    },
    null,
    2,
  ),
);
agent.destroy();
await server.stop();
