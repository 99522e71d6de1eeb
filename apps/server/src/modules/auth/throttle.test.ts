import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { sessions } from '../../db/schema/all.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

function attempt(app: TestApp, login: string, senha: string, ip: string) {
  return app.app.inject({
    method: 'POST',
    url: '/backend/doLogin',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    payload: JSON.stringify({ login, senha }),
  });
}

describe('failed sign-ins are throttled per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_BLOCK_MINUTES: '15' } });
  });
  afterAll(() => t.close());

  it('answers 429 with a wait after too many failures, even for the right password, for a bounded time', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(t, 'maria.silva@demo.elo', 'errada', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await attempt(t, 'maria.silva@demo.elo', 'Demo@1234', '10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      message: 'Muitas tentativas. Aguarde 15 minuto(s) e tente novamente.',
      error_code: 'TOO_MANY_REQUESTS',
    });
    expect(blocked.json().retryAfter).toBeGreaterThan(0);
    expect(blocked.json().retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.headers['retry-after']).toBe(String(blocked.json().retryAfter));
    const [opened] = await t.database.db.select({ total: count() }).from(sessions);
    expect(opened!.total).toBe(0);
  });

  it('leaves other accounts alone', async () => {
    expect((await attempt(t, '10002', 'Demo@1234', '10.0.0.1')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    await attempt(t, 'joao@outra.elo', 'errada', '10.0.1.1');
    await attempt(t, 'joao@outra.elo', 'errada', '10.0.1.1');
    expect((await attempt(t, 'joao@outra.elo', 'Demo@1234', '10.0.1.1')).statusCode).toBe(200);
    await attempt(t, 'joao@outra.elo', 'errada', '10.0.1.1');
    await attempt(t, 'joao@outra.elo', 'errada', '10.0.1.1');
    expect((await attempt(t, 'joao@outra.elo', 'Demo@1234', '10.0.1.1')).statusCode).toBe(200);
  });
});

describe('failed sign-ins are throttled per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_ADDRESS: '4' } });
  });
  afterAll(() => t.close());

  it('blocks an address that tries many accounts, not the others', async () => {
    for (const login of ['a@x.elo', 'b@x.elo', 'c@x.elo', 'd@x.elo']) {
      expect((await attempt(t, login, 'errada', '192.0.2.50')).statusCode).toBe(401);
    }
    const blocked = await attempt(t, 'maria.silva@demo.elo', 'Demo@1234', '192.0.2.50');
    expect(blocked.statusCode).toBe(429);
    expect((await attempt(t, 'maria.silva@demo.elo', 'Demo@1234', '192.0.2.51')).statusCode).toBe(200);
  });
});

describe('with Redis, throttling holds across server nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await createTestApp({ redis: true, env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' } });
    // The second node shares the first one's Redis namespace and database.
    nodeB = await createTestApp({
      seed: false,
      env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '2' },
      shareWith: nodeA,
    });
  });
  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  it('blocks on node B the account that failed on node A', async () => {
    expect((await attempt(nodeA, 'maria.silva@demo.elo', 'errada', '10.1.0.1')).statusCode).toBe(401);
    expect((await attempt(nodeA, 'maria.silva@demo.elo', 'errada', '10.1.0.1')).statusCode).toBe(401);
    const onB = await attempt(nodeB, 'maria.silva@demo.elo', 'Demo@1234', '10.1.0.2');
    expect(onB.statusCode).toBe(429);
  });
});
