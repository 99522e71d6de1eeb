import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { employeePermissions, NotificationType } from '@elo/contract/enums';
import { pushDevices, pushKeys } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makePerson, type MadePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startPushService, type TestSubscription } from '../../test/push-service.ts';
import { answerTicket, makeSubject, openedTicket } from '../hr-tickets/test-support.ts';
import { commentOn, publishPostIn } from '../notifications/test-support.ts';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
let maria: string;
let carlos: string;
let ana: string;
let master: string;
let outsider: string;
let mariaPerson: MadePerson;
let defaultGroupId: number;
let companyId: number;
let subjectId: number;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({
    seed: false,
    env: { PUBLIC_URL: 'https://elo.example', PUSH_ENDPOINTS_ALLOW: service.allow },
  });
  const { db } = t.database;
  const company = await makeCompany(db, { maxPostChars: 2000 });
  const other = await makeCompany(db);
  defaultGroupId = company.defaultGroupId;
  companyId = company.companyId;
  const employee = {
    companyId: company.companyId,
    permissions: employeePermissions,
    canPost: true,
    groupIds: [defaultGroupId],
  };
  mariaPerson = await makePerson(db, { ...employee, name: 'Maria Silva' });
  const carlosPerson = await makePerson(db, { ...employee, name: 'Carlos Pereira' });
  const anaPerson = await makePerson(db, { ...employee, name: 'Ana Rocha' });
  const outsiderPerson = await makePerson(db, {
    companyId: other.companyId,
    permissions: employeePermissions,
  });
  subjectId = await makeSubject(db, { companyId: company.companyId, name: 'Férias' });
  const signIn = (person: MadePerson) => t.signIn(person.email, factoryPassword);
  [maria, carlos, ana, master, outsider] = await Promise.all([
    signIn(mariaPerson),
    signIn(carlosPerson),
    signIn(anaPerson),
    signIn(company.master),
    signIn(outsiderPerson),
  ]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await service.close();
});

async function call<T>(name: string, body: unknown, cookie: string, status = 200): Promise<T> {
  const response = await t.call(name, body, { cookie });
  expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
  return response.json().data as T;
}

async function register(cookie: string, subscription: TestSubscription, nomeDispositivo?: string) {
  return call<{ idDispositivo: number }>(
    'registraDispositivoPush',
    {
      endpoint: subscription.endpoint,
      chaves: subscription.keys,
      ...(nomeDispositivo ? { nomeDispositivo } : {}),
    },
    cookie,
  );
}

const publishPost = (cookie: string, text: string) => publishPostIn(t, cookie, defaultGroupId, text);
const comment = (cookie: string, postId: number, texto: string) => commentOn(t, cookie, postId, texto);

describe('the server key', () => {
  it('is made once, kept in the database, and the same on every call', async () => {
    const first = await call<{ chavePublica: string }>('consultaChavePublicaPush', {}, maria);
    const second = await call<{ chavePublica: string }>('consultaChavePublicaPush', {}, carlos);
    // An uncompressed P-256 point: 65 bytes, 87 characters of base64url.
    expect(first.chavePublica).toMatch(/^[\w-]{87}$/);
    expect(Buffer.from(first.chavePublica, 'base64url')[0]).toBe(4);
    expect(second).toEqual(first);
    const [stored] = await t.database.db.select().from(pushKeys);
    expect(stored?.publicKey).toBe(first.chavePublica);
  });
});

