import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { searchLimits, type SearchKind, type SearchResult } from '@elo/contract/calls/search';
import { employeePermissions, PostType } from '@elo/contract/enums';
import {
  announcementGroups,
  announcements,
  chatMembers,
  chatMessages,
  chatRooms,
  groupMembers,
  posts,
  surveyGroups,
  surveys,
} from '../../db/schema/all.ts';
import { selectRows } from '../../db/raw-sql.ts';
import {
  factoryPassword,
  makeCompany,
  makeGroup,
  makePerson,
  makePost,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { deleteMessageForEveryone, hideMessage } from '../chat/messages/repo.ts';
import { answerTicket, makeSubject, openedTicket } from '../hr-tickets/test-support.ts';
import { insertPost } from '../timeline/posts-repo.ts';
import { pageMatches, postWalk, recentMessageCount, recentMessageWindows, recentWeeks } from './repo.ts';
import { readTerms } from './search.ts';
import { visibilityRules as rules } from './test-support.ts';

interface Answer {
  listResultados: SearchResult[];
  qtdTotal: number;
  qtdPorTipo: Record<SearchKind, number>;
}

let t: TestApp;
let maria: string;
let carlos: string;
let outsider: string;
let master: string;
let mariaPerson: MadePerson;
let carlosPerson: MadePerson;
let joaoPerson: MadePerson;
let companyId: number;
let allGroup: number;
let worksGroup: number;
/** The fixtures' ids, filled by beforeAll. */
const ids = {
  stations: 0,
  notice: 0,
  english: 0,
  spanish: 0,
  unsafe: 0,
  leftGroup: 0,
  publication: 0,
  foreign: 0,
  pairRoom: 0,
  message: 0,
  deletedMessage: 0,
  hiddenMessage: 0,
  neverMessage: 0,
  survey: 0,
  worksSurvey: 0,
  announcement: 0,
  worksAnnouncement: 0,
  ticket: 0,
  carlosTicket: 0,
};

/**
 * Runs `insert` over the row numbers 1..count in batches of at most 5,000 (its first and last
 * numbers) and returns what the batches returned, in order. Every statement has the requests'
 * 5 s limit (db/client.ts): 40,000-50,000 rows in one statement passed it in a loaded CI run.
 */
async function inBatches<T>(
  count: number,
  insert: (first: number, last: number) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let first = 1; first <= count; first += 5_000) {
    rows.push(...(await insert(first, Math.min(count, first + 4_999))));
  }
  return rows;
}

