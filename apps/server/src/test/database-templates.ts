import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createPasswordHasher } from '../platform/auth/password.ts';
import { createDiskStorage, type MediaStorage } from '../platform/storage/media-storage.ts';

/**
 * The databases test files start from, built once per run by the server projects' globalSetup:
 * migrating takes seconds and the demo seed renders dozens of images, while a copy takes a
 * fraction of a second (PGlite loads a dumped data folder, PostgreSQL clones a template database).
 */
export interface TestTemplates {
  kind: 'pglite' | 'postgres';
  /** Migrated and empty: the path of a PGlite data folder tarball, or a template database's name. */
  empty: string;
  /** Migrated and seeded with the demo companies, likewise. */
  demo: string;
  /** The files the demo seed stored (their keys are paths under this folder). */
  demoMedia: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    /** Absent when no globalSetup built them (a config without it): each test then migrates. */
    testTemplates?: TestTemplates;
  }
}

/**
 * Starts the whole app once on a migrated database and closes it: the job queue's schema and its
 * queues (pg-boss's tables, a partition per queue) are then in the template. Creating them took
 * most of each test app's start (0.6-1.1 s of 1.2-1.7 s on PostgreSQL).
 */
async function installJobQueue(database: DatabaseHandle, dataDir: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED: 'never',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp({ config, database });
  await app.close();
}

/** Builds the templates for PGlite, or for the PostgreSQL server at `postgresUrl`. */
export async function buildTestTemplates(options: {
  postgresUrl?: string | undefined;
}): Promise<{ templates: TestTemplates; dispose(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'elo-test-templates-'));
  const demoMedia = path.join(folder, 'media');
  const seed = (db: Parameters<typeof seedDemo>[0]['db']) =>
    seedDemo({
      db,
      storage: createDiskStorage(demoMedia),
      hashPassword: createPasswordHasher(2).hashPassword,
    });
  const { postgresUrl } = options;

  if (!postgresUrl) {
    const handle = await openDatabase({ dataDir: folder, inMemory: true });
    try {
      await handle.migrate();
      await installJobQueue(handle, folder);
      const empty = path.join(folder, 'empty.tar');
      await writeFile(empty, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
      await seed(handle.db);
      const demo = path.join(folder, 'demo.tar');
      await writeFile(demo, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
      return {
        templates: { kind: 'pglite', empty, demo, demoMedia },
        dispose: () => rm(folder, { recursive: true, force: true }),
      };
    } finally {
      await handle.close();
    }
  }

  const stem = `elo_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const [empty, demo] = [`${stem}_empty`, `${stem}_demo`];
  const urlOf = (name: string) => Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const dispose = async () => {
    await admin.query(`drop database if exists ${demo} with (force)`);
    await admin.query(`drop database if exists ${empty} with (force)`);
    await admin.end();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await admin.query(`create database ${empty}`);
    const emptyHandle = await openDatabase({ databaseUrl: urlOf(empty), dataDir: folder });
    await emptyHandle
      .migrate()
      .then(() => installJobQueue(emptyHandle, folder))
      .finally(() => emptyHandle.close());
    await admin.query(`create database ${demo} template ${empty}`);
    const demoHandle = await openDatabase({ databaseUrl: urlOf(demo), dataDir: folder });
    await seed(demoHandle.db).finally(() => demoHandle.close());
    // A database is copied only while nobody is connected to it: refusing connections keeps a
    // stray one (a test naming the wrong database) from failing every copy after it.
    for (const name of [empty, demo]) await admin.query(`alter database ${name} allow_connections false`);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { templates: { kind: 'postgres', empty, demo, demoMedia }, dispose };
}

/** Stores every file of a template's media folder under the same key (disk or S3 alike). */
export async function copyTemplateMedia(from: string, storage: MediaStorage): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        await storage.put(path.relative(from, file).split(path.sep).join('/'), await readFile(file));
      }),
  );
}
