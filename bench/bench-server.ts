/** The real app on 127.0.0.1 with the demo seed, for benchmarks; PGlite, or PostgreSQL with DATABASE_URL. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoIfWanted } from '../apps/server/src/db/seed/demo.ts';
import { createConfiguredStorage } from '../apps/server/src/platform/storage/configured-storage.ts';

export const jsonHeaders = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

export async function startBenchServer(
  prepare?: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED: 'auto',
  });
  // The seeds' bulk statements run longer than the app's 5 s statement timeout.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    timeouts: { statementMs: 600_000, connectMs: 5_000 },
  });
  await database.migrate();
  const storage = createConfiguredStorage(config);
  const app = await buildApp({ config, database, storage });
  await seedDemoIfWanted({ db: database.db, storage, mode: 'auto', log: app.log });
  await prepare?.(database.db);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    address,
    config,
    database,
    /** Signs in and gives the session cookie to send. */
    async cookieFor(login: string): Promise<string> {
      const response = await fetch(`${address}/backend/doLogin`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({ login, senha: 'Demo@1234' }),
      });
      return response.headers.get('set-cookie')!.split(';')[0]!;
    },
    async stop() {
      // autocannon drops its connections at the end; let requests still queued finish before
      // the database closes under them.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
