/**
 * doLogin under load: 8 concurrent clients signing in with the real argon2id hash, while a
 * ninth client keeps calling a cheap authenticated call to show hashing does not starve the API.
 * Run: npm run bench:login -w @elo/bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoIfWanted } from '../apps/server/src/db/seed/demo.ts';
import { createConfiguredStorage } from '../apps/server/src/platform/storage/configured-storage.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  SEED: 'auto',
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
await database.migrate();
const storage = createConfiguredStorage(config);
const app = await buildApp({ config, database, storage });
await seedDemoIfWanted({ db: database.db, storage, mode: 'auto', log: app.log });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
const login = await fetch(`${address}/backend/doLogin`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ login: 'admin@demo.elo', senha: 'Demo@1234' }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

const storm = autocannon({
  url: `${address}/backend/doLogin`,
  method: 'POST',
  connections: 8,
  duration: seconds,
  headers,
  body: JSON.stringify({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' }),
});
const bystander = autocannon({
  url: `${address}/backend/recuperaPermissoesUsuario`,
  method: 'POST',
  connections: 1,
  duration: seconds,
  headers: { ...headers, cookie },
  body: '{}',
});
const [logins, others] = await Promise.all([storm, bystander]);

const summary = (result: autocannon.Result) => ({
  requestsPerSecond: Math.round(result.requests.average * 10) / 10,
  p50ms: result.latency.p50,
  p99ms: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
});
console.log(
  JSON.stringify(
    {
      database: database.kind,
      cores: (await import('node:os')).availableParallelism(),
      hashConcurrency: config.HASH_CONCURRENCY,
      seconds,
      doLogin8Clients: summary(logins),
      authenticatedCallDuringStorm: summary(others),
    },
    null,
    2,
  ),
);

// autocannon drops its connections at the end; let the sign-ins still queued for hashing finish
// before the database closes under them.
await new Promise((resolve) => setTimeout(resolve, 2_000));
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
