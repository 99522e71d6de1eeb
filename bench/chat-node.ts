/**
 * One server node for the chat benchmark, in a process of its own so its memory is its own.
 * Started by chat.bench.ts with fork(); talks over IPC: sends {ready, address, load?} once
 * listening, answers 'memory' with its memory after a full GC, and 'stop' by closing.
 * Env: BENCH_SEED_PEOPLE (seed the load, first node only), DATABASE_URL, REDIS_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemoIfWanted } from '../apps/server/src/db/seed/demo.ts';
import { createConfiguredStorage } from '../apps/server/src/platform/storage/configured-storage.ts';
import { seedChatLoad, type ChatLoad } from './chat-seed.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-chat-bench-'));
const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
const seedPeople = Number(process.env.BENCH_SEED_PEOPLE ?? 0);
if (seedPeople > 0) await database.migrate();
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL) : undefined;
const storage = createConfiguredStorage(config);
const app = await buildApp({ config, database, redis, storage });
let load: ChatLoad | undefined;
if (seedPeople > 0) {
  await seedDemoIfWanted({ db: database.db, storage, mode: 'auto', log: app.log });
  load = await seedChatLoad(database.db, seedPeople);
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send!({ ready: true, address, load });

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message === 'memory') {
    gc?.();
    gc?.();
    process.send!({ memory: process.memoryUsage() });
  }
  if (message === 'stop') {
    void (async () => {
      await app.close();
      await database.close();
      await redis?.quit();
      await rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  }
});