async function search(cookie: string, termo: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  const response = await t.call('buscaGeral', { termo, ...extra }, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Answer;
}

const found = (answer: Answer, kind: SearchKind) =>
  answer.listResultados.filter((result) => result.tipo === kind).map((result) => result.id);

/**
 * The page of matches found both ways: walking the newest rows first, and reading a rare word's
 * matches from the search indexes at once (which the statistics choose: search/rarity.ts).
 */
/** Carlos writes a text post to everyone, with `within` (a transaction, to look inside it). */
const writePost = (within: Parameters<typeof insertPost>[0], text: string) =>
  insertPost(within, {
    scope: { companyId, userId: carlosPerson.id },
    post: { type: PostType.text, text, status: 'published' },
    groupIds: [allGroup],
    pollLabels: [],
  });

/** A group room of João's that none of the people searching is in. */
async function othersRoom(name: string): Promise<number> {
  const [row] = await t.database.db
    .insert(chatRooms)
    .values({ companyId, kind: 'group', name, creatorId: joaoPerson.id })
    .returning({ id: chatRooms.id });
  return row!.id;
}

let messageBatch = 0;
/** Writes `count` messages to a room in bulk, each its text and its number; gives their ids, oldest first. */
function writeMessages(roomId: number, senderId: number, count: number, text: string) {
  messageBatch += 1;
  const batch = messageBatch;
  return inBatches(count, (first, last) =>
    selectRows<{ id: number }>(
      t.database.db,
      sql`insert into chat_messages (company_id, room_id, sender_id, client_id, text, created_at)
        select ${companyId}, ${roomId}, ${senderId}, 'bulk-' || ${batch}::int || '-' || i, ${text} || ' ' || i, now()
        from generate_series(${first}::int, ${last}::int) as i returning id`,
    ),
  );
}

/** The query of the company's posts for these words (`elo_search_posts_query`), as text. */
async function postsQuery(within: Parameters<typeof selectRows>[0], company: number, words: string[]) {
  const [row] = await selectRows<{ query: string }>(
    within,
    sql`select public.elo_search_posts_query(${company}, ${sql.param(words)}::text[])::text as query`,
  );
  return row!.query;
}

async function bothWays(person: MadePerson, term: string) {
  const scope = { companyId, userId: person.id };
  const query = { terms: readTerms(term), kinds: [], page: { number: 1, size: 100 } };
  const walked = await pageMatches(t.database.db, scope, query, rules, { posts: false, messages: false });
  const read = await pageMatches(t.database.db, scope, query, rules, { posts: true, messages: true });
  return { walked, read };
}

async function room(members: number[], name: string | null, texts: string[], company = companyId) {
  const { db } = t.database;
  const [row] = await db
    .insert(chatRooms)
    .values(
      name
        ? { companyId: company, kind: 'group', name, creatorId: members[0]! }
        : {
            companyId: company,
            kind: 'pair',
            pairLowId: Math.min(...members),
            pairHighId: Math.max(...members),
          },
    )
    .returning({ id: chatRooms.id });
  await db
    .insert(chatMembers)
    .values(members.map((userId) => ({ roomId: row!.id, userId, companyId: company })));
  const messageIds: number[] = [];
  for (const [index, text] of texts.entries()) {
    const [message] = await db
      .insert(chatMessages)
      .values({
        companyId: company,
        roomId: row!.id,
        senderId: members[index % members.length]!,
        clientId: `c-${Math.random()}`,
        text,
      })
      .returning({ id: chatMessages.id });
    messageIds.push(message!.id);
  }
  return { roomId: row!.id, messageIds };
}

async function survey(title: string, groupId: number, description: string | null = null) {
  const { db } = t.database;
  const [row] = await db
    .insert(surveys)
    .values({
      companyId,
      title,
      description,
      mainColor: '#123456',
      backgroundColor: '#ffffff',
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 7 * 86_400_000),
      status: 'published',
      createdBy: companyId,
    })
    .returning({ id: surveys.id });
  await db.insert(surveyGroups).values({ companyId, surveyId: row!.id, groupId });
  return row!.id;
}

