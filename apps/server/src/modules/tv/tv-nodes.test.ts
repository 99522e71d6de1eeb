import { EventSource } from 'eventsource';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TvEvent, tvEventsPath, tvRequestCookie } from '@elo/contract/calls/tv';
import { factoryPassword, makeCompany } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { savedPublication } from '../publications/test-support.ts';

/**
 * Two nodes of one deployment (one database, one Redis): a screen streaming from one node hears
 * a publication published and its revocation made on the other.
 */
let nodeA: TestApp;
let nodeB: TestApp;
let urlB: string;
let adminCookie: string;
let source: EventSource | undefined;

beforeAll(async () => {
  nodeA = await createTestApp({ redis: true, seed: false });
  nodeB = await createTestApp({ shareWith: nodeA, seed: false });
  const company = await makeCompany(nodeA.database.db, { maxPostChars: 2000 });
  adminCookie = await nodeA.signIn(company.master.email, factoryPassword);
  urlB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  source?.close();
  await nodeB.close();
  await nodeA.close();
});

it('tells a screen on one node what happens on the other', async () => {
  const screen = await nodeA.call(
    'salvaTelaTvAdmin',
    {
      nome: 'Hall',
      idsGrupos: [],
      segundosPorSlide: 8,
      flComunicados: 'S',
      flPublicacoes: 'S',
      qtdPublicacoes: 3,
      flAniversariantes: 'N',
    },
    { cookie: adminCookie },
  );
  const idTela = screen.json().data.idTela as number;
  // The screen asks its code of node B and the administrator pairs it on node A.
  const asked = await nodeB.call('solicitaCodigoTv', {});
  const requestCookie = asked.cookies.find((item) => item.name === tvRequestCookie)!;
  const codigo = asked.json().data.codigo as string;
  expect(
    (await nodeA.call('pareiaTelaTvAdmin', { idTela, codigo }, { cookie: adminCookie })).statusCode,
  ).toBe(200);
  const collected = await nodeB.call(
    'consultaPareamentoTv',
    { codigo },
    { cookie: `${tvRequestCookie}=${requestCookie.value}` },
  );
  const token = collected.json().data.tokenTela as string;

  const received: string[] = [];
  const waiters: (() => void)[] = [];
  source = new EventSource(`${urlB}${tvEventsPath}`, {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }),
  });
  for (const event of Object.values(TvEvent)) {
    source.addEventListener(event, () => {
      received.push(event);
      for (const wake of waiters.splice(0)) wake();
    });
  }
  source.addEventListener('error', () => {
    for (const wake of waiters.splice(0)) wake();
  });
  const next = async (event: string, count: number) => {
    while (received.filter((item) => item === event).length < count) {
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await next(TvEvent.content, 1);
  // The administration on node A sees it online while it streams from node B.
  const listed = await nodeA.call('consultaTelasTvAdmin', {}, { cookie: adminCookie });
  expect(listed.json().data.listTelas[0]).toMatchObject({ flPareada: 'S', flOnline: 'S' });
  await savedPublication(nodeA, adminCookie, { texto: 'Publicada no outro nó' });
  await next(TvEvent.content, 2);
  await nodeA.call('revogaTelaTvAdmin', { idTela }, { cookie: adminCookie });
  await next(TvEvent.revoked, 1);
  while (source.readyState !== source.CLOSED) await new Promise<void>((resolve) => waiters.push(resolve));
  // The last word is the revocation (a publication out now may also be told once more by its job).
  expect(received.at(-1)).toBe(TvEvent.revoked);
  expect(received.filter((event) => event === TvEvent.revoked)).toHaveLength(1);
});
