import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationStreamEvent,
  notificationStreamPath,
  type NotificationStreamData,
} from '@elo/contract/calls/notifications';
import { NotificationType, employeePermissions } from '@elo/contract/enums';
import { factoryPassword, makeCompany, makePerson, type MadePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { answerTicket, makeSubject, openedTicket } from '../hr-tickets/test-support.ts';
import { bellOf, commentOn, publishPostIn, type Bell } from './test-support.ts';

let t: TestApp;
let url: string;
let defaultGroupId: number;
const cookies: Record<'maria' | 'carlos' | 'ana' | 'bruno' | 'master', string> = {
  maria: '',
  carlos: '',
  ana: '',
  bruno: '',
  master: '',
};
let subjectId: number;
const sources: EventSource[] = [];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db, { maxPostChars: 2000 });
  defaultGroupId = company.defaultGroupId;
  const person = (name: string) =>
    makePerson(db, {
      companyId: company.companyId,
      permissions: employeePermissions,
      canPost: true,
      name,
      groupIds: [defaultGroupId],
    });
  const people: [keyof typeof cookies, MadePerson][] = [
    ['maria', await person('Maria Silva')],
    ['carlos', await person('Carlos Pereira')],
    ['ana', await person('Ana Rocha')],
    ['bruno', await person('Bruno Lima')],
    ['master', company.master],
  ];
  subjectId = await makeSubject(db, { companyId: company.companyId, name: 'Férias' });
  for (const [key, made] of people) cookies[key] = await t.signIn(made.email, factoryPassword);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const source of sources) source.close();
  await t.close();
});

const bell = (cookie: string, page = 1, size = 50) => bellOf(t, cookie, page, size);
const publishPost = (cookie: string, text: string) => publishPostIn(t, cookie, defaultGroupId, text);
const comment = (cookie: string, postId: number, texto: string) => commentOn(t, cookie, postId, texto);

