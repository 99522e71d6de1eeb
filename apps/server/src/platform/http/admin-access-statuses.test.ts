import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, downloads } from '@elo/contract/calls/registry';
import type { DownloadDefinition } from '@elo/contract/define-call';
import { adminPermissionCodes, type AdminPermissionCode } from '@elo/contract/enums';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { adminAccessTable, alsoNeeded } from './admin-access-table.ts';
import { areaWrites, type AreaWrite } from './admin-area-writes.ts';
import { checkAnswer, companyRows, downloadPath, type Expectation } from './authorization-test-support.ts';

/**
 * Each administration permission at N, L and E, held through stored administrator rows by people
 * who signed in, against the permission table written apart (admin-access-table.ts): at N every
 * call of the area is refused, at L the reads answer and the writes are refused changing nothing,
 * at E a real write of the area goes through and shows.
 */

let t: TestApp;
let companyId: number;
/** The session cookie of the administrator holding each permission at each status. */
const holders = new Map<AdminPermissionCode, Record<'N' | 'L' | 'E', string>>();
let writes: Partial<Record<AdminPermissionCode, AreaWrite>>;
/** Who wrote as each area's E holder, for the audit log's check. */
const writers: { code: AdminPermissionCode; userId: number }[] = [];
const eHolderIds = new Map<AdminPermissionCode, number>();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db, { maxPostChars: 200 });
  companyId = company.companyId;
  const groupIds = [company.defaultGroupId];
  const employee = await makePerson(db, { companyId, groupIds });
  for (const code of adminPermissionCodes) {
    // At N: every other permission at E, so only this one's absence refuses the area.
    const others = Object.fromEntries(
      adminPermissionCodes.filter((other) => other !== code).map((other) => [other, 'E' as const]),
    );
    const atNone = await makePerson(db, { companyId, groupIds, administrator: others });
    const atRead = await makePerson(db, { companyId, groupIds, administrator: { [code]: 'L' } });
    const atEdit = await makePerson(db, { companyId, groupIds, administrator: { [code]: 'E' } });
    eHolderIds.set(code, atEdit.id);
    holders.set(code, {
      N: await t.signIn(atNone.email, factoryPassword),
      L: await t.signIn(atRead.email, factoryPassword),
      E: await t.signIn(atEdit.email, factoryPassword),
    });
  }
  writes = await areaWrites(t, {
    groupId: company.defaultGroupId,
    employeeId: employee.id,
    stamp: Date.now().toString(36),
  });
}, 180_000);
afterAll(() => t.close());

/** Makes a call (with `{}`) or fetches a download (the first format, ids 1) as the cookie's holder. */
function attempt(name: string, cookie: string) {
  if (name in downloads) {
    const download = (downloads as Record<string, DownloadDefinition>)[name]!;
    return t.app.inject({ method: 'GET', url: downloadPath(download), headers: { cookie } });
  }
  expect(name in calls, `${name} of the table is no call or download`).toBe(true);
  return t.call(name, {}, { cookie });
}

async function expectEach(names: string[], cookie: string, expectation: Expectation, status: string) {
  for (const name of names) {
    const answer = await attempt(name, cookie);
    // A call that also needs a second permission (alsoNeeded) is refused to a holder of this one alone.
    const expected = name in alsoNeeded ? 403 : expectation;
    checkAnswer(
      answer.statusCode === 200 ? { statusCode: 200, body: '' } : answer,
      expected,
      `${name} at ${status}${name in alsoNeeded ? ' without its second permission' : ''}`,
    );
  }
}

const statusesOf = (code: AdminPermissionCode) => holders.get(code)!;
const readsOf = (code: AdminPermissionCode) => Object.keys(adminAccessTable[code].L);
/**
 * The reads that one permission alone lets through: a call that also needs a second permission
 * (alsoNeeded) is refused to a holder of the first only, as the authorization matrix checks.
 */
const readsAloneOf = (code: AdminPermissionCode) => readsOf(code).filter((name) => !(name in alsoNeeded));
const writesOf = (code: AdminPermissionCode) => Object.keys(adminAccessTable[code].E);

