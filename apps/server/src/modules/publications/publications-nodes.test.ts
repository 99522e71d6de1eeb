import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { employeePermissions } from '@elo/contract/enums';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { publicationNotifications, savedPublication, timelineIds } from './test-support.ts';

/**
 * Two nodes of one deployment on one database, each with its own job queue: a publication
 * scheduled a few seconds ahead shows on an employee's timeline at its time and its audience is
 * told exactly once, also when the node that scheduled it stops before the time and another
 * node starts in its place.
 */
let nodeA: TestApp;
let nodeB: TestApp;
let nodeC: TestApp | undefined;
let adminEmail: string;
let audience: number[];
let employeeEmail: string;

beforeAll(async () => {
  nodeA = await createTestApp({ seed: false });
  nodeB = await createTestApp({ shareWith: nodeA, seed: false });
  const { db } = nodeA.database;
  const company = await makeCompany(db);
  adminEmail = company.master.email;
  const people = await Promise.all(
    ['Ana Turno', 'Bruno Turno', 'Clara Turno'].map((name) =>
      makePerson(db, {
        companyId: company.companyId,
        name,
        permissions: employeePermissions,
        groupIds: [company.defaultGroupId],
      }),
    ),
  );
  audience = people.map((person) => person.id).sort((a, b) => a - b);
  employeeEmail = people[0]!.email;
});
afterAll(async () => {
  // The nodes sharing the database close first: the first owns it.
  await nodeC?.close();
  await nodeB.close();
  await nodeA.close();
});

const waitLong = { timeout: 20_000, interval: 200 };

/** After the notifications came, a few more polls of every queue find nothing more to send. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
}

it('with two nodes running, a scheduled publication shows at its time and is notified once', async () => {
  const admin = await nodeA.signIn(adminEmail, factoryPassword);
  const employee = await nodeB.signIn(employeeEmail, factoryPassword);
  const made = await savedPublication(nodeA, admin, {
    texto: 'Ginástica laboral às 15h',
    acao: 'AGENDAR',
    dtAgendamento: new Date(Date.now() + 4_000).toISOString(),
  });
  expect(await timelineIds(nodeB, employee)).not.toContain(made.idPublicacao);
  await vi.waitFor(
    async () => expect(await timelineIds(nodeB, employee)).toContain(made.idPublicacao),
    waitLong,
  );
  await vi.waitFor(
    async () =>
      expect((await publicationNotifications(nodeA, made.idPublicacao)).map((row) => row.userId)).toEqual(
        audience,
      ),
    waitLong,
  );
  await settle();
  expect((await publicationNotifications(nodeA, made.idPublicacao)).map((row) => row.userId)).toEqual(
    audience,
  );
}, 60_000);

it('when the node that scheduled it stops before the time, another node publishes and notifies once', async () => {
  const admin = await nodeB.signIn(adminEmail, factoryPassword);
  // Signed in first: a session is the deployment's, good on every node.
  const employee = await nodeA.signIn(employeeEmail, factoryPassword);
  const made = await savedPublication(nodeB, admin, {
    texto: 'Manutenção do refeitório amanhã',
    acao: 'AGENDAR',
    dtAgendamento: new Date(Date.now() + 5_000).toISOString(),
  });
  // The scheduling node goes away before the time (nothing is published yet); new ones start in
  // its place (a restart), however long that takes on a busy machine.
  await nodeB.close();
  expect(await timelineIds(nodeA, employee)).not.toContain(made.idPublicacao);
  nodeB = await createTestApp({ shareWith: nodeA, seed: false });
  nodeC = await createTestApp({ shareWith: nodeA, seed: false });
  await vi.waitFor(
    async () => expect(await timelineIds(nodeC!, employee)).toContain(made.idPublicacao),
    waitLong,
  );
  await vi.waitFor(
    async () =>
      expect((await publicationNotifications(nodeA, made.idPublicacao)).map((row) => row.userId)).toEqual(
        audience,
      ),
    waitLong,
  );
  await settle();
  expect((await publicationNotifications(nodeA, made.idPublicacao)).map((row) => row.userId)).toEqual(
    audience,
  );
}, 60_000);