describe('devices', () => {
  it('registers a browser once per endpoint, lists it, and removes it', async () => {
    const phone = service.subscribe();
    const first = await register(ana, phone, 'Celular');
    const again = await register(ana, phone);
    expect(again.idDispositivo).toBe(first.idDispositivo);
    const { listDispositivos } = await call<{ listDispositivos: Record<string, unknown>[] }>(
      'consultaDispositivosPush',
      {},
      ana,
    );
    expect(listDispositivos).toEqual([
      {
        idDispositivo: first.idDispositivo,
        nomeDispositivo: 'Celular',
        dtCadastro: expect.any(String),
        dtUltimoEnvio: null,
      },
    ]);

    // Another person's device is unknown to the caller: neither removed nor tested.
    await call('removeDispositivoPush', { idDispositivo: first.idDispositivo }, carlos, 404);
    await call('enviaPushTeste', { idDispositivo: first.idDispositivo }, outsider, 404);
    await call('removeDispositivoPush', { idDispositivo: first.idDispositivo }, ana);
    expect(
      (await call<{ listDispositivos: unknown[] }>('consultaDispositivosPush', {}, ana)).listDispositivos,
    ).toEqual([]);
  });

  it('updates a browser registered again, with new keys or by another person, never duplicating it', async () => {
    const browser = service.subscribe();
    const first = await register(ana, browser, 'Notebook');
    // The browser renewed its subscription's keys at the same endpoint: pushes use the new ones.
    const renewed = service.renew(browser);
    expect((await register(ana, renewed, 'Notebook de casa')).idDispositivo).toBe(first.idDispositivo);
    expect(await call('enviaPushTeste', { idDispositivo: first.idDispositivo }, ana)).toMatchObject({
      flEntregue: 'S',
      statusServico: 201,
    });
    expect(service.receivedBy(browser)).toHaveLength(1);
    const devicesOf = async (cookie: string) =>
      (
        await call<{ listDispositivos: { idDispositivo: number; nomeDispositivo: string }[] }>(
          'consultaDispositivosPush',
          {},
          cookie,
        )
      ).listDispositivos;
    expect(await devicesOf(ana)).toEqual([
      expect.objectContaining({ idDispositivo: first.idDispositivo, nomeDispositivo: 'Notebook de casa' }),
    ]);

    // Someone else signs in on the same browser and turns notifications on: it is theirs now.
    expect((await register(carlos, renewed, 'Notebook da sala')).idDispositivo).toBe(first.idDispositivo);
    expect(await devicesOf(ana)).toEqual([]);
    expect(await devicesOf(carlos)).toContainEqual(
      expect.objectContaining({ idDispositivo: first.idDispositivo, nomeDispositivo: 'Notebook da sala' }),
    );
    const rows = await t.database.db
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.endpoint, browser.endpoint));
    expect(rows.map((row) => row.userId)).toEqual([rows[0]!.userId]);
    await call('removeDispositivoPush', { idDispositivo: first.idDispositivo }, carlos);
  });

  it('refuses endpoints that are not https: addresses of public hosts, in words', async () => {
    const keys = service.subscribe().keys;
    for (const endpoint of [
      'http://push.example.com/send/1',
      'https://localhost/push/1',
      'https://10.0.0.7/push/1',
      'https://[::1]/push/1',
      'https://printer.local/push/1',
      'https://intranet/push/1',
      `http://127.0.0.1:1/push/elsewhere`,
    ]) {
      const response = await t.call('registraDispositivoPush', { endpoint, chaves: keys }, { cookie: ana });
      expect(response.statusCode, endpoint).toBe(422);
      expect(response.json().errors).toEqual({
        endpoint: [
          'Este endereço de notificação não é aceito: use o serviço de notificações do próprio navegador',
        ],
      });
    }
    const notUrl = await t.call(
      'registraDispositivoPush',
      { endpoint: 'push', chaves: keys },
      { cookie: ana },
    );
    expect(notUrl.json().errors).toEqual({
      endpoint: ['O endereço de notificação do navegador não é válido'],
    });
    // A push service's public address is taken (nothing is sent to it here).
    const fcm = await call<{ idDispositivo: number }>(
      'registraDispositivoPush',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', chaves: keys },
      ana,
    );
    await call('removeDispositivoPush', { idDispositivo: fcm.idDispositivo }, ana);
  });
});