describe.each(adminPermissionCodes)('%s', (code) => {
  it('at N: every call and download of the area answers 403, changing nothing', async () => {
    expect(readsOf(code).length).toBeGreaterThan(0);
    const before = await companyRows(t.database, companyId);
    await expectEach([...readsOf(code), ...writesOf(code)], statusesOf(code).N, 403, 'N');
    const write = writes[code];
    if (write) checkAnswer(await write.send(statusesOf(code).N), 403, `${write.call} with a valid body at N`);
    expect(await companyRows(t.database, companyId)).toEqual(before);
  });

  it('at L: the reads answer; the writes answer 403 and change nothing', async () => {
    const { L } = statusesOf(code);
    await expectEach(readsAloneOf(code), L, 'through', 'L');
    const write = writes[code];
    if (write) expect(await write.shows(L), `${write.call}'s change before any write`).toBe(false);
    const before = await companyRows(t.database, companyId);
    await expectEach(writesOf(code), L, 403, 'L');
    if (write) checkAnswer(await write.send(L), 403, `${write.call} with a valid body at L`);
    expect(await companyRows(t.database, companyId)).toEqual(before);
    if (write) expect(await write.shows(L), `${write.call}'s change after L tried it`).toBe(false);
  });

  it('at E: a write of the area goes through and shows', async () => {
    const { E, L } = statusesOf(code);
    const write = writes[code];
    if (writesOf(code).length === 0) {
      // An area without writes (the audit log): E reads like L, and no write is waiting to be tried.
      expect(write).toBeUndefined();
      await expectEach(readsAloneOf(code), E, 'through', 'E');
      return;
    }
    expect(
      write,
      `${code} has writes in the table: add its representative to admin-area-writes.ts`,
    ).toBeDefined();
    expect(writesOf(code)).toContain(write!.call);
    const answer = await write!.send(E);
    expect(answer.statusCode, `${write!.call} at E: ${answer.body}`).toBe(200);
    // Shown to the area's L holder: the change is stored, not something of the writer's session.
    expect(await write!.shows(L), `${write!.call}'s change after E made it`).toBe(true);
    await expectEach(readsAloneOf(code), E, 'through', 'E');
    writers.push({ code, userId: eHolderIds.get(code)! });
  });
});

describe('calls that need a second permission (alsoNeeded)', () => {
  it('answer only a holder of both at their status', async () => {
    const { db } = t.database;
    const needing = Object.entries(alsoNeeded) as [string, AdminPermissionCode][];
    expect(needing.length).toBeGreaterThan(0);
    for (const [name, also] of needing) {
      const code = adminPermissionCodes.find(
        (candidate) => name in adminAccessTable[candidate].L || name in adminAccessTable[candidate].E,
      )!;
      const needs = name in adminAccessTable[code].E ? 'E' : 'L';
      for (const status of ['L', 'E'] as const) {
        const person = await makePerson(db, { companyId, administrator: { [code]: status, [also]: status } });
        const cookie = await t.signIn(person.email, factoryPassword);
        const answer = await attempt(name, cookie);
        const allowed = needs === 'L' || status === 'E';
        checkAnswer(
          answer.statusCode === 200 ? { statusCode: 200, body: '' } : answer,
          allowed ? 'through' : 403,
          `${name} with both at ${status}`,
        );
        const onlyAlso = await makePerson(db, { companyId, administrator: { [also]: 'E' } });
        checkAnswer(
          await attempt(name, await t.signIn(onlyAlso.email, factoryPassword)),
          403,
          `${name} with ${also} alone`,
        );
      }
    }
  });
});

describe('the audit log', () => {
  it('holds an entry by each E holder that wrote, for the audit area read at L', async () => {
    expect(writers.map((writer) => writer.code)).toEqual(
      adminPermissionCodes.filter((code) => writesOf(code).length > 0),
    );
    for (const { code, userId } of writers) {
      const answer = await t.call(
        'consultaAuditoriaAdmin',
        { idUsuarioAutor: userId },
        { cookie: statusesOf('ADMIN_AUDITORIA').L },
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const entries = answer.json<{ data: { listRegistros: { idUsuarioAutor: number }[] } }>().data
        .listRegistros;
      expect(entries.length, `${code}'s write in the audit log`).toBeGreaterThan(0);
      expect(entries.every((entry) => entry.idUsuarioAutor === userId)).toBe(true);
    }
  });
});
