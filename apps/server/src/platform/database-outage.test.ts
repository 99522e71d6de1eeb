import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createPasswordHasher } from './auth/password.ts';
import { createConfiguredStorage } from './storage/configured-storage.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

/**
 * PostgreSQL down or frozen: calls answer 503 with a translated message in a few seconds instead
 * of hanging, /readyz says so, and service resumes by itself. The app reaches the real server
 * through a proxy the test freezes and cuts (PGlite has no network to lose).
 */

const serverUrl = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = `elo_test_outage_${Date.now()}_${randomBytes(4).toString('hex')}`;

let proxy: TcpProxy;
let app: FastifyInstance;
let direct: DatabaseHandle;
let throughProxy: DatabaseHandle;
let dataDir: string;
let cookie: string;

const post = (call: string, body: unknown = {}) =>
  app.inject({
    method: 'POST',
    url: `/backend/${call}`,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': 'pt-BR',
      cookie,
    },
    payload: JSON.stringify(body),
  });

/** The answer, or 'no answer' when none came within 10 s (the failure this guards against hangs 25 s and more). */
async function within10s(
  answer: Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>(
    (resolve) => (timer = setTimeout(() => resolve('no answer'), 10_000)),
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

const unavailable = {
  message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  error_code: 'SERVICE_UNAVAILABLE',
};

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'elo-outage-'));
  direct = await openDatabase({ databaseUrl: url.toString(), dataDir });
  await direct.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'never' });
  const storage = createConfiguredStorage(config);
  const hasher = createPasswordHasher(2);
  await seedDemo({ db: direct.db, storage, hashPassword: hasher.hashPassword });

  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  throughProxy = await openDatabase({ databaseUrl: proxied.toString(), dataDir, onConnectionLost: () => {} });
  app = await buildApp({ config, database: throughProxy, hasher, storage });
  const login = await app.inject({
    method: 'POST',
    url: '/backend/doLogin',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    payload: JSON.stringify({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' }),
  });
  expect(login.statusCode).toBe(200);
  cookie = `elo_session=${login.cookies.find((c) => c.name === 'elo_session')!.value}`;
});

afterAll(async () => {
  await app?.close();
  await throughProxy?.close().catch(() => undefined);
  await proxy?.close();
  await direct?.close();
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('when PostgreSQL freezes', () => {
  it('answers calls with a translated 503 within seconds, /readyz says so, and service resumes', async () => {
    expect((await post('recuperaDadosUsuarioLogado')).statusCode).toBe(200);
    proxy.freeze();
    try {
      const frozen = await within10s(post('recuperaDadosUsuarioLogado'));
      expect(frozen).not.toBe('no answer');
      expect((frozen as LightMyRequestResponse).statusCode).toBe(503);
      expect((frozen as LightMyRequestResponse).json()).toEqual(unavailable);
      const ready = await within10s(app.inject({ method: 'GET', url: '/readyz' }));
      expect((ready as LightMyRequestResponse).statusCode).toBe(503);
    } finally {
      proxy.thaw();
    }
    await expect
      .poll(async () => (await post('recuperaDadosUsuarioLogado')).statusCode, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('when PostgreSQL is gone', () => {
  it('answers calls with a translated 503 at once, and resumes when it is back', async () => {
    await proxy.cut();
    try {
      const gone = await within10s(post('recuperaDadosUsuarioLogado'));
      expect(gone).not.toBe('no answer');
      expect((gone as LightMyRequestResponse).statusCode).toBe(503);
      expect((gone as LightMyRequestResponse).json()).toEqual(unavailable);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'unavailable' });
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => (await post('recuperaDadosUsuarioLogado')).statusCode, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(200);
  });
});