async function announcement(description: string, groupId?: number) {
  const { db } = t.database;
  const [row] = await db
    .insert(announcements)
    .values({
      companyId,
      imageKey: `${companyId}/announcements/x.png`,
      description,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: announcements.id });
  if (groupId)
    await t.database.db.insert(announcementGroups).values({ companyId, announcementId: row!.id, groupId });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  allGroup = company.defaultGroupId;
  worksGroup = await makeGroup(db, { companyId, name: 'Obras' });
  const employee = { companyId, permissions: employeePermissions, canPost: true, groupIds: [allGroup] };
  mariaPerson = await makePerson(db, { ...employee, name: 'Maria Souza', groupIds: [allGroup, worksGroup] });
  carlosPerson = await makePerson(db, {
    ...employee,
    name: 'Carlos Pereira',
    groupIds: [allGroup, worksGroup],
  });
  joaoPerson = await makePerson(db, { ...employee, name: 'João da Silva' });
  const outsiderPerson = await makePerson(db, {
    companyId: other.companyId,
    permissions: employeePermissions,
    canPost: true,
    groupIds: [other.defaultGroupId],
    name: 'João da Silva Neto',
  });
  [maria, carlos, outsider, master] = await Promise.all([
    t.signIn(mariaPerson.email, factoryPassword),
    t.signIn(carlosPerson.email, factoryPassword),
    t.signIn(outsiderPerson.email, factoryPassword),
    t.signIn(company.master.email, factoryPassword),
  ]);

  const post = (text: string, groupIds: number[], authorId = carlosPerson.id, company = companyId) =>
    makePost(db, { companyId: company, authorId, groupIds, type: PostType.text, text }).then(
      (made) => made.id,
    );
  ids.stations = await post('Manutenção das estações de trabalho no sábado', [allGroup]);
  ids.notice = await post('Comunicado geral: a cantina fecha mais cedo', [allGroup]);
  ids.english = await post('Quarterly meetings are running late', [allGroup]);
  ids.spanish = await post('La reunión de presupuesto será el lunes', [allGroup]);
  ids.unsafe = await post('Cuidado: <script>alert("x")</script> & elevador parado', [allGroup]);
  ids.leftGroup = await post('Obras: elevador em manutenção preventiva', [worksGroup]);
  ids.publication = await post('Política de férias coletivas 2027', [allGroup]);
  await db.update(posts).set({ isPublication: true }).where(eq(posts.id, ids.publication));
  ids.foreign = await post(
    'Manutenção das estações da outra empresa',
    [other.defaultGroupId],
    outsiderPerson.id,
    other.companyId,
  );
  // Maria leaves the works group: its posts are no longer hers to find.
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, worksGroup), eq(groupMembers.userId, mariaPerson.id)));

  const pair = await room([mariaPerson.id, carlosPerson.id], null, [
    'Vamos revisar o orçamento amanhã',
    'O orçamento secreto vai ser apagado',
    'Orçamento que escondi de mim',
  ]);
  ids.pairRoom = pair.roomId;
  ids.message = pair.messageIds[0]!;
  ids.deletedMessage = pair.messageIds[1]!;
  ids.hiddenMessage = pair.messageIds[2]!;
  await deleteMessageForEveryone(db, { companyId, userId: carlosPerson.id }, ids.deletedMessage);
  await hideMessage(db, { companyId, userId: mariaPerson.id }, ids.hiddenMessage);
  const never = await room([carlosPerson.id, joaoPerson.id], 'Planejamento', [
    'Orçamento do planejamento sigiloso',
  ]);
  ids.neverMessage = never.messageIds[0]!;

  ids.survey = await survey('Pesquisa de clima organizacional', allGroup, 'Conte como está o clima');
  ids.worksSurvey = await survey('Pesquisa de clima da obra', worksGroup);
  ids.announcement = await announcement('Campanha de vacinação contra a gripe');
  ids.worksAnnouncement = await announcement('Vacinação no canteiro de obras', worksGroup);

  const subjectId = await makeSubject(db, { companyId, name: 'Férias' });
  ids.ticket = (
    await openedTicket(t, maria, { idAssunto: subjectId, mensagem: 'Dúvida sobre o adiantamento das férias' })
  ).idChamado;
  ids.carlosTicket = (
    await openedTicket(t, carlos, { idAssunto: subjectId, mensagem: 'Adiantamento do décimo terceiro' })
  ).idChamado;
  const note = await answerTicket(t, master, {
    idChamado: ids.ticket,
    mensagem: 'Nota interna: confidencialíssimo',
    flNotaInterna: 'S',
  });
  expect(note.statusCode, note.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('buscaGeral finds each kind', () => {
  it('a post, a publication, a person, a conversation, an announcement, a survey and an own HR ticket', async () => {
    expect(found(await search(maria, 'estações'), 'POSTAGEM')).toContain(ids.stations);
    expect(found(await search(maria, 'férias coletivas'), 'PUBLICACAO')).toEqual([ids.publication]);
    expect(found(await search(maria, 'joao silv'), 'PESSOA')).toEqual([joaoPerson.id]);
    expect(found(await search(maria, 'orçamento'), 'CONVERSA')).toEqual([ids.message]);
    expect(found(await search(maria, 'vacinação'), 'COMUNICADO')).toEqual([ids.announcement]);
    expect(found(await search(maria, 'clima'), 'PESQUISA')).toEqual([ids.survey]);
    expect(found(await search(maria, 'adiantamento'), 'CHAMADO')).toEqual([ids.ticket]);
  });

  it('answers each result with its title, excerpt, path, date and author', async () => {
    const answer = await search(maria, 'manutencao');
    const stations = answer.listResultados.find(
      (result) => result.id === ids.stations && result.tipo === 'POSTAGEM',
    )!;
    expect(stations).toMatchObject({
      titulo: 'Manutenção das estações de trabalho no sábado',
      trecho: '<mark>Manutenção</mark> das estações de trabalho no sábado',
      url: `/painel/publicacao/${ids.stations}`,
      autor: 'Carlos Pereira',
    });
    expect(new Date(stations.dtReferencia).getTime()).toBeLessThanOrEqual(Date.now());
    const conversation = (await search(maria, 'orçamento')).listResultados[0]!;
    expect(conversation).toMatchObject({
      titulo: 'Carlos Pereira',
      url: `/painel/chat?sala=${ids.pairRoom}`,
    });
    const ticket = (await search(maria, 'adiantamento')).listResultados[0]!;
    expect(ticket.titulo).toMatch(/^\d{4}-\d+ · Férias$/);
    expect(ticket.url).toBe(`/painel/fale-rh?idChamado=${ids.ticket}`);
    expect((await search(maria, 'clima')).listResultados[0]!.url).toBe(
      `/painel/pesquisas/acessar/${ids.survey}`,
    );
  });

  it('escapes everything in an excerpt but the marks', async () => {
    const [result] = (await search(maria, 'elevador')).listResultados;
    expect(result!.id).toBe(ids.unsafe);
    expect(result!.trecho).toBe(
      'Cuidado: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>elevador</mark> parado',
    );
  });

  it('counts every kind and lists only the kinds asked for, a page at a time', async () => {
    const all = await search(maria, 'manutenção');
    expect(all.qtdPorTipo).toEqual({
      POSTAGEM: 1,
      PUBLICACAO: 0,
      PESSOA: 0,
      CONVERSA: 0,
      COMUNICADO: 0,
      PESQUISA: 0,
      CHAMADO: 0,
    });
    const clima = await search(maria, 'clima');
    expect(clima.qtdTotal).toBe(1);
    expect(clima.qtdPorTipo.PESQUISA).toBe(1);
    const people = await search(maria, 'a', { tipos: ['PESSOA'], qtdRegistrosPorPagina: 1 });
    expect(people.listResultados.every((result) => result.tipo === 'PESSOA')).toBe(true);
    expect(people.listResultados).toHaveLength(1);
    expect(people.qtdTotal).toBe(people.qtdPorTipo.PESSOA);
    const second = await search(maria, 'a', {
      tipos: ['PESSOA'],
      qtdRegistrosPorPagina: 1,
      idPaginaAtual: 2,
    });
    expect(second.listResultados[0]?.id).not.toBe(people.listResultados[0]?.id);
  });

  it('answers nothing for a term without words, and refuses an empty one', async () => {
    expect(await search(maria, '!!! ???')).toMatchObject({ listResultados: [], qtdTotal: 0 });
    const response = await t.call('buscaGeral', { termo: '   ' }, { cookie: maria });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.termo).toHaveLength(1);
  });
});

