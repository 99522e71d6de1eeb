import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { employeePermissions, PostType } from '@elo/contract/enums';
import { posts } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson, makePost } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * The timeline's two ways of finding a person's posts (see `pageStatement`): a person in few of
 * the company's groups has each group walked on its own, one in many has the company's posts
 * walked. Both must give exactly the same feed. The company here has six groups: a person in two
 * (4 ≤ 6) is served group by group, a person in three (9 > 6) by the company walk.
 */
let t: TestApp;
let few: string;
let many: string;
let fewPersonId: number;
let companyId: number;
let authorId: number;
const group: number[] = [];
/** The posts by name, made in the order of the list below, published one minute apart. */
const post: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  authorId = company.master.id;
  for (const name of ['Vendas', 'Fábrica', 'Logística', 'Jurídico', 'Diretoria'])
    group.push(await makeGroup(db, { companyId, name }));
  const [g1, g2, g3, g4] = group as [number, number, number, number];
  const fewPerson = await makePerson(db, {
    companyId,
    permissions: employeePermissions,
    groupIds: [g1, g2],
    canPost: true,
  });
  fewPersonId = fewPerson.id;
  const manyPerson = await makePerson(db, {
    companyId,
    permissions: employeePermissions,
    groupIds: [g1, g2, g3],
  });
  [few, many] = await Promise.all([
    t.signIn(fewPerson.email, factoryPassword),
    t.signIn(manyPerson.email, factoryPassword),
  ]);
  const made: [string, number[]][] = [
    ['g1', [g1]],
    ['wall', []],
    ['g2', [g2]],
    ['g1 and g2', [g1, g2]],
    ['g3', [g3]],
    ['g4', [g4]],
    ['wall and g1', [g1]],
    ['hidden g1', [g1]],
    ['deleted g2', [g2]],
    ['scheduled g1', [g1]],
    ['g2 newest', [g2]],
  ];
  for (const [name, groupIds] of made) {
    const { id } = await makePost(db, { companyId, authorId, groupIds, type: PostType.text, text: name });
    post[name] = id;
  }
  // One minute apart, oldest first, so the feed's order is the list's, reversed.
  for (const [index, [name]] of made.entries())
    await db
      .update(posts)
      .set({ publishAt: sql`now() - make_interval(mins => ${made.length - index})` })
      .where(eq(posts.id, post[name]!));
  await db
    .update(posts)
    .set({ onWall: true })
    .where(inArray(posts.id, [post.wall!, post['wall and g1']!]));
  await db
    .update(posts)
    .set({ hiddenAt: sql`now()` })
    .where(eq(posts.id, post['hidden g1']!));
  await db
    .update(posts)
    .set({ deletedAt: sql`now()` })
    .where(eq(posts.id, post['deleted g2']!));
  await db
    .update(posts)
    .set({ publishAt: sql`now() + interval '1 day'` })
    .where(eq(posts.id, post['scheduled g1']!));
});
afterAll(() => t.close());

/** The post names of a page of the person's timeline, and its total. */
async function feed(cookie: string, options: { page?: number; pageSize?: number; groups?: number[] } = {}) {
  const response = await t.call(
    'consultaPostagens',
    {
      idPaginaAtual: options.page ?? 1,
      qtdRegistrosPorPagina: options.pageSize ?? 20,
      idsGrupo: options.groups ?? [],
      idTipoIgnorar: [],
    },
    { cookie },
  );
  expect(response.statusCode).toBe(200);
  const { listPostagens, qtdTotalRegistros } = response.json().data as {
    listPostagens: { idMensagem: number }[];
    qtdTotalRegistros: number;
  };
  const names = Object.fromEntries(Object.entries(post).map(([name, id]) => [id, name]));
  return {
    names: listPostagens.map((entry) => names[entry.idMensagem] ?? entry.idMensagem),
    total: qtdTotalRegistros,
  };
}

describe('the timeline of a person in few groups and of one in many', () => {
  it('shows each the posts of their groups and the wall, newest first, once each', async () => {
    expect(await feed(few)).toEqual({
      names: ['g2 newest', 'wall and g1', 'g1 and g2', 'g2', 'wall', 'g1'],
      total: 6,
    });
    expect(await feed(many)).toEqual({
      names: ['g2 newest', 'wall and g1', 'g3', 'g1 and g2', 'g2', 'wall', 'g1'],
      total: 7,
    });
  });

  it('pages both the same way, with the total', async () => {
    expect(await feed(few, { page: 2, pageSize: 2 })).toEqual({ names: ['g1 and g2', 'g2'], total: 6 });
    expect(await feed(few, { page: 3, pageSize: 2 })).toEqual({ names: ['wall', 'g1'], total: 6 });
    expect(await feed(many, { page: 2, pageSize: 3 })).toEqual({
      names: ['g1 and g2', 'g2', 'wall'],
      total: 7,
    });
  });

  it('keeps to the groups asked for, with the wall', async () => {
    expect((await feed(few, { groups: [group[1]!] })).names).toEqual([
      'g2 newest',
      'wall and g1',
      'g1 and g2',
      'g2',
      'wall',
    ]);
  });

  it('shows a scheduled post once its time comes, in its place, and follows a moved date', async () => {
    const { db } = t.database;
    await db
      .update(posts)
      .set({ publishAt: sql`now() - interval '30 seconds'` })
      .where(eq(posts.id, post['scheduled g1']!));
    expect((await feed(few)).names[0]).toBe('scheduled g1');
    expect((await feed(many)).names[0]).toBe('scheduled g1');
    // Moved back between 'g2' and 'wall': the group's own order follows the post's date.
    await db
      .update(posts)
      .set({ publishAt: sql`(select publish_at from posts where id = ${post.wall!}) + interval '1 second'` })
      .where(eq(posts.id, post['scheduled g1']!));
    expect((await feed(few)).names).toEqual([
      'g2 newest',
      'wall and g1',
      'g1 and g2',
      'g2',
      'scheduled g1',
      'wall',
      'g1',
    ]);
    expect((await feed(many)).names).toEqual([
      'g2 newest',
      'wall and g1',
      'g3',
      'g1 and g2',
      'g2',
      'scheduled g1',
      'wall',
      'g1',
    ]);
  });

  it('shows the person their own portal draft, and a new post of theirs at the top', async () => {
    const { db } = t.database;
    const draft = await makePost(db, {
      companyId,
      authorId: fewPersonId,
      groupIds: [group[0]!],
      type: PostType.text,
      text: 'rascunho',
      status: 'draft',
    });
    post.draft = draft.id;
    const published = await t.callMultipart('publicaPostagemTimeline', {
      cookie: few,
      fields: {
        textoPublicacao: 'Bom dia',
        idAppTipoMensagem: '1',
        idsGrupos: String(group[0]!),
        backgroundColor: '#ffffff',
        flPermiteComentarios: 'S',
        flRascunho: 'N',
      },
    });
    expect(published.statusCode).toBe(200);
    const newId = published.json().data.postagem.idMensagem as number;
    const { names } = await feed(few);
    expect(names.slice(0, 2).sort()).toEqual([newId, 'draft'].sort());
    expect(names).toHaveLength(9);
    expect((await feed(many)).names).not.toContain('draft');
  });
});