describe('pushes', () => {
  it('pushes a comment to each device of the author, encrypted, signed and in the declarative form', async () => {
    const laptop = service.subscribe();
    const phone = service.subscribe();
    await register(maria, laptop, 'Notebook');
    await register(maria, phone, 'Celular');
    const postId = await publishPost(maria, 'Bom dia, equipe!');
    await comment(carlos, postId, 'Ficou ótimo!');

    await service.until(
      () => service.receivedBy(laptop).length === 1 && service.receivedBy(phone).length === 1,
    );
    const [push] = service.receivedBy(laptop);
    const { chavePublica } = await call<{ chavePublica: string }>('consultaChavePublicaPush', {}, maria);
    expect(push!.vapidPublicKey).toBe(chavePublica);
    expect(push!.claims).toMatchObject({ aud: service.origin, sub: 'mailto:nao-responda@elo.local' });
    expect(push!.message).toEqual({
      web_push: 8030,
      notification: {
        title: 'Carlos Pereira comentou a sua publicação',
        body: 'Ficou ótimo!',
        navigate: `https://elo.example/painel/publicacao/${postId}`,
        tag: `${NotificationType.postComment}:/painel/publicacao/${postId}`,
        lang: 'pt-BR',
        dir: 'auto',
      },
    });
    expect(push!.headers).toMatchObject({
      ttl: '86400',
      urgency: 'normal',
      topic: expect.stringMatching(/^[\w-]{32}$/),
    });

    // RFC 8292: the token expires within a day.
    expect(push!.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 86_400_000);

    // Two more comments on the same post carry the same tag and topic: each replaces the one
    // before, on the device and in the push service's queue, so three show as one.
    await comment(ana, postId, 'Parabéns!');
    await comment(carlos, postId, 'Concordo com a Ana');
    await service.until(() => service.receivedBy(laptop).length === 3);
    const pushes = service.receivedBy(laptop);
    expect(pushes.map((each) => each.message.notification?.body)).toEqual([
      'Ficou ótimo!',
      'Parabéns!',
      'Concordo com a Ana',
    ]);
    expect(new Set(pushes.map((each) => each.message.notification?.tag))).toEqual(
      new Set([push!.message.notification!.tag]),
    );
    expect(new Set(pushes.map((each) => each.headers.topic))).toEqual(new Set([push!.headers.topic]));
    // Another post's comment is another item: its own tag and topic.
    const otherPostId = await publishPost(maria, 'Boa tarde!');
    await comment(carlos, otherPostId, 'Boa tarde, Maria');
    await service.until(() => service.receivedBy(laptop).length === 4);
    const other = service.receivedBy(laptop)[3]!;
    expect(other.message.notification?.tag).toBe(
      `${NotificationType.postComment}:/painel/publicacao/${otherPostId}`,
    );
    expect(other.headers.topic).not.toBe(push!.headers.topic);

    const { listDispositivos } = await call<{ listDispositivos: { dtUltimoEnvio: string | null }[] }>(
      'consultaDispositivosPush',
      {},
      maria,
    );
    expect(listDispositivos.map((device) => device.dtUltimoEnvio)).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    for (const device of await t.database.db
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.userId, mariaPerson.id))) {
      await t.database.db.delete(pushDevices).where(eq(pushDevices.id, device.id));
    }
  });

  it('pushes nothing of a kind the person turned off for push, and still shows it in the bell', async () => {
    const device = service.subscribe();
    await register(carlos, device);
    await call(
      'salvaPreferenciasNotificacao',
      {
        listPreferencias: [
          { tipo: NotificationType.postComment, flNoApp: 'S', flPush: 'N', email: 'NENHUM' },
        ],
      },
      carlos,
    );
    const postId = await publishPost(carlos, 'Reunião às 15h');
    await comment(ana, postId, 'Estarei lá');
    // A test push after the comment arrives after anything the comment would have queued.
    const { listDispositivos } = await call<{ listDispositivos: { idDispositivo: number }[] }>(
      'consultaDispositivosPush',
      {},
      carlos,
    );
    await call('enviaPushTeste', { idDispositivo: listDispositivos[0]!.idDispositivo }, carlos);
    await service.until(() => service.receivedBy(device).length >= 1);
    expect(service.receivedBy(device).map((push) => push.message.notification?.title)).toEqual([
      'Notificação de teste do Elo',
    ]);
    const bell = await call<{ listNotificacoes: { titulo: string }[] }>(
      'consultaNotificacoes',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 10 },
      carlos,
    );
    expect(bell.listNotificacoes[0]?.titulo).toBe('Ana Rocha comentou a sua publicação');
    const preferences = await call<{ listPreferencias: { tipo: string; flPush: string }[] }>(
      'consultaPreferenciasNotificacao',
      {},
      carlos,
    );
    expect(
      preferences.listPreferencias.find((entry) => entry.tipo === NotificationType.postComment)?.flPush,
    ).toBe('N');
  });

  it("says only that HR wrote, never the HR answer's text", async () => {
    const device = service.subscribe();
    await register(maria, device);
    const { idChamado } = await openedTicket(t, maria, {
      idAssunto: subjectId,
      mensagem: 'Posso dividir as férias?',
    });
    const answered = await answerTicket(t, master, {
      idChamado,
      mensagem: 'Pode sim, em até três períodos.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await service.until(() => service.receivedBy(device).length === 1);
    const { notification } = service.receivedBy(device)[0]!.message;
    expect(notification).toEqual({
      title: 'Você tem uma nova mensagem do RH',
      navigate: `https://elo.example/painel/fale-rh?idChamado=${idChamado}`,
      tag: `${NotificationType.hrTicketAnswer}:/painel/fale-rh?idChamado=${idChamado}`,
      lang: 'pt-BR',
      dir: 'auto',
    });
    expect(JSON.stringify(service.receivedBy(device))).not.toContain('três períodos');
  });

  it("says that HR wrote in each person's own language", async () => {
    const employee = { companyId, permissions: employeePermissions, groupIds: [defaultGroupId] };
    for (const { name, language, title } of [
      { name: 'Emily Clark', language: 'en', title: 'You have a new message from HR' },
      { name: 'Sofía Gómez', language: 'es', title: 'Tienes un nuevo mensaje de RR. HH.' },
    ]) {
      const person = await makePerson(t.database.db, { ...employee, name });
      const cookie = await t.signIn(person.email, factoryPassword);
      const { idChamado } = await openedTicket(t, cookie, {
        idAssunto: subjectId,
        mensagem: 'Tenho uma dúvida',
      });
      // She turns this browser's notifications on while using the portal in her language.
      const device = service.subscribe();
      const registered = await t.call(
        'registraDispositivoPush',
        { endpoint: device.endpoint, chaves: device.keys },
        { cookie, language },
      );
      expect(registered.statusCode, registered.body).toBe(200);
      // HR answers in Portuguese; the push is worded for her.
      const answered = await answerTicket(t, master, { idChamado, mensagem: 'Respondido.' });
      expect(answered.statusCode, answered.body).toBe(200);
      await service.until(() => service.receivedBy(device).length === 1);
      expect(service.receivedBy(device)[0]!.message.notification).toMatchObject({ title, lang: language });
      expect(service.receivedBy(device)[0]!.message.notification).not.toHaveProperty('body');
    }
  });

  it('forgets a device the push service says is gone (404 or 410), and retries one that is busy (429, 503) with backoff', async () => {
    const notFound = service.subscribe();
    const gone = service.subscribe();
    const busy = service.subscribe();
    const notFoundId = (await register(ana, notFound)).idDispositivo;
    const goneId = (await register(ana, gone)).idDispositivo;
    const busyId = (await register(ana, busy)).idDispositivo;
    service.answerWith(notFound, 404);
    service.answerWith(gone, 410);
    service.answerWith(busy, 429, 503);
    const postId = await publishPost(ana, 'Quem vem ao treinamento?');
    await comment(maria, postId, 'Eu vou');

    await service.until(() => service.receivedBy(busy).length === 1, 60_000);
    const answersTo = (subscription: TestSubscription) =>
      service.answers.filter((answer) => answer.subscription === subscription.id);
    expect(answersTo(busy).map((answer) => answer.status)).toEqual([429, 503, 201]);
    // Backoff: the first retry waits at least 5 s, the second at least twice that (each a
    // lower bound; the queue's poll may add to it).
    const [busyAnswer, unavailable, delivered] = answersTo(busy).map((answer) => answer.at);
    expect(unavailable! - busyAnswer!).toBeGreaterThanOrEqual(4_900);
    expect(delivered! - unavailable!).toBeGreaterThanOrEqual(9_900);
    expect(answersTo(notFound).map((answer) => answer.status)).toEqual([404]);
    expect(answersTo(gone).map((answer) => answer.status)).toEqual([410]);
    const { listDispositivos } = await call<{ listDispositivos: { idDispositivo: number }[] }>(
      'consultaDispositivosPush',
      {},
      ana,
    );
    expect(listDispositivos.map((device) => device.idDispositivo)).toEqual([busyId]);
    expect(listDispositivos.map((device) => device.idDispositivo)).not.toContain(notFoundId);
    expect(listDispositivos.map((device) => device.idDispositivo)).not.toContain(goneId);
    await call('removeDispositivoPush', { idDispositivo: busyId }, ana);
  }, 90_000);

  it('reports in words what the push service answered to a test', async () => {
    const device = service.subscribe();
    const { idDispositivo } = await register(outsider, device);
    const delivered = await call('enviaPushTeste', { idDispositivo }, outsider);
    expect(delivered).toEqual({
      flEntregue: 'S',
      statusServico: 201,
      mensagem: 'O serviço de notificações aceitou a mensagem (HTTP 201).',
    });
    service.answerWith(device, 410);
    const response = await t.call('enviaPushTeste', { idDispositivo }, { cookie: outsider, language: 'en' });
    expect(response.json().data).toEqual({
      flEntregue: 'N',
      statusServico: 410,
      mensagem:
        'The push service no longer knows this device (HTTP 410), so it was removed. Turn notifications on again in this browser.',
    });
  });
});
