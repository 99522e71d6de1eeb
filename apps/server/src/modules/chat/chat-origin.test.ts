import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listenForChat } from '../../test/chat-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** Opens the chat socket as a page of `origin` would; resolves with 'open' or the refusal's status. */
function openFrom(url: string, origin: string | undefined): Promise<'open' | number> {
  const socket = new WebSocket(url, origin ? { origin } : {});
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
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: {
      PUBLIC_URL: 'https://portal.demo.elo',
      ALLOWED_ORIGINS: 'https://app.demo.elo, http://localhost:8080',
    },
  });
  url = await listenForChat(t);
});
afterAll(() => t.close());

describe('the chat socket’s origin', () => {
  it('opens for pages of the portal’s own origin and of configured ones', async () => {
    expect(await openFrom(url, 'https://portal.demo.elo')).toBe('open');
    expect(await openFrom(url, 'https://app.demo.elo')).toBe('open');
    expect(await openFrom(url, 'http://localhost:8080')).toBe('open');
  });

  it('refuses a page of any other origin with 403', async () => {
    expect(await openFrom(url, 'https://evil.example')).toBe(403);
    expect(await openFrom(url, 'http://portal.demo.elo')).toBe(403);
    expect(await openFrom(url, 'null')).toBe(403);
  });

  it('opens for a client that is not a web page (no Origin): its token is what it must show', async () => {
    expect(await openFrom(url, undefined)).toBe('open');
  });

  it('is the only socket host the Content-Security-Policy lets pages connect to', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' wss://portal.demo.elo;");
    expect(policy).not.toMatch(/connect-src[^;]*\bwss?:(?!\/\/)/);
  });
});
