/**
 * Prints `explain (analyze, buffers)` of buscaGeral's page statement for Maria and a term, on the
 * database of DATABASE_URL (a benchmark's kept database): `node --import tsx explain-search.ts manutencao`.
 * The statement is prepared as the app prepares it, so the plan is the generic one the app runs.
 * With `--times`, each of the benchmark's terms (or those given) is run once, which makes its plan,
 * then ten times (EXPLAIN_RUNS): the first run's time, the best later run's, and the server's CPU a later run.
 */
import { readFile } from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { searchTerms } from './search-terms.ts';
import { pageStatementFor } from '../apps/server/src/modules/search/repo.ts';
import { rarityOf, readTerms } from '../apps/server/src/modules/search/search.ts';
import { visibilityRules as rules } from '../apps/server/src/modules/search/test-support.ts';
import type { Database } from '../apps/server/src/db/client.ts';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
// As the app's pool: no JIT, generic plans (db/client.ts).
await client.query('set jit = off');
await client.query('set plan_cache_mode = force_generic_plan');
const maria = await client.query<{ id: number; company_id: number }>(
  `select id, company_id from users where email = 'maria.silva@demo.elo'`,
);
const scope = { userId: maria.rows[0]!.id, companyId: maria.rows[0]!.company_id };
const args = process.argv.slice(2);
const times = args[0] === '--times';
const db = drizzle(client) as unknown as Database;
/** The page statement as the app runs it, with the same choice of rare words (search/rarity.ts). */
const statementOf = async (term: string) => {
  const query = { terms: readTerms(term), kinds: [], page: { number: 1, size: 20 } };
  return pageStatementFor(db, scope, query, rules, await rarityOf({ db, rules }, query));
};
/** A value as a literal of the statement's text (EXECUTE takes no parameters of its own). */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`,
    );
  return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * The statement prepared as the app's pool prepares it (db/prepared.ts), under the name `page`:
 * its generic plan is made at its first run and kept for the next.
 */
const prepare = async (term: string) => {
  const query = await statementOf(term);
  await client.query(`prepare page as ${query.text}`);
  return `execute page(${query.params.map(literalOf).join(', ')})`;
};
const explain = async (term: string, options: string) => {
  const execute = await prepare(term);
  // Run twice first, as a pooled connection has: its plan made, its functions' plans kept.
  for (let run = 0; run < 2; run += 1) await client.query(execute);
  const plan = await client
    .query(`explain (${options}) ${execute}`)
    .finally(() => client.query('deallocate page'));
  return plan.rows.map((row) => String(Object.values(row)[0]));
};
/** CPU milliseconds the connection's server process has used (user and system), from /proc: load-proof. */
const backendPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
const ticksPerMs = 100 / 1000;
async function backendCpuMs(): Promise<number> {
  const fields = (await readFile(`/proc/${backendPid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
}
if (times) {
  // Per term: the first run (which makes the generic plan) and then the best of ten runs, in wall
  // time, and the server process's CPU per run over those ten.
  const terms = args.length > 1 ? [args.slice(1).join(' ')] : searchTerms;
  const runs = Number(process.env.EXPLAIN_RUNS ?? 10);
  for (const term of terms) {
    const execute = await prepare(term);
    const firstStarted = performance.now();
    await client.query(execute);
    const first = performance.now() - firstStarted;
    let best = Infinity;
    const cpuBefore = await backendCpuMs();
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await client.query(execute);
      best = Math.min(best, performance.now() - started);
    }
    const cpu = ((await backendCpuMs()) - cpuBefore) / runs;
    await client.query('deallocate page');
    console.log(
      `${term.padEnd(26)} first run ${first.toFixed(1).padStart(6)} ms  then best ${best.toFixed(1).padStart(6)} ms  server CPU ${cpu.toFixed(1).padStart(5)} ms a run`,
    );
  }
} else {
  console.log((await explain(args.join(' ') || 'manutencao', 'analyze, buffers')).join('\n'));
}
await client.end();
