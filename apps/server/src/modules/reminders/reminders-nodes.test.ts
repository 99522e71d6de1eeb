import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  inSeconds,
  listedReminders,
  queuedFires,
  reminderNotifications,
  savedReminder,
  settle,
  waitLong,
} from './test-support.ts';

/**
 * Two nodes of one deployment on one database, each with its own job queue: a reminder fires once
 * at its time, a daily one then waits for tomorrow at the same time, and a reminder whose node
 * stops before its time is fired by another node, once.
 */
let nodeA: TestApp;
let nodeB: TestApp;
let nodeC: TestApp | undefined;
let personEmail: string;

beforeAll(async () => {
  nodeA = await createTestApp({ seed: false });
  nodeB = await createTestApp({ shareWith: nodeA, seed: false });
  const company = await makeCompany(nodeA.database.db);
  personEmail = (await makePerson(nodeA.database.db, { companyId: company.companyId, name: 'Ana Dois Nós' }))
    .email;
}, 60_000);
afterAll(async () => {
  // The nodes sharing the database close first: the first owns it.
  await nodeC?.close();
  await nodeB.close();
  await nodeA.close();
});

it('with two nodes running, a daily reminder fires once and waits for the same time tomorrow', async () => {
  const onA = await nodeA.signIn(personEmail, factoryPassword);
  const onB = await nodeB.signIn(personEmail, factoryPassword);
  const made = await savedReminder(nodeA, onA, {
    titulo: 'Tomar o remédio',
    dtLembrete: inSeconds(4),
    recorrencia: 'DIARIA',
  });
  await vi.waitFor(
    async () => expect(await reminderNotifications(nodeB, onB, made.idLembrete)).toHaveLength(1),
    waitLong,
  );
  await settle();
  expect(await reminderNotifications(nodeA, onA, made.idLembrete)).toHaveLength(1);
  const [after] = (await listedReminders(nodeB, onB, 'PROXIMOS')).filter(
    (item) => item.idLembrete === made.idLembrete,
  );
  const tomorrow = new Date(new Date(made.dtLembrete).getTime() + 86_400_000).toISOString();
  expect(after).toMatchObject({ dtUltimaOcorrencia: made.dtLembrete, dtProximaOcorrencia: tomorrow });
  expect(await queuedFires(nodeA, made.idLembrete)).toEqual([tomorrow]);
}, 60_000);

it('when the node that scheduled it stops before the time, another node fires it once', async () => {
  const onB = await nodeB.signIn(personEmail, factoryPassword);
  const made = await savedReminder(nodeB, onB, { titulo: 'Reunião às 15h', dtLembrete: inSeconds(5) });
  await nodeB.close();
  nodeB = await createTestApp({ shareWith: nodeA, seed: false });
  nodeC = await createTestApp({ shareWith: nodeA, seed: false });
  const onC = await nodeC.signIn(personEmail, factoryPassword);
  await vi.waitFor(
    async () => expect(await reminderNotifications(nodeC!, onC, made.idLembrete)).toHaveLength(1),
    waitLong,
  );
  await settle();
  expect(await reminderNotifications(nodeC, onC, made.idLembrete)).toHaveLength(1);
  expect(await queuedFires(nodeA, made.idLembrete)).toEqual([]);
}, 60_000);
