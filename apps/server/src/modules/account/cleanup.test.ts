import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, sessions, smsChallenges } from '../../db/schema/all.ts';
import { waitForJobOutcome } from '../../platform/jobs-testing.ts';
import { factoryPassword, makeCompany, makePerson, type MadePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let person: MadePerson;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await makeCompany(t.database.db);
  person = await makePerson(t.database.db, {
    companyId: company.companyId,
    groupIds: [company.defaultGroupId],
  });
});
afterAll(() => t.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
const hash = () => randomBytes(32).toString('hex');

describe('cleanup of expired credentials', () => {
  it('deletes sessions, tokens and codes ended over a day ago and keeps the others', async () => {
    const cookie = await t.signIn(person.email, factoryPassword);
    const owner = { userId: person.id, companyId: person.companyId };
    const session = (label: string, values: { expiresAt: Date; revokedAt?: Date }) => ({
      ...owner,
      tokenHash: hash(),
      ip: label,
      ...values,
    });
    await t.database.db
      .insert(sessions)
      .values([
        session('expired two days ago', { expiresAt: hoursAgo(48) }),
        session('revoked two days ago', { expiresAt: hoursAgo(-10), revokedAt: hoursAgo(48) }),
        session('expired an hour ago', { expiresAt: hoursAgo(1) }),
      ]);
    const token = (purpose: string, expiresAt: Date) => ({ ...owner, purpose, tokenHash: hash(), expiresAt });
    await t.database.db
      .insert(accountTokens)
      .values([token('password_reset', hoursAgo(30)), token('first_access', hoursAgo(-0.25))]);
    const code = (purpose: string, expiresAt: Date) => ({
      ...owner,
      purpose,
      phone: '+5511999990000',
      codeHash: hash(),
      expiresAt,
    });
    await t.database.db
      .insert(smsChallenges)
      .values([code('password_reset', hoursAgo(30)), code('first_access', hoursAgo(-0.1))]);

    const sessionsJob = await t.app.jobs.send('cleanup-sessions', {});
    const secretsJob = await t.app.jobs.send('cleanup-account-secrets', {});
    expect(await waitForJobOutcome(t.app.jobs, 'cleanup-sessions', sessionsJob!)).toBe('completed');
    expect(await waitForJobOutcome(t.app.jobs, 'cleanup-account-secrets', secretsJob!)).toBe('completed');

    const left = await t.database.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, owner.userId));
    expect(left.map((row) => row.ip).sort()).toEqual(['127.0.0.1', 'expired an hour ago']);
    const tokens = await t.database.db
      .select({ purpose: accountTokens.purpose })
      .from(accountTokens)
      .where(eq(accountTokens.userId, owner.userId));
    expect(tokens).toEqual([{ purpose: 'first_access' }]);
    const codes = await t.database.db
      .select({ purpose: smsChallenges.purpose })
      .from(smsChallenges)
      .where(eq(smsChallenges.userId, owner.userId));
    expect(codes).toEqual([{ purpose: 'first_access' }]);
    // The live session still signs its holder in.
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(200);
  });

  it('runs every hour, on the company clock', async () => {
    const { rows } = await t.database.executeSql(
      "select name, cron, timezone from pgboss.schedule where name like 'cleanup-%' order by name",
    );
    expect(rows).toEqual([
      { name: 'cleanup-account-secrets', cron: '10 * * * *', timezone: 'America/Sao_Paulo' },
      { name: 'cleanup-sessions', cron: '5 * * * *', timezone: 'America/Sao_Paulo' },
    ]);
  });
});
