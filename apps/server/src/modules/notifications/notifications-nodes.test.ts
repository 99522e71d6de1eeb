import { EventSource } from 'eventsource';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  NotificationStreamEvent,
  notificationStreamPath,
  type NotificationStreamData,
} from '@elo/contract/calls/notifications';
import { NotificationType, employeePermissions } from '@elo/contract/enums';
import { factoryPassword, makeCompany, makePerson, type MadePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Two nodes of one deployment (one database, one Redis), each listening on a real port: a tab
 * connected to one node hears what happens on the other.
 */
let nodeA: TestApp;
let nodeB: TestApp;
let urlA: string;
let urlB: string;
const sources: EventSource[] = [];
let mariaPerson: MadePerson;
let carlosPerson: MadePerson;
let defaultGroupId: number;

beforeAll(async () => {
  nodeA = await createTestApp({ redis: true, seed: false });
  // A node sharing the database seeds it too unless told not to.
  nodeB = await createTestApp({ shareWith: nodeA, seed: false });
  const { db } = nodeA.database;
  const company = await makeCompany(db, { maxPostChars: 2000 });
  defaultGroupId = company.defaultGroupId;
  const employee = {
    companyId: company.companyId,
    permissions: employeePermissions,
    groupIds: [defaultGroupId],
    canPost: true,
  };
  mariaPerson = await makePerson(db, { ...employee, name: 'Maria Silva' });
  carlosPerson = await makePerson(db, { ...employee, name: 'Carlos Pereira' });
  urlA = await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const source of sources) source.close();
  // The second node closes first: the first owns the shared database.
  await nodeB.close();
  await nodeA.close();
});

/** A tab's stream: a real EventSource on a node, signed in by the session cookie. */
function openTab(base: string, cookie: string) {
  const source = new EventSource(`${base}${notificationStreamPath}`, {
    fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, cookie } }),
  });
  sources.push(source);
  const received: { event: string; data: NotificationStreamData }[] = [];
  const waiters: (() => void)[] = [];
  for (const event of Object.values(NotificationStreamEvent)) {
    source.addEventListener(event, (message) => {
      received.push({ event, data: JSON.parse(message.data) as NotificationStreamData });
      for (const wake of waiters.splice(0)) wake();
    });
  }
  source.addEventListener('error', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    source,
    received,
    /** Resolves once an event of this kind came (or at once if it came already). */
    async next(event: string, count = 1) {
      while (received.filter((item) => item.event === event).length < count) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      return received.filter((item) => item.event === event)[count - 1]!.data;
    },
    /** Resolves once the stream is closed for good (the server refused to reopen it). */
    async closed() {
      while (source.readyState !== source.CLOSED) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

it('sends a notification made on one node to every tab of its person on both nodes, live', async () => {
  const maria = await nodeA.signIn(mariaPerson.email, factoryPassword);
  const carlos = await nodeA.signIn(carlosPerson.email, factoryPassword);
  const onB = openTab(urlB, maria);
  const onA = openTab(urlA, maria);
  const ready = await onB.next(NotificationStreamEvent.ready);
  await onA.next(NotificationStreamEvent.ready);

  const published = await nodeA.callMultipart('publicaPostagemTimeline', {
    cookie: maria,
    fields: {
      textoPublicacao: 'Quem topa almoçar às 12h30?',
      idAppTipoMensagem: '1',
      idsGrupos: String(defaultGroupId),
      flPermiteComentarios: 'S',
      flRascunho: 'N',
    },
  });
  const postId = published.json().data.postagem.idMensagem as number;
  const commented = await nodeA.call(
    'insereComentario',
    { idMensagem: postId, texto: 'Eu!' },
    { cookie: carlos },
  );
  expect(commented.statusCode).toBe(200);

  const created = await onB.next(NotificationStreamEvent.created);
  expect(created.qtdNaoLidas).toBe(ready.qtdNaoLidas + 1);
  expect(created.notificacao).toMatchObject({
    tipo: NotificationType.postComment,
    titulo: 'Carlos Pereira comentou a sua publicação',
    link: `/painel/publicacao/${postId}`,
    flLida: 'N',
  });
  expect((await onA.next(NotificationStreamEvent.created)).notificacao).toEqual(created.notificacao);

  // Read on node B: the tab on node A hears the new count.
  const marked = await nodeB.call(
    'marcaNotificacoesLidas',
    { idsNotificacoes: [created.notificacao!.idNotificacao] },
    { cookie: maria },
  );
  expect(marked.json().data.qtdNaoLidas).toBe(ready.qtdNaoLidas);
  const read = await onA.next(NotificationStreamEvent.read);
  expect(read).toEqual({
    qtdNaoLidas: ready.qtdNaoLidas,
    idsNotificacoes: [created.notificacao!.idNotificacao],
  });

  // Carlos's own stream heard nothing of Maria's.
  const carlosTab = openTab(urlB, carlos);
  await carlosTab.next(NotificationStreamEvent.ready);
  expect(carlosTab.received.map((item) => item.event)).toEqual([NotificationStreamEvent.ready]);
});

it('closes the streams of a session that signs out on the other node, for good', async () => {
  const maria = await nodeA.signIn(mariaPerson.email, factoryPassword);
  const tab = openTab(urlB, maria);
  await tab.next(NotificationStreamEvent.ready);
  expect((await nodeA.call('doLogout', {}, { cookie: maria })).statusCode).toBe(200);
  await tab.closed();
  expect(tab.source.readyState).toBe(tab.source.CLOSED);
}, 60_000);
