import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { auditLog, companies, users } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany } from '../../test/factories.ts';
import { createTestApp, testPostgresUrl, type TestApp } from '../../test/harness.ts';

/*
 * Issue 27, item 4: nobody rewrites the audit log, not even the application's own database
 * connection. Each statement is sent as the app sends SQL (its drizzle handle), and after each
 * refusal every entry is still there as it was.
 */
let t: TestApp;
let companyId: number;
let before: unknown[];

const entries = () => t.database.db.select().from(auditLog).orderBy(asc(auditLog.id));

/** What PostgreSQL said when it refused the statement (drizzle wraps the driver's error). */
async function refusal(statement: SQL): Promise<{ code: string; message: string }> {
  const error = await t.database.db.execute(statement).then(
    () => undefined,
    (caught: unknown) =>
      caught as { code?: string; message: string; cause?: { code?: string; message: string } },
  );
  expect(error, 'the statement went through').toBeDefined();
  const cause = error!.cause ?? error!;
  return { code: String(cause.code), message: cause.message };
}

const raised = 'P0001';
/**
 * A foreign key refusing a delete: restrict_violation (PostgreSQL 18, PGlite) or
 * foreign_key_violation (older servers say so for RESTRICT too).
 */
const referenceRefusals = ['23001', '23503'];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await makeCompany(t.database.db, { name: 'Empresa auditada' });
  companyId = company.companyId;
  // A real entry, written by the app itself: a successful sign-in is audited.
  await t.signIn(company.master.email, factoryPassword);
  before = await entries();
  expect(
    before.filter((entry) => (entry as { companyId: number }).companyId === companyId).length,
  ).toBeGreaterThan(0);
});

afterAll(async () => {
  await t?.close();
});

describe(`the audit log is append-only on ${testPostgresUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('refuses to change an entry', async () => {
    const refused = await refusal(
      sql`update audit_log set action = 'forged' where company_id = ${companyId}`,
    );
    expect(refused).toEqual({ code: raised, message: 'audit_log is append-only: UPDATE refused' });
    expect(await entries()).toEqual(before);
  });

  it('refuses to delete an entry, or all of them', async () => {
    expect(await refusal(sql`delete from audit_log where company_id = ${companyId}`)).toEqual({
      code: raised,
      message: 'audit_log is append-only: DELETE refused',
    });
    expect(await refusal(sql`delete from audit_log`)).toEqual({
      code: raised,
      message: 'audit_log is append-only: DELETE refused',
    });
    expect(await entries()).toEqual(before);
  });

  it('refuses to truncate it, directly or as a cascade from the companies', async () => {
    expect(await refusal(sql`truncate audit_log`)).toEqual({
      code: raised,
      message: 'audit_log is append-only: TRUNCATE refused',
    });
    expect(await refusal(sql`truncate companies cascade`)).toEqual({
      code: raised,
      message: 'audit_log is append-only: TRUNCATE refused',
    });
    expect(await entries()).toEqual(before);
    expect((await t.database.db.select({ total: count() }).from(companies))[0]!.total).toBeGreaterThan(0);
  });

  it('refuses to delete a company that has entries, keeping the company and everything it owns', async () => {
    const people = async () =>
      (await t.database.db.select({ total: count() }).from(users).where(eq(users.companyId, companyId)))[0]!
        .total;
    const peopleBefore = await people();
    const refused = await refusal(sql`delete from companies where id = ${companyId}`);
    expect(referenceRefusals).toContain(refused.code);
    expect(refused.message).toContain('audit_log_company_id_companies_id_fk');
    expect(await entries()).toEqual(before);
    expect(
      await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)),
    ).toEqual([{ id: companyId }]);
    // The rows the delete would have cascaded into came back with the refusal.
    expect(await people()).toBe(peopleBefore);
  });

  it('still deletes a company that has no entries, with the rows it owns', async () => {
    const quiet = await makeCompany(t.database.db, { name: 'Empresa sem registros' });
    await t.database.db.delete(companies).where(eq(companies.id, quiet.companyId));
    expect(await t.database.db.select().from(users).where(eq(users.companyId, quiet.companyId))).toEqual([]);
    expect(await entries()).toEqual(before);
  });
});
