/**
 * The publish path at 100,000 posts: salvaPublicacaoAdmin sent one after another by the demo's
 * administrator, in a company whose timeline holds 100,000 posts (10,000 of them publications),
 * for a text on the wall, a 1280x720 image to two groups, and a schedule; before them the
 * publications list (page 1, and a search). Prints median, p95 and p99 per kind, in milliseconds.
 * Run: npm run bench:publications -w @elo/bench   (DATABASE_URL=postgresql://… for PostgreSQL)
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { jsonHeaders, startBenchServer } from './bench-server.ts';
import { seedTimelineLoad } from './timeline-seed.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const postCount = Number(process.env.BENCH_POSTS ?? 100_000);
let seedSeconds = 0;
const server = await startBenchServer(async (db) => {
  const started = Date.now();
  const existing = (await db.execute(sql`select count(*)::int as total from posts`)) as unknown as {
    rows: { total: number }[];
  };
  if (existing.rows[0]!.total < postCount) {
    await seedTimelineLoad(db, { posts: postCount, reactionsPerPost: 1 });
    await db.execute(sql`update posts set is_publication = true where id % 10 = 0`);
  }
  seedSeconds = Math.round((Date.now() - started) / 100) / 10;
});
const cookie = await server.cookieFor('admin@demo.elo');
const groups = (await (
  await fetch(`${server.address}/backend/consultaGruposPublicacaoAdmin`, {
    method: 'POST',
    headers: { ...jsonHeaders, cookie },
    body: '{}',
  })
).json()) as { data: { listGrupos: { idGrupo: number }[] } };
const twoGroups = groups.data.listGrupos
  .slice(0, 2)
  .map((group) => group.idGrupo)
  .join(',');
const picture = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#0f766e' } })
  .png()
  .toBuffer();

async function timed(request: () => Promise<Response>) {
  const started = performance.now();
  const response = await request();
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`answered ${response.status}: ${body}`);
  return ms;
}

function save(fields: Record<string, string>, file?: Buffer) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('arquivo', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'foto.png');
  return fetch(`${server.address}/backend/salvaPublicacaoAdmin`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
}

const list = (body: object) =>
  fetch(`${server.address}/backend/consultaPublicacoesAdmin`, {
    method: 'POST',
    headers: { ...jsonHeaders, cookie },
    body: JSON.stringify({ idPaginaAtual: 1, qtdRegistrosPorPagina: 20, ...body }),
  });

// The list first: each save queues its audience's notification job, which runs in this process
// (PGlite shares its thread) while the saves go on.
const kinds: Record<string, () => Promise<Response>> = {
  listPage1: () => list({}),
  listSearch: () => list({ busca: 'carga nº 4242' }),
  textOnWall: () => save({ texto: 'Aviso geral de carga', flMural: 'S', acao: 'PUBLICAR' }),
  imageToTwoGroups: () =>
    save({ texto: 'Foto do evento', flMural: 'N', idsGrupos: twoGroups, acao: 'PUBLICAR' }, picture),
  schedule: () =>
    save({
      texto: 'Agendada de carga',
      flMural: 'S',
      acao: 'AGENDAR',
      dtAgendamento: new Date(Date.now() + 86_400_000).toISOString(),
    }),
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
};

// Warm-up: the pool's connections and the prepared statements.
for (const run of Object.values(kinds)) for (let i = 0; i < 5; i++) await timed(run);
const figures: Record<string, { p50: number; p95: number; p99: number }> = {};
for (const [name, run] of Object.entries(kinds)) {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) samples.push(await timed(run));
  figures[name] = {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
  };
}
console.log(
  JSON.stringify(
    { database: server.database.kind, posts: postCount, rounds, seedSeconds, ms: figures },
    null,
    2,
  ),
);
await server.stop();