async function markRead(cookie: string, ids: number[]) {
  const response = await t.call('marcaNotificacoesLidas', { idsNotificacoes: ids }, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().data as { qtdNaoLidas: number };
}

const entryOf = (list: Bell, postId: number) =>
  list.listNotificacoes.filter((item) => item.link === `/painel/publicacao/${postId}`);

describe('grouped comments', () => {
  it('groups comments on one post into one unread entry naming its people, newest on top', async () => {
    const before = await bell(cookies.maria);
    const postId = await publishPost(cookies.maria, 'Quem vem para a confraternização?');
    const otherPost = await publishPost(cookies.maria, 'Sala 3 reservada para sexta.');

    await comment(cookies.carlos, postId, 'Eu vou!');
    await comment(cookies.ana, otherPost, 'Obrigada.');
    await comment(cookies.ana, postId, 'Eu também.');
    await comment(cookies.carlos, postId, 'Levo o bolo.');
    await comment(cookies.bruno, postId, 'Conte comigo.');

    const after = await bell(cookies.maria);
    // Two entries (one per post), both unread: the count counts entries, not comments.
    expect(after.qtdTotalRegistros).toBe(before.qtdTotalRegistros + 2);
    expect(after.qtdNaoLidas).toBe(before.qtdNaoLidas + 2);
    const [top, second] = after.listNotificacoes;
    // The grouped entry went back to the top with Bruno's comment, after Ana's on the other post.
    expect(top).toMatchObject({
      tipo: NotificationType.postComment,
      titulo: 'Bruno Lima comentou a sua publicação',
      texto: 'Conte comigo.',
      link: `/painel/publicacao/${postId}`,
      flLida: 'N',
      qtdAgrupadas: 4,
      qtdPessoas: 3,
      nomes: ['Bruno Lima', 'Carlos Pereira', 'Ana Rocha'],
    });
    expect(second).toMatchObject({
      link: `/painel/publicacao/${otherPost}`,
      qtdAgrupadas: 1,
      qtdPessoas: 1,
      nomes: ['Ana Rocha'],
    });

    // Pages agree with the entries: the second page of one holds the other post's entry.
    const page2 = await bell(cookies.maria, 2, 1);
    expect(page2.listNotificacoes).toEqual([second]);
    expect(page2.qtdTotalRegistros).toBe(after.qtdTotalRegistros);
  });

  it('marks every grouped comment read with the entry, and a later comment starts a new entry', async () => {
    const postId = await publishPost(cookies.maria, 'Novo horário do refeitório.');
    await comment(cookies.carlos, postId, 'Ótimo.');
    await comment(cookies.ana, postId, 'Finalmente!');
    const before = await bell(cookies.maria);
    const [entry] = entryOf(before, postId);
    expect(entry).toMatchObject({ flLida: 'N', qtdAgrupadas: 2, nomes: ['Ana Rocha', 'Carlos Pereira'] });

    expect(await markRead(cookies.maria, [entry!.idNotificacao])).toEqual({
      qtdNaoLidas: before.qtdNaoLidas - 1,
    });
    const read = await bell(cookies.maria);
    expect(entryOf(read, postId)).toEqual([{ ...entry, flLida: 'S' }]);
    expect(read.qtdTotalRegistros).toBe(before.qtdTotalRegistros);

    await comment(cookies.bruno, postId, 'Que bom.');
    const later = await bell(cookies.maria);
    expect(later.qtdNaoLidas).toBe(before.qtdNaoLidas);
    expect(later.qtdTotalRegistros).toBe(before.qtdTotalRegistros + 1);
    expect(entryOf(later, postId)).toMatchObject([
      { flLida: 'N', qtdAgrupadas: 1, qtdPessoas: 1, nomes: ['Bruno Lima'] },
      { idNotificacao: entry!.idNotificacao, flLida: 'S', qtdAgrupadas: 2 },
    ]);
  });

  it('names a person who commented twice once', async () => {
    const postId = await publishPost(cookies.maria, 'Alguém tem um carregador USB-C?');
    await comment(cookies.carlos, postId, 'Tenho.');
    await comment(cookies.carlos, postId, 'Deixei na sua mesa.');
    expect(entryOf(await bell(cookies.maria), postId)).toMatchObject([
      { qtdAgrupadas: 2, qtdPessoas: 1, nomes: ['Carlos Pereira'], texto: 'Deixei na sua mesa.' },
    ]);
  });

  it('sends the grown entry live, under the same id, with the unread count of entries', async () => {
    const postId = await publishPost(cookies.maria, 'Treinamento de segurança na quinta.');
    await comment(cookies.carlos, postId, 'Presente.');
    const source = new EventSource(`${url}${notificationStreamPath}`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, cookie: cookies.maria } }),
    });
    sources.push(source);
    const received: { event: string; data: NotificationStreamData }[] = [];
    let wake: (() => void) | undefined;
    for (const event of Object.values(NotificationStreamEvent)) {
      source.addEventListener(event, (message) => {
        received.push({ event, data: JSON.parse(message.data) as NotificationStreamData });
        wake?.();
      });
    }
    const next = async (event: string) => {
      while (!received.some((item) => item.event === event)) await new Promise<void>((r) => (wake = r));
      return received.find((item) => item.event === event)!.data;
    };
    const ready = await next(NotificationStreamEvent.ready);
    const [entry] = entryOf(await bell(cookies.maria), postId);

    await comment(cookies.ana, postId, 'Eu também.');
    const grown = await next(NotificationStreamEvent.created);
    expect(grown.qtdNaoLidas).toBe(ready.qtdNaoLidas);
    expect(grown.notificacao).toMatchObject({
      idNotificacao: entry!.idNotificacao,
      titulo: 'Ana Rocha comentou a sua publicação',
      flLida: 'N',
      qtdAgrupadas: 2,
      qtdPessoas: 2,
      nomes: ['Ana Rocha', 'Carlos Pereira'],
    });
  });
});

describe('kinds without people', () => {
  it("keeps HR's answers on one ticket in one entry while it is unread, saying the newest", async () => {
    const before = await bell(cookies.maria);
    const { idChamado, protocolo } = await openedTicket(t, cookies.maria, {
      idAssunto: subjectId,
      mensagem: 'Posso vender um terço das férias?',
    });
    for (const mensagem of ['Pode sim.', 'Peça até 15 dias antes.']) {
      const answered = await answerTicket(t, cookies.master, { idChamado, mensagem });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    const after = await bell(cookies.maria);
    expect(after.qtdNaoLidas).toBe(before.qtdNaoLidas + 1);
    expect(after.listNotificacoes[0]).toMatchObject({
      titulo: `O RH respondeu ao chamado ${protocolo}`,
      texto: 'Peça até 15 dias antes.',
      qtdAgrupadas: 2,
      qtdPessoas: 0,
      nomes: [],
    });
  });
});
