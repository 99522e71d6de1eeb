import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { employeePermissions } from '@elo/contract/enums';
import { hrTickets } from '../../db/schema/all.ts';
import { makeCompany, makePerson } from '../../test/factories.ts';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from '../../test/harness.ts';
import { makeSubject } from './test-support.ts';

/*
 * Migration 0019 fixes each ticket's confidentiality for life (hr_tickets.confidential_subject_id).
 * Tickets opened before it had none: its last statement gives those under a subject confidential
 * at that moment their subject as their circle. Here that statement runs again on tickets written
 * as they were before it.
 */

const migration = fileURLToPath(new URL('../../../drizzle/0019_hr_ticket_confidential.sql', import.meta.url));

let dataDir: string;
let database: TestDatabase;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'elo-backfill-'));
  database = await createTestDatabase(dataDir);
}, 60_000);
afterAll(async () => {
  await database?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`migration 0019 on ${testPostgresUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('makes the tickets of a subject confidential at migration time confidential for life, and no others', async () => {
    const { db } = database.handle;
    const company = await makeCompany(db);
    const { companyId } = company;
    const requester = await makePerson(db, { companyId, permissions: employeePermissions });
    const complaints = await makeSubject(db, { companyId, name: 'Denúncia', confidential: true });
    const holidays = await makeSubject(db, { companyId, name: 'Férias' });
    const open = async (subjectId: number, protocol: string) =>
      (
        await db
          .insert(hrTickets)
          .values({ companyId, protocol, requesterId: requester.id, subjectId })
          .returning({ id: hrTickets.id })
      )[0]!.id;
    const complaint = await open(complaints, '2025-000001');
    const holiday = await open(holidays, '2025-000002');

    const statements = (await readFile(migration, 'utf8')).split('--> statement-breakpoint');
    const backfill = statements.at(-1)!;
    expect(backfill).toContain('UPDATE "hr_tickets" SET "confidential_subject_id"');
    await db.execute(sql.raw(backfill));

    const circle = async (ticketId: number) =>
      (
        await db
          .select({ circle: hrTickets.confidentialSubjectId })
          .from(hrTickets)
          .where(eq(hrTickets.id, ticketId))
      )[0]!.circle;
    expect(await circle(complaint)).toBe(complaints);
    expect(await circle(holiday)).toBeNull();
  });
});