describe('buscaGeral shows only what the person may see', () => {
  it('leaves out a post of a group the person left', async () => {
    const answer = await search(maria, 'elevador manutenção');
    expect(found(answer, 'POSTAGEM')).not.toContain(ids.leftGroup);
    expect(found(await search(carlos, 'elevador manutenção'), 'POSTAGEM')).toContain(ids.leftGroup);
  });

  it('leaves out a conversation the person was never in, and messages deleted or hidden', async () => {
    expect(found(await search(maria, 'orçamento'), 'CONVERSA')).toEqual([ids.message]);
    expect(found(await search(carlos, 'orçamento'), 'CONVERSA').sort()).toEqual(
      [ids.message, ids.hiddenMessage, ids.neverMessage].sort(),
    );
    expect(found(await search(carlos, 'secreto apagado'), 'CONVERSA')).toEqual([]);
  });

  it('leaves out surveys and announcements for groups the person is not in', async () => {
    expect(found(await search(maria, 'clima'), 'PESQUISA')).not.toContain(ids.worksSurvey);
    expect(found(await search(carlos, 'clima'), 'PESQUISA')).toContain(ids.worksSurvey);
    expect(found(await search(maria, 'vacinação'), 'COMUNICADO')).not.toContain(ids.worksAnnouncement);
    expect(found(await search(carlos, 'vacinação'), 'COMUNICADO')).toContain(ids.worksAnnouncement);
  });

  it("finds only one's own HR tickets, never by HR's internal notes", async () => {
    expect(found(await search(carlos, 'adiantamento'), 'CHAMADO')).toEqual([ids.carlosTicket]);
    expect(found(await search(maria, 'confidencialíssimo'), 'CHAMADO')).toEqual([]);
  });

  it("never finds another company's content or people", async () => {
    const foreign = await search(outsider, 'manutenção estações');
    expect(found(foreign, 'POSTAGEM')).toEqual([ids.foreign]);
    expect(found(await search(maria, 'manutenção estações'), 'POSTAGEM')).toEqual([ids.stations]);
    expect(found(await search(maria, 'joao silva neto'), 'PESSOA')).toEqual([]);
    expect(found(await search(outsider, 'joao silv'), 'PESSOA')).toEqual([]);
    expect((await search(outsider, 'orçamento')).qtdTotal).toBe(0);
  });
});

