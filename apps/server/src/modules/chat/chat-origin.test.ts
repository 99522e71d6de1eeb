import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listenForChat } from '../../test/chat-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Opens the chat socket as a page of `origin` would (a browser sends the page's origin and the
 * address it typed as Host); resolves with 'open' or the refusal's status.
 */
function openFrom(
  url: string,
  origin: string | undefined,
  headers: Record<string, string> = {},
): Promise<'open' | number> {
  const socket = new WebSocket(url, { ...(origin ? { origin } : {}), headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.terminate();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

let t: TestApp;
let url: string;
/** The address the test reaches the server at, host:port (127.0.0.1 and a free port). */
let own: string;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      PUBLIC_URL: 'https://portal.demo.elo',
      ALLOWED_ORIGINS: 'https://app.demo.elo, http://localhost:8080',
    },
  });
  url = await listenForChat(t);
  own = new URL(url).host;
});
afterAll(() => t.close());

describe('the chat socket’s origin', () => {
  it('opens for pages of the portal’s own origin and of configured ones', async () => {
    expect(await openFrom(url, 'https://portal.demo.elo')).toBe('open');
    expect(await openFrom(url, 'https://app.demo.elo')).toBe('open');
    expect(await openFrom(url, 'http://localhost:8080')).toBe('open');
  });

  it('opens for a page of the address the server was reached at (127.0.0.1), whatever PUBLIC_URL says', async () => {
    expect(await openFrom(url, `http://${own}`)).toBe('open');
  });

  it('opens for a page of the server’s LAN address, sent as the Host', async () => {
    expect(await openFrom(url, 'http://192.168.0.10:3000', { host: '192.168.0.10:3000' })).toBe('open');
    // Default ports are the same origin however they are written.
    expect(await openFrom(url, 'http://elo-server', { host: 'ELO-SERVER:80' })).toBe('open');
  });

  it('refuses a page of the same host name on another port or scheme, or of another host', async () => {
    const port = Number(new URL(url).port);
    expect(await openFrom(url, `http://127.0.0.1:${port + 1}`)).toBe(403);
    expect(await openFrom(url, 'http://127.0.0.1')).toBe(403);
    expect(await openFrom(url, `https://${own}`)).toBe(403);
    expect(await openFrom(url, 'http://192.168.0.10:8080', { host: '192.168.0.10:3000' })).toBe(403);
    expect(await openFrom(url, 'http://192.168.0.11:3000', { host: '192.168.0.10:3000' })).toBe(403);
    // A client that is not behind a trusted proxy cannot claim https for itself.
    expect(await openFrom(url, `https://${own}`, { 'x-forwarded-proto': 'https' })).toBe(403);
    expect(await openFrom(url, 'http://evil.example', { 'x-forwarded-host': 'evil.example' })).toBe(403);
  });

  it('refuses a page of any other origin with 403', async () => {
    expect(await openFrom(url, 'https://evil.example')).toBe(403);
    expect(await openFrom(url, 'http://evil.example')).toBe(403);
    expect(await openFrom(url, 'http://portal.demo.elo')).toBe(403);
    expect(await openFrom(url, 'null')).toBe(403);
  });

  it('opens for a client that is not a web page (no Origin): its token is what it must show', async () => {
    expect(await openFrom(url, undefined)).toBe('open');
  });

  it('lets pages connect to their own socket host only, in the Content-Security-Policy', async () => {
    const policyFor = async (headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers });
      return String(response.headers['content-security-policy']);
    };
    expect(await policyFor({ host: 'portal.demo.elo' })).toContain(
      "connect-src 'self' ws://portal.demo.elo;",
    );
    expect(await policyFor({ host: '192.168.0.10:3000' })).toContain(
      "connect-src 'self' ws://192.168.0.10:3000;",
    );
    // A Host that is no host name adds nothing (and cannot write a directive of its own).
    const odd = await policyFor({ host: "evil.example; script-src 'unsafe-eval'" });
    expect(odd).toContain("connect-src 'self';");
    expect(odd).not.toContain('unsafe-eval');
    expect(odd).not.toContain('evil.example');
    for (const policy of [await policyFor({}), odd]) {
      expect(policy).not.toMatch(/connect-src[^;]*\bwss?:(?!\/\/)/);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });
});

describe('the chat socket’s origin behind a trusted proxy (TRUST_PROXY)', () => {
  let behind: TestApp;
  let behindUrl: string;
  beforeAll(async () => {
    behind = await createTestApp({
      seed: false,
      env: { PUBLIC_URL: 'https://elo.example.com', TRUST_PROXY: 'true' },
    });
    behindUrl = await listenForChat(behind);
  });
  afterAll(() => behind.close());

  it('takes the scheme and host the proxy forwards', async () => {
    const https = { host: 'intranet.lan', 'x-forwarded-proto': 'https' };
    expect(await openFrom(behindUrl, 'https://intranet.lan', https)).toBe('open');
    expect(await openFrom(behindUrl, 'http://intranet.lan', https)).toBe(403);
    expect(await openFrom(behindUrl, 'http://intranet.lan', { host: 'intranet.lan' })).toBe('open');
    expect(
      await openFrom(behindUrl, 'https://elo.lan', {
        host: '10.0.0.11:3000',
        'x-forwarded-host': 'elo.lan',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('open');
    expect(await openFrom(behindUrl, 'https://evil.example', https)).toBe(403);
    expect(await openFrom(behindUrl, 'https://elo.example.com', https)).toBe('open');
  });

  it('names the forwarded socket host in the Content-Security-Policy', async () => {
    const response = await behind.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { host: 'intranet.lan', 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(String(response.headers['content-security-policy'])).toContain(
      "connect-src 'self' wss://intranet.lan;",
    );
  });
});
