/**
 * The bulk import of people at 10,000 rows (issue 13: applies within 60 s on the embedded
 * database): simulation, applying 10,000 new people, then applying the same file with every row
 * changed (10,000 updates). Reports seconds per step and the process's peak memory (RSS, sampled).
 * Run: npm run bench:user-import -w @elo/bench (PGlite; PostgreSQL with DATABASE_URL).
 */
import { availableParallelism } from 'node:os';
import { importColumns } from '../packages/contract/src/calls/user-import.ts';
import { startBenchServer } from './bench-server.ts';

const rows = Number(process.env.BENCH_ROWS ?? 10_000);
const server = await startBenchServer();
const cookie = await server.cookieFor('admin@demo.elo');

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

/** A CSV of `rows` people; `variant` changes every row's name and sector. */
function fileOf(variant: string): Blob {
  const lines = [importColumns.join(',')];
  for (let i = 0; i < rows; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      [
        `B${i}`,
        `Pessoa ${variant} ${i}`,
        `pessoa.${i}@bench-import.elo`,
        'EMAIL',
        `119${String(i).padStart(8, '0')}`,
        `${day}/05/1990`,
        '2021-03-01',
        `Unidade ${i % 20}`,
        `Filial ${i % 10}`,
        `Setor ${variant} ${i % 50}`,
        `Cargo ${i % 30}`,
        '',
      ].join(','),
    );
  }
  return new Blob([lines.join('\n')], { type: 'text/csv' });
}

async function importFile(file: Blob, simulate: boolean) {
  const form = new FormData();
  form.append('simular', simulate ? 'S' : 'N');
  form.append('flDesativarAusentes', 'N');
  form.append('file', file, 'pessoas.csv');
  const started = performance.now();
  const response = await fetch(`${server.address}/backend/importaUsuariosAdmin`, {
    method: 'POST',
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; message?: string };
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  if (response.status !== 200) throw new Error(`import answered ${response.status}: ${body.message}`);
  const { linhas: _rows, ...totals } = body.data!;
  return { seconds, ...totals };
}

const first = fileOf('A');
const simulation = await importFile(first, true);
const created = await importFile(first, false);
const updated = await importFile(fileOf('B'), false);
clearInterval(sampler);

console.log(
  JSON.stringify(
    {
      database: server.database.kind,
      cores: availableParallelism(),
      rows,
      simulation,
      apply10kNew: created,
      apply10kChanged: updated,
      peakRssMiB: Math.round(peakRss / 1024 / 1024),
    },
    null,
    2,
  ),
);
await server.stop();