describe('buscaGeral reads Portuguese', () => {
  // Each rule, the post it finds, and the words its excerpt marks.
  const cases: [string, string, () => number, string[]][] = [
    ['without accents', 'manutencao', () => ids.stations, ['Manutenção']],
    ['a plural for its singular', 'estação', () => ids.stations, ['estações']],
    ['a singular for its plural written without accents', 'estacoes', () => ids.stations, ['estações']],
    ['the last word as a prefix while typing', 'comuni', () => ids.notice, ['Comunicado']],
    ['an English word by its stem-free form', 'meetings', () => ids.english, ['meetings']],
    ['an English word by a prefix', 'quarter', () => ids.english, ['Quarterly']],
    [
      'a Spanish word without its accent',
      'reunion presupuesto',
      () => ids.spanish,
      ['reunión', 'presupuesto'],
    ],
  ];
  for (const [rule, term, expected, marked] of cases) {
    it(`finds ${rule}: '${term}'`, async () => {
      const hit = (await search(maria, term)).listResultados.find((result) => result.id === expected());
      expect(hit?.tipo).toBe('POSTAGEM');
      expect([...hit!.trecho.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => match[1])).toEqual(marked);
    });
  }

  it("finds names by trigram: 'joao silv' is João da Silva, and one typo is forgiven", async () => {
    expect(found(await search(maria, 'joao silv'), 'PESSOA')).toEqual([joaoPerson.id]);
    expect(found(await search(maria, 'joao silvva'), 'PESSOA')).toEqual([joaoPerson.id]);
    const [person] = (await search(maria, 'joao silv')).listResultados;
    expect(person!.trecho).toBe('<mark>João</mark> da <mark>Silva</mark>');
  });

  it('needs every word, and ranks the better and newer match first', async () => {
    expect(found(await search(maria, 'manutenção cantina'), 'POSTAGEM')).toEqual([]);
    const { db } = t.database;
    const older = await makePost(db, {
      companyId,
      authorId: carlosPerson.id,
      groupIds: [allGroup],
      type: PostType.text,
      text: 'Cantina nova',
    });
    const newer = await makePost(db, {
      companyId,
      authorId: carlosPerson.id,
      groupIds: [allGroup],
      type: PostType.text,
      text: 'Cantina nova aberta',
    });
    await db
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 200 * 86_400_000) })
      .where(eq(posts.id, older.id));
    const order = found(await search(maria, 'cantina nova'), 'POSTAGEM');
    expect(order.indexOf(newer.id)).toBeLessThan(order.indexOf(older.id));
  });
});

