import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// s3rver is a real S3-compatible server (HTTP, the S3 API) running locally: no AWS is reachable here.
let server: S3rver;
let directory: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'elo-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'elo-media', configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    env: {
      S3_BUCKET: 'elo-media',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('media in an S3-compatible bucket', () => {
  it('holds the demo seed and serves it to the signed-in company, with Range', async () => {
    const cookie = await t.signIn('maria.silva@demo.elo');
    const me = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).json().data;
    const whole = await t.app.inject({ method: 'GET', url: me.usuario.urlFoto, headers: { cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const part = await t.app.inject({
      method: 'GET',
      url: me.usuario.urlFoto,
      headers: { cookie, range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);
    expect(part.headers['content-range']).toMatch(/^bytes 0-9\/\d+$/);
  });

  it('streams a file in and out, and removes it', async () => {
    const { createS3Storage } = await import('./s3-storage.ts');
    const storage = createS3Storage({
      bucket: 'elo-media',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const body = Buffer.alloc(6 * 1024 * 1024, 7);
    await storage.put(
      '1/uploads/grande.mp4',
      Readable.from([body.subarray(0, 3_000_000), body.subarray(3_000_000)]),
    );
    expect((await storage.read('1/uploads/grande.mp4')).equals(body)).toBe(true);
    await storage.remove('1/uploads/grande.mp4');
    await expect(storage.read('1/uploads/grande.mp4')).rejects.toThrow();
  });

  it('answers 404 for a missing object', async () => {
    const cookie = await t.signIn('maria.silva@demo.elo');
    const me = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).json().data;
    // A kind every colleague may read, so the bucket is asked and finds nothing.
    const response = await t.app.inject({
      method: 'GET',
      url: `/backend/midia/${me.usuario.idUsuarioPai}/avatars/nao-existe.jpg`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
