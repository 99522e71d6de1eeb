import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createPasswordHasher } from '../platform/auth/password.ts';
import { createRedisClient } from '../platform/redis.ts';
import type { LinkPreviewOptions } from '../platform/link-preview.ts';
import { createConfiguredStorage } from '../platform/storage/configured-storage.ts';
import type { MediaStorage } from '../platform/storage/media-storage.ts';
import { copyTemplateMedia, type TestTemplates } from './database-templates.ts';

/**
 * Tests run on embedded PGlite by default; with TEST_POSTGRES_URL (a URL to any database of a
 * PostgreSQL server) each harness creates a fresh database on that server and drops it at the end.
 * Either way a new database is a copy of a template the run's globalSetup migrated (and seeded)
 * once (test/database-templates.ts); without one, it is migrated here.
 */
export const testPostgresUrl = process.env.TEST_POSTGRES_URL;
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Set when the database holds the demo seed already: the folder of the files it names. */
  demoMedia?: string;
  /** Drops what was made for the test. */
  dispose(): Promise<void>;
}

/** The run's templates, when they suit the kind of database this run tests. */
function templatesOfThisRun(): TestTemplates | undefined {
  const templates = inject('testTemplates');
  return templates?.kind === (testPostgresUrl ? 'postgres' : 'pglite') ? templates : undefined;
}

/** A PGlite template's tarball, read once per test file. */
const tarballs = new Map<string, Promise<Buffer>>();
const tarball = (file: string) => {
  if (!tarballs.has(file)) tarballs.set(file, readFile(file));
  return tarballs.get(file)!;
};

/** A migrated database of the kind this run tests: empty, or with the demo seed when `demo`. */
export async function createTestDatabase(
  dataDir: string,
  options: {
    demo?: boolean;
    /** Migrates an empty database here instead of copying the run's template (the migrations' own test). */
    fromScratch?: boolean;
  } = {},
): Promise<TestDatabase> {
  const templates = options.fromScratch ? undefined : templatesOfThisRun();
  const template = templates && (options.demo ? templates.demo : templates.empty);
  const demoMedia = templates && options.demo ? templates.demoMedia : undefined;
  if (!testPostgresUrl) {
    const loadDataDir = template ? new Blob([new Uint8Array(await tarball(template))]) : undefined;
    const handle = await openDatabase({ dataDir, inMemory: true, loadDataDir });
    if (!template) await handle.migrate();
    // A test may have closed the database on purpose already.
    return { handle, demoMedia, dispose: () => handle.close().catch(() => undefined) };
  }
  const name = `elo_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
  if (!template) await handle.migrate();
  return {
    handle,
    demoMedia,
    async dispose() {
      await handle.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: testPostgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  dataDir: string;
  /** The app's media storage (factories store files through it). */
  storage: MediaStorage;
  /** The Redis key prefix of this deployment, when it uses Redis. */
  redisPrefix: string | undefined;
  /** The Redis server of this deployment. */
  redisUrl: string;
  /** POSTs a call the way the portal does (JSON, X-Requested-With, a language). */
  call(
    name: string,
    body?: unknown,
    options?: { cookie?: string; language?: string },
  ): Promise<LightMyRequestResponse>;
  /**
   * POSTs a multipart call the way the browser's FormData does: text fields (a list repeats the
   * field) and files, each in its `field` (`file` when not given).
   */
  callMultipart(
    name: string,
    options: {
      cookie?: string;
      fields?: Record<string, string | string[]>;
      files?: MultipartFile[];
      /** The Accept-Language sent (pt-BR when not given). */
      language?: string;
    },
  ): Promise<LightMyRequestResponse>;
  /** Signs in and returns the session cookie to send back. */
  signIn(login: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** A file of a multipart test call. */
export interface MultipartFile {
  field?: string;
  name: string;
  type: string;
  body: Buffer;
}

/** Builds the real app on a fresh database, seeded with the demo companies unless told not to. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    redis?: boolean;
    /** Another node of the same deployment: same database, media and Redis namespace. */
    shareWith?: TestApp;
    /** How the chat fetches link previews (a test lets them reach its own local server). */
    linkPreview?: Partial<LinkPreviewOptions>;
    /** Where the app's log lines go (a test reads them; set env LOG_LEVEL to get any). */
    logStream?: DestinationStream;
    /** The Redis server with `redis: true` (a test's own, which it may stop); the machine's by default. */
    redisUrl?: string;
  } = {},
): Promise<TestApp> {
  const shared = options.shareWith;
  const dataDir = shared?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'elo-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED: 'never',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...options.env,
  });
  const testDatabase: TestDatabase = shared
    ? { handle: shared.database, dispose: async () => {} }
    : await createTestDatabase(dataDir, { demo: options.seed !== false });
  const database = testDatabase.handle;
  const hasher = createPasswordHasher(2);
  // A prefix of its own, so runs sharing the Redis server never see each other's counters.
  const redisPrefix = shared?.redisPrefix ?? `elo-test-${randomBytes(6).toString('hex')}:`;
  const redisUrl = shared?.redisUrl ?? options.redisUrl ?? testRedisUrl;
  const redis = options.redis || shared?.redisPrefix ? createRedisClient(redisUrl, redisPrefix) : undefined;
  const storage = createConfiguredStorage(config);
  // A copy of the seeded template names the seed's files: they are copied, not rendered again.
  if (testDatabase.demoMedia) await copyTemplateMedia(testDatabase.demoMedia, storage);
  else if (options.seed !== false) {
    await seedDemo({ db: database.db, storage, hashPassword: hasher.hashPassword });
  }
  const app = await buildApp({
    config,
    database,
    hasher,
    redis,
    storage,
    linkPreview: options.linkPreview,
    logStream: options.logStream,
  });

  const call: TestApp['call'] = (name, body = {}, callOptions = {}) =>
    app.inject({
      method: 'POST',
      url: `/backend/${name}`,
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': callOptions.language ?? 'pt-BR',
        ...(callOptions.cookie ? { cookie: callOptions.cookie } : {}),
      },
      payload: JSON.stringify(body),
    });

  const callMultipart: TestApp['callMultipart'] = async (
    name,
    { cookie, fields = {}, files = [], language },
  ) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(field, item);
    }
    for (const file of files) {
      const blob = new Blob([new Uint8Array(file.body)], { type: file.type });
      form.append(file.field ?? 'file', blob, file.name);
    }
    const request = new Request('http://x/', { method: 'POST', body: form });
    return app.inject({
      method: 'POST',
      url: `/backend/${name}`,
      headers: {
        'content-type': request.headers.get('content-type')!,
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': language ?? 'pt-BR',
        ...(cookie ? { cookie } : {}),
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  };

  return {
    app,
    database,
    config,
    dataDir,
    storage,
    redisPrefix: redis ? redisPrefix : undefined,
    redisUrl,
    call,
    callMultipart,
    async signIn(login, password = 'Demo@1234') {
      const response = await call('doLogin', { login, senha: password });
      if (response.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'elo_session');
      return `elo_session=${cookie!.value}`;
    },
    async close() {
      await app.close();
      await redis?.quit();
      await testDatabase.dispose();
      if (!shared) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