describe('buscaGeral past its count ceiling', () => {
  it(`counts at most ${searchLimits.countMax} of a kind and lists the newest of them the person may see`, async () => {
    const { db } = t.database;
    const many = searchLimits.countMax + 5;
    // Posts of the whole company's group, one a minute back, and newer ones of the group Maria left.
    const addPosts = async (count: number, groupId: number, minutesBack: number) => {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`insert into posts (company_id, author_id, type, text, status, publish_at, created_at, allow_comments, on_wall)
          select ${companyId}, ${carlosPerson.id}, ${PostType.text}, 'Inventariante ' || i, 'published',
            now() - make_interval(mins => ${minutesBack} + i), now(), true, false
          from generate_series(1, ${count}) as i returning id`,
      );
      await db.execute(
        sql`insert into post_groups (company_id, post_id, group_id)
          select ${companyId}, id, ${groupId} from unnest(${sql.param(rows.map((row) => row.id))}::int[]) as id`,
      );
      return rows.map((row) => row.id);
    };
    const visible = await addPosts(many, allGroup, 10);
    const left = await addPosts(20, worksGroup, 0);

    const first = await search(maria, 'inventariante', { qtdRegistrosPorPagina: 50 });
    expect(first.qtdPorTipo.POSTAGEM).toBe(searchLimits.countMax);
    expect(first.qtdTotal).toBe(searchLimits.countMax);
    const listed = found(first, 'POSTAGEM');
    expect(listed).toHaveLength(50);
    // Text alike, so the newest rank first: the newest of the ones she may see.
    expect(listed).toEqual(visible.slice(0, 50));
    expect(listed.some((id) => left.includes(id))).toBe(false);
    const last = await search(maria, 'inventariante', {
      qtdRegistrosPorPagina: 50,
      idPaginaAtual: searchLimits.countMax / 50,
    });
    expect(found(last, 'POSTAGEM')).toEqual(visible.slice(searchLimits.countMax - 50, searchLimits.countMax));
  });
  it('finds the newest matches wherever they lie: among the newest posts, in the weeks before, and the oldest', async () => {
    const { db } = t.database;
    // The company's posts, newest first: four that match 'girafa' and one 'capivara' among the
    // newest (the walk), filler to the walk's end; then ten 'girafa' in each of three weeks before
    // (read a week at a time from the week index) and five 'capivara' in the last of them, and
    // sixty 'tucano' in each of two weeks (the weeks' read stops at the ceiling); then,
    // past the weeks read, a hundred 'girafa', two 'capivara' and two of a rare word (the search
    // index). (The file's other posts, some 150 of now, fall among the walk's.)
    const week = 7 * 86_400;
    const layout = [
      { count: 4, text: 'Girafa no pátio', secondsBack: 1 },
      { count: 1, text: 'Capivara no pátio', secondsBack: 10 },
      { count: postWalk, text: 'Rotina da semana', secondsBack: 20 },
      { count: 60, text: 'Tucano no jardim', secondsBack: week },
      { count: 10, text: 'Girafa no jardim', secondsBack: 2 * week },
      { count: 60, text: 'Tucano no jardim', secondsBack: 3 * week },
      { count: 10, text: 'Girafa no jardim', secondsBack: 5 * week },
      { count: 10, text: 'Girafa no jardim', secondsBack: 9 * week },
      { count: 5, text: 'Capivara no jardim', secondsBack: 9 * week + 100 },
      { count: 100, text: 'Girafa no museu', secondsBack: (recentWeeks + 3) * week },
      { count: 2, text: 'Capivara no museu', secondsBack: (recentWeeks + 3) * week + 200 },
      { count: 2, text: 'Ornitorrinco no museu', secondsBack: (recentWeeks + 3) * week + 300 },
    ];
    const byText = new Map<string, number[]>();
    for (const { count, text, secondsBack } of layout) {
      // A second apart, on the wall.
      const rows = await inBatches(count, (first, last) =>
        selectRows<{ id: number }>(
          db,
          sql`insert into posts (company_id, author_id, type, text, status, publish_at, created_at, allow_comments, on_wall)
            select ${companyId}, ${carlosPerson.id}, ${PostType.text}, ${text}, 'published',
              now() - make_interval(secs => ${secondsBack} + i), now(), true, true
            from generate_series(${first}::int, ${last}::int) as i order by i returning id`,
        ),
      );
      byText.set(text, [...(byText.get(text) ?? []), ...rows.map((row) => row.id)]);
    }
    const newestFirst = (text: string) => byText.get(text)!;

    const first = await search(maria, 'girafa', { qtdRegistrosPorPagina: 50 });
    expect(first.qtdPorTipo.POSTAGEM).toBe(searchLimits.countMax);
    const second = await search(maria, 'girafa', { qtdRegistrosPorPagina: 50, idPaginaAtual: 2 });
    // Same words, so the newest rank first: the four, the thirty week by week, then the newest of
    // the hundred.
    expect([...found(first, 'POSTAGEM'), ...found(second, 'POSTAGEM')]).toEqual([
      ...newestFirst('Girafa no pátio'),
      ...newestFirst('Girafa no jardim'),
      ...newestFirst('Girafa no museu').slice(0, searchLimits.countMax - 34),
    ]);

    // Sixty of the first week, then the newest forty of the next.
    const weeks = await search(maria, 'tucano', { qtdRegistrosPorPagina: 50 });
    expect(weeks.qtdPorTipo.POSTAGEM).toBe(searchLimits.countMax);
    const nextPage = await search(maria, 'tucano', { qtdRegistrosPorPagina: 50, idPaginaAtual: 2 });
    expect([...found(weeks, 'POSTAGEM'), ...found(nextPage, 'POSTAGEM')]).toEqual(
      newestFirst('Tucano no jardim').slice(0, searchLimits.countMax),
    );

    const fewer = await search(maria, 'capivara');
    expect(fewer.qtdPorTipo.POSTAGEM).toBe(8);
    expect(found(fewer, 'POSTAGEM')).toEqual([
      ...newestFirst('Capivara no pátio'),
      ...newestFirst('Capivara no jardim'),
      ...newestFirst('Capivara no museu'),
    ]);

    const rare = await search(maria, 'ornitorrinco');
    expect(rare.qtdPorTipo.POSTAGEM).toBe(2);
    expect(found(rare, 'POSTAGEM')).toEqual(newestFirst('Ornitorrinco no museu'));

    // A word's matches read from the index at once (as for a rare word) are the same.
    for (const term of ['girafa', 'tucano', 'capivara', 'ornitorrinco']) {
      const { walked, read } = await bothWays(mariaPerson, term);
      expect(read).toEqual(walked);
    }
  });
});

