import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let web: string;
beforeAll(async () => {
  // A built web app of our own: the server serves whatever WEB_DIST holds.
  web = await mkdtemp(path.join(tmpdir(), 'elo-web-'));
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Elo</title><div id="root"></div>');
  await writeFile(path.join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ seed: false, env: { WEB_DIST: web } });
});
afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
});

describe('serving the single-page app', () => {
  it('answers every page path with index.html, uncached, under the CSP', async () => {
    for (const url of ['/', '/painel/timeline', '/admin', '/qualquer/coisa']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves built assets as immutable, and a missing asset as 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/backend/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_code).toBe('CALL_NOT_FOUND');
  });
});
