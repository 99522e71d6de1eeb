import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Throttles count an attempt before its password is checked: 40 attempts sent at once get no
 * more tries than 40 sent one after the other.
 */

function post(t: TestApp, name: string, body: unknown, ip: string) {
  return t.app.inject({
    method: 'POST',
    url: `/backend/${name}`,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    payload: JSON.stringify(body),
  });
}

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '7',
      ACCOUNT_MAX_CALLS_PER_LOGIN: '4',
    },
  });
});
afterAll(() => t.close());

describe('under parallel requests', () => {
  it('checks at most the account’s limit of wrong passwords; the rest are 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(
          t,
          'doLogin',
          { login: 'maria.silva@demo.elo', senha: `errada-${index}` },
          `10.20.0.${index + 1}`,
        ),
      ),
    );
    expect(statusCounts(answers.map((answer) => answer.statusCode))).toEqual({ 401: 5, 429: 35 });
  });

  it('checks at most the address’s limit of wrong passwords across accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(t, 'doLogin', { login: `ninguem-${index}@demo.elo`, senha: 'errada' }, '192.0.2.77'),
      ),
    );
    expect(statusCounts(answers.map((answer) => answer.statusCode))).toEqual({ 401: 7, 429: 33 });
  });

  it('gives a right password its points back: a success does not count against the address', async () => {
    for (let index = 0; index < 10; index += 1) {
      const answer = await post(t, 'doLogin', { login: '10002', senha: 'Demo@1234' }, '192.0.2.78');
      expect(answer.statusCode).toBe(200);
    }
  });

  it('lets at most the login’s limit of password requests through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(t, 'solicitaTrocaDeSenha', { login: 'carlos.pereira@demo.elo' }, `10.30.0.${index + 1}`),
      ),
    );
    expect(statusCounts(answers.map((answer) => answer.statusCode))).toEqual({ 200: 4, 429: 36 });
  });
});