describe('buscaGeral is always current', () => {
  it('writes and finds a message that holds a word too long to index', async () => {
    const { db } = t.database;
    const text = `${'a'.repeat(2046)} cardápio do refeitório`;
    const [message] = await db
      .insert(chatMessages)
      .values({ companyId, roomId: ids.pairRoom, senderId: carlosPerson.id, clientId: 'long-word', text })
      .returning({ id: chatMessages.id });
    expect(found(await search(maria, 'refeitório'), 'CONVERSA')).toEqual([message!.id]);
  });

  it('indexes a post in the transaction that writes it, and finds an edited post as it is now', async () => {
    const { db } = t.database;
    const matches = (postId: number, words: string[]) =>
      selectRows<{ hit: boolean }>(
        db,
        sql`select search_vector @@ public.elo_search_query(${sql.param(words)}::text[]) as hit from posts where id = ${postId}`,
      );
    let postId = 0;
    await db.transaction(async (tx) => {
      postId = await writePost(tx, 'Inventário do almoxarifado');
      const [inside] = await selectRows<{ hit: boolean }>(
        tx,
        sql`select search_vector @@ public.elo_search_query(${sql.param(['almoxarifado'])}::text[]) as hit from posts where id = ${postId}`,
      );
      expect(inside!.hit).toBe(true);
    });
    expect(found(await search(maria, 'almoxarifado'), 'POSTAGEM')).toEqual([postId]);

    await db.update(posts).set({ text: 'Inventário da biblioteca' }).where(eq(posts.id, postId));
    expect(found(await search(maria, 'almoxarifado'), 'POSTAGEM')).toEqual([]);
    expect(found(await search(maria, 'biblioteca'), 'POSTAGEM')).toEqual([postId]);
    expect((await matches(postId, ['biblioteca']))[0]!.hit).toBe(true);

    await db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, postId));
    expect(found(await search(maria, 'biblioteca'), 'POSTAGEM')).toEqual([]);
  });

  it("reads a typed prefix as the company's own lexemes it starts with, written with the post", async () => {
    const { db } = t.database;
    let postId = 0;
    await db.transaction(async (tx) => {
      postId = await writePost(tx, 'Planilha orçamentária do trimestre');
      // In the transaction that writes the post, its lexemes are the prefix's: the stem of
      // 'orçamentária' (the word typed, 'orcamentar', has the same stem). The word as written,
      // 'orcamentaria', is left out: the posts that hold it hold that stem.
      expect(await postsQuery(tx, companyId, ['planilha', 'orcamentar'])).toBe("'planilh' & 'orcament'");
    });
    expect(found(await search(maria, 'planilha orcamentar'), 'POSTAGEM')).toEqual([postId]);
    // 'estações' is 'estaca' and 'estacoes' as written: 'estac' asks for the stem, 'estacoe' for
    // the word as written, whose stem it does not start. (The other company's posts hold them
    // too, but each company's lexicon is its own.)
    expect(await postsQuery(db, companyId, ['manutencao', 'estac'])).toBe("'manutenca' & 'estaca'");
    expect(await postsQuery(db, companyId, ['manutencao', 'estacoe'])).toBe("'manutenca' & 'estacoes'");
    expect(found(await search(maria, 'manutencao estacoe'), 'POSTAGEM')).toContain(ids.stations);
    // A word no post holds stays a prefix, and so does a prefix of more than 32 lexemes.
    expect(await postsQuery(db, companyId, ['xilogravu'])).toBe("'xilogravu':*");
    const many = Array.from(
      { length: 33 },
      (_, n) => `quiosque${String.fromCharCode(97 + (n % 26), 97 + Math.trunc(n / 26))}x`,
    );
    await db
      .update(posts)
      .set({ text: `Quiosques: ${many.join(' ')}` })
      .where(eq(posts.id, postId));
    expect(await postsQuery(db, companyId, ['quiosque'])).toBe("'quiosqu':*");
    expect(found(await search(maria, 'quiosqueca'), 'POSTAGEM')).toEqual([postId]);
  });

  it("keeps among a prefix's lexemes one that is the stem of some post's word", async () => {
    const { db } = t.database;
    // 'licitaca' as written has the stem 'licitac'; it is also the stem of 'licitações', whose
    // post holds 'licitaca' and 'licitacoes' but not 'licitac'. Written in either order, 'licitac'
    // finds both posts.
    const written = await writePost(db, 'Edital da licitaca');
    expect(await postsQuery(db, companyId, ['licitac'])).toBe("'licitac'");
    const plural = await writePost(db, 'Licitações abertas');
    const again = await writePost(db, 'Outra licitaca');
    expect(await postsQuery(db, companyId, ['licitac'])).toBe("'licitac' | 'licitaca'");
    expect(found(await search(maria, 'licitac'), 'POSTAGEM').sort()).toEqual([written, plural, again].sort());
  });

  it('forgets a rolled-back write', async () => {
    const { db } = t.database;
    await expect(
      db.transaction(async (tx) => {
        await tx.update(posts).set({ text: 'Palavra efêmera' }).where(eq(posts.id, ids.notice));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(found(await search(maria, 'efêmera'), 'POSTAGEM')).toEqual([]);
    expect(found(await search(maria, 'cantina'), 'POSTAGEM')).toContain(ids.notice);
  });
});

describe('buscaGeral past the newest messages', () => {
  it("finds older messages through the index of each room's words, by the same rules", async () => {
    const { db } = t.database;
    // Newer messages of a room of others push every message of this file out of the first pass.
    await writeMessages(
      await othersRoom('Outra sala'),
      joaoPerson.id,
      recentMessageCount,
      'Bom dia, orçamento aprovado',
    );

    expect(found(await search(maria, 'orçamento'), 'CONVERSA')).toEqual([ids.message]);
    expect(found(await search(carlos, 'orçamento'), 'CONVERSA').sort()).toEqual(
      [ids.message, ids.hiddenMessage, ids.neverMessage].sort(),
    );
    expect(found(await search(carlos, 'secreto apagado'), 'CONVERSA')).toEqual([]);

    // A new message is found by the first pass, the old one by the second: newest first.
    const [fresh] = await db
      .insert(chatMessages)
      .values({
        companyId,
        roomId: ids.pairRoom,
        senderId: carlosPerson.id,
        clientId: 'fresh-1',
        text: 'Novo orçamento',
      })
      .returning({ id: chatMessages.id });
    const answer = await search(maria, 'orçamento');
    expect(answer.qtdPorTipo.CONVERSA).toBe(2);
    expect(found(answer, 'CONVERSA')).toEqual([fresh!.id, ids.message]);

    // Read from the rooms' index at once (as for a rare word), the same messages.
    for (const person of [mariaPerson, carlosPerson]) {
      const { walked, read } = await bothWays(person, 'orçamento');
      expect(read).toEqual(walked);
      expect(walked.counts.CONVERSA).toBeGreaterThan(0);
    }
  });

  it('walks the rest of the newest messages only when the newest quarter’s matches would fill the ceiling', async () => {
    const others = await othersRoom('Mais uma sala');
    // In Maria's room: 70 and 60 older matches, then others' messages past the newest quarter of
    // the first pass, then 30 and 10 newer ones.
    await writeMessages(ids.pairRoom, carlosPerson.id, 70, 'Planilha de custos');
    await writeMessages(ids.pairRoom, carlosPerson.id, 60, 'Relatório anual');
    await writeMessages(others, joaoPerson.id, recentMessageWindows.first, 'Bom dia');
    const planilhas = await writeMessages(ids.pairRoom, carlosPerson.id, 30, 'Planilha de custos');
    await writeMessages(ids.pairRoom, carlosPerson.id, 10, 'Relatório anual');

    // 30 of 100 in the newest quarter: the rest of the walk fills the ceiling, newest first.
    const planilha = await search(maria, 'planilha', { tipos: ['CONVERSA'] });
    expect(planilha.qtdPorTipo.CONVERSA).toBe(100);
    expect(found(planilha, 'CONVERSA')).toEqual(
      planilhas
        .map((row) => row.id)
        .reverse()
        .slice(0, 20),
    );
    // 10 in the newest quarter: the index finds the older ones. Either way, what the index finds.
    expect((await search(maria, 'relatorio anual', { tipos: ['CONVERSA'] })).qtdPorTipo.CONVERSA).toBe(70);
    for (const term of ['planilha', 'relatorio anual']) {
      const { walked, read } = await bothWays(mariaPerson, term);
      expect(read).toEqual(walked);
    }
  });
});
