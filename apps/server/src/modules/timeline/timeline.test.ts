import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PostType, type PostTypeId } from '@elo/contract/enums';
import sharp from 'sharp';
import { comments, groups, pollOptions, pollVotes, posts, reactions, users } from '../../db/schema/all.ts';
import { makePost } from '../../test/factories.ts';
import { createTestApp, type MultipartFile, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let maria: string;
let carlos: string;
let semPermissao: string;
let joao: string;
let defaultGroupId: number;
/** Maria Silva, who publishes in the tests. */
let mariaScope: { companyId: number; authorId: number };

beforeAll(async () => {
  t = await createTestApp();
  [maria, carlos, semPermissao, joao] = await Promise.all([
    t.signIn('maria.silva@demo.elo'),
    t.signIn('10002'),
    t.signIn('sem.permissao@demo.elo'),
    t.signIn('joao@outra.elo'),
  ]);
  const [group] = await t.database.db
    .select()
    .from(groups)
    .where(and(eq(groups.name, 'Todos'), eq(groups.isDefault, true)));
  defaultGroupId = group!.id;
  const [mariaRow] = await t.database.db.select().from(users).where(eq(users.email, 'maria.silva@demo.elo'));
  mariaScope = { companyId: mariaRow!.companyId, authorId: mariaRow!.id };
});
afterAll(() => t.close());

/** Publishes the way the portal's form does (multipart); files go in `file` unless named. */
const publish = (cookie: string, fields: Record<string, string | string[]>, ...files: MultipartFile[]) =>
  t.callMultipart('publicaPostagemTimeline', { cookie, fields, files });

/**
 * A post of Maria's in the default group made as the administration makes them (polls and videos
 * are not the portal composer's), with its files in the app's storage.
 */
const makeMariasPost = (options: {
  type: PostTypeId;
  text?: string;
  pollLabels?: string[];
  media?: Parameters<typeof makePost>[1]['media'];
}) => makePost(t.database.db, { ...mariaScope, groupIds: [defaultGroupId], storage: t.storage, ...options });

/** Files under a folder, however deep (0 when it does not exist yet). */
async function countFiles(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

const demoVideo = path.resolve(import.meta.dirname, '../../db/seed/assets/demo-video.mp4');

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();

describe('consultaPostagens', () => {
  it('pages the default group newest first, with everything a card shows', async () => {
    const first = await t.call(
      'consultaPostagens',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 10, idsGrupo: [defaultGroupId], idTipoIgnorar: [] },
      { cookie: maria },
    );
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.listPostagens).toHaveLength(10);
    expect(data.qtdTotalRegistros).toBeGreaterThanOrEqual(30);
    const dates = data.listPostagens.map((post: { dtPublicacao: string }) => post.dtPublicacao);
    expect([...dates].sort().reverse()).toEqual(dates);
    const withComments = data.listPostagens.find(
      (post: { comentarios: { qtdTotalRegistros: number } }) => post.comentarios.qtdTotalRegistros > 10,
    );
    if (withComments) expect(withComments.comentarios.listComentarios).toHaveLength(10);
    const image = data.listPostagens.find(
      (post: { idAppTipoMensagem: number }) => post.idAppTipoMensagem === 3,
    );
    expect(image.midia).toMatchObject({ tipo: 'image/jpeg', largura: 1280, altura: 720 });
    const second = await t.call(
      'consultaPostagens',
      { idPaginaAtual: 2, qtdRegistrosPorPagina: 10, idsGrupo: [defaultGroupId], idTipoIgnorar: [] },
      { cookie: maria },
    );
    const firstIds = new Set(data.listPostagens.map((post: { idMensagem: number }) => post.idMensagem));
    expect(
      second.json().data.listPostagens.some((post: { idMensagem: number }) => firstIds.has(post.idMensagem)),
    ).toBe(false);
  });

  it('leaves out the types asked to be ignored (the portal leaves polls out), and gives an empty page past the end', async () => {
    const poll = await makeMariasPost({
      type: PostType.poll,
      text: 'Café ou chá?',
      pollLabels: ['Café', 'Chá'],
    });
    const feed = async (idTipoIgnorar: number[]) =>
      (
        await t.call(
          'consultaPostagens',
          { qtdRegistrosPorPagina: 50, idsGrupo: [], idTipoIgnorar },
          { cookie: carlos },
        )
      ).json().data.listPostagens as { idMensagem: number; idAppTipoMensagem: number }[];
    const everything = await feed([]);
    expect(everything.map((post) => post.idMensagem)).toContain(poll.id);
    const noPolls = await feed([PostType.poll]);
    expect(noPolls.map((post) => post.idMensagem)).not.toContain(poll.id);
    expect(noPolls.length).toBeGreaterThan(0);
    expect(noPolls.every((post) => post.idAppTipoMensagem !== PostType.poll)).toBe(true);
    // Every other post is still there, in the same order.
    const othersSeen = everything.filter((post) => post.idAppTipoMensagem !== PostType.poll);
    expect(noPolls.slice(0, othersSeen.length)).toEqual(othersSeen);
    const beyond = await t.call(
      'consultaPostagens',
      { idPaginaAtual: 99, idsGrupo: [], idTipoIgnorar: [] },
      { cookie: maria },
    );
    expect(beyond.json().data.listPostagens).toEqual([]);
  });

  it('shows a draft only to its author and a scheduled post to nobody before its time', async () => {
    // A draft by someone who signs in with the demo password (not pending first access, active).
    const [{ posts: draft } = { posts: undefined }] = await t.database.db
      .select({ posts })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.status, 'draft'), eq(users.firstAccessPending, false), eq(users.active, true)))
      .orderBy(posts.id)
      .limit(1);
    const [scheduled] = await t.database.db
      .select()
      .from(posts)
      .where(sql`${posts.publishAt} > now()`)
      .limit(1);
    const [author] = await t.database.db.select().from(users).where(eq(users.id, draft!.authorId));
    const authorCookie = await t.signIn(
      author!.loginType === 'MATRICULA' ? author!.matricula! : author!.email!,
    );
    const ids = async (cookie: string) =>
      (
        await t.call(
          'consultaPostagens',
          { qtdRegistrosPorPagina: 50, idsGrupo: [], idTipoIgnorar: [] },
          { cookie },
        )
      )
        .json()
        .data.listPostagens.map((post: { idMensagem: number }) => post.idMensagem);
    expect(await ids(authorCookie)).toContain(draft!.id);
    const other = author!.email === 'maria.silva@demo.elo' ? carlos : maria;
    expect(await ids(other)).not.toContain(draft!.id);
    expect(await ids(authorCookie)).not.toContain(scheduled!.id);
    expect(
      (await t.call('consultaPostagem', { idMensagem: scheduled!.id }, { cookie: other })).statusCode,
    ).toBe(404);
  });

  it("never shows another company's posts", async () => {
    const mine = (
      await t.call(
        'consultaPostagens',
        { qtdRegistrosPorPagina: 50, idsGrupo: [], idTipoIgnorar: [] },
        { cookie: joao },
      )
    ).json().data;
    expect(mine.listPostagens.length).toBeGreaterThan(0);
    expect(mine.qtdTotalRegistros).toBeLessThan(10);
    const foreign = await t.call(
      'consultaPostagens',
      { idsGrupo: [defaultGroupId], idTipoIgnorar: [] },
      { cookie: joao },
    );
    expect(
      foreign
        .json()
        .data.listPostagens.every(
          (post: { grupos: { idGrupo: number }[]; flMural: string }) =>
            post.flMural === 'S' || !post.grupos.some((g) => g.idGrupo === defaultGroupId),
        ),
    ).toBe(true);
    const [demoPost] = await t.database.db.select().from(posts).where(eq(posts.status, 'published')).limit(1);
    expect(
      (await t.call('consultaPostagem', { idMensagem: demoPost!.id }, { cookie: joao })).statusCode,
    ).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.call('consultaPostagens', {})).statusCode).toBe(401);
  });
});

describe('publicaPostagemTimeline', () => {
  it('publishes a text post that another member then sees', async () => {
    const response = await publish(maria, {
      textoPublicacao: 'Reunião de equipe às 15h',
      idAppTipoMensagem: '1',
      idsGrupos: String(defaultGroupId),
      backgroundColor: '#fef3c7',
      flPermiteComentarios: 'S',
      flRascunho: 'N',
    });
    expect(response.statusCode).toBe(200);
    const post = response.json().data.postagem;
    expect(post).toMatchObject({
      textoPublicacao: 'Reunião de equipe às 15h',
      backgroundColor: '#fef3c7',
      status: 'Publicado',
    });
    const seen = await t.call('consultaPostagem', { idMensagem: post.idMensagem }, { cookie: carlos });
    expect(seen.json().data.postagem.autor.nome).toBe('Maria Silva');
  });

  it('publishes an image checked by its content, served back with Range support', async () => {
    const body = await jpeg(1200, 800);
    const response = await publish(
      maria,
      { idAppTipoMensagem: '3', idsGrupos: String(defaultGroupId), textoPublicacao: 'Foto' },
      { name: 'foto.jpg', type: 'image/jpeg', body },
    );
    expect(response.statusCode).toBe(200);
    const media = response.json().data.postagem.midia;
    expect(media).toMatchObject({ tipo: 'image/jpeg', largura: 1200, altura: 800 });
    const whole = await t.app.inject({ method: 'GET', url: media.url, headers: { cookie: carlos } });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(body)).toBe(true);
    const part = await t.app.inject({
      method: 'GET',
      url: media.url,
      headers: { cookie: carlos, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
  });

  it('refuses a file that only pretends to be an image, whatever its name says', async () => {
    const response = await publish(
      maria,
      { idAppTipoMensagem: '3', idsGrupos: String(defaultGroupId) },
      { name: 'foto.png', type: 'image/png', body: Buffer.from('%PDF-1.4 not an image at all'.repeat(50)) },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([
      'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
    ]);
  });

  it('refuses a file over 60 MB with the spec message, keeping nothing', async () => {
    const big = Buffer.alloc(61 * 1024 * 1024, 0);
    (await jpeg(800, 600)).copy(big);
    const response = await publish(
      maria,
      { idAppTipoMensagem: '3', idsGrupos: String(defaultGroupId) },
      { name: 'grande.jpg', type: 'image/jpeg', body: big },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
      error_code: 'FILE_TOO_LARGE',
    });
  });

  it('takes one picture: a second file is refused before it is stored', async () => {
    const uploads = path.join(t.dataDir, 'media');
    const before = await countFiles(uploads);
    const image = await jpeg(800, 600);
    const response = await publish(
      maria,
      { idAppTipoMensagem: '3', idsGrupos: String(defaultGroupId) },
      ...['a.jpg', 'b.jpg'].map((name) => ({ name, type: 'image/jpeg', body: image })),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(['Envie no máximo 1 arquivo(s) de uma vez']);
    expect(await countFiles(uploads)).toBe(before);
  });

  it('refuses a video, whatever type the post claims, with the spec message on the file, keeping nothing', async () => {
    const uploads = path.join(t.dataDir, 'media');
    const before = await countFiles(uploads);
    const [postsBefore] = await t.database.db.select({ total: sql<number>`count(*)::int` }).from(posts);
    const video = await readFile(demoVideo);
    for (const idAppTipoMensagem of ['2', '3', '1']) {
      const response = await publish(
        maria,
        { idAppTipoMensagem, idsGrupos: String(defaultGroupId), textoPublicacao: 'Vídeo' },
        { name: 'video.mp4', type: 'video/mp4', body: video },
      );
      expect(response.statusCode, idAppTipoMensagem).toBe(422);
      // Only the file is wrong: every other field of the post is fine.
      expect(response.json().errors).toEqual({
        file: ['Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG'],
      });
    }
    // A video post without its file is refused the same way.
    const bare = await publish(maria, { idAppTipoMensagem: '2', idsGrupos: String(defaultGroupId) });
    expect(bare.json().errors.file).toEqual([
      'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
    ]);
    // The old thumbnail field of video posts is no field of this call.
    const withThumbnail = await publish(
      maria,
      { idAppTipoMensagem: '3', idsGrupos: String(defaultGroupId) },
      { field: 'thumbnail', name: 'thumb.jpg', type: 'image/jpeg', body: await jpeg(800, 600) },
    );
    expect(withThumbnail.json().errors.thumbnail).toEqual(['Campo desconhecido']);
    expect(await countFiles(uploads)).toBe(before);
    const [postsAfter] = await t.database.db.select({ total: sql<number>`count(*)::int` }).from(posts);
    expect(postsAfter!.total).toBe(postsBefore!.total);
  });

  it('keeps only the YouTube video id, from any form of link', async () => {
    const response = await publish(maria, {
      idAppTipoMensagem: '5',
      idsGrupos: String(defaultGroupId),
      textoPublicacao: 'Vejam https://youtu.be/aqz-KE-bpKQ?si=rastreio',
    });
    expect(response.json().data.postagem.idYouTube).toBe('aqz-KE-bpKQ');
    const bad = await publish(maria, {
      idAppTipoMensagem: '5',
      idsGrupos: String(defaultGroupId),
      urlYouTube: 'https://vimeo.com/1',
    });
    expect(bad.json().errors.urlYouTube).toEqual(['Informe um link válido do YouTube']);
  });

  it('refuses a poll: polls are published by the administration, and the portal feed leaves them out', async () => {
    const [before] = await t.database.db.select({ total: sql<number>`count(*)::int` }).from(posts);
    const response = await publish(maria, {
      idAppTipoMensagem: '7',
      idsGrupos: String(defaultGroupId),
      textoPublicacao: 'Qual dia?',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.idAppTipoMensagem).toEqual(['Tipo de publicação inválido']);
    const [after] = await t.database.db.select({ total: sql<number>`count(*)::int` }).from(posts);
    expect(after!.total).toBe(before!.total);
  });

  it('applies the company text limit on plain text, in the spec words', async () => {
    const response = await publish(maria, {
      idAppTipoMensagem: '1',
      idsGrupos: String(defaultGroupId),
      textoPublicacao: 'x'.repeat(2001),
    });
    expect(response.json().errors.textoPublicacao).toEqual(['O texto deve ter no máximo 2000 caracteres']);
  });

  it('needs text or media, at most 3 groups, and groups the person may post in', async () => {
    const empty = await publish(maria, { idAppTipoMensagem: '1', idsGrupos: String(defaultGroupId) });
    expect(empty.json().errors.textoPublicacao).toEqual([
      'Selecione uma imagem, vídeo ou escreva uma mensagem de texto',
    ]);
    const four = await publish(maria, {
      idAppTipoMensagem: '1',
      idsGrupos: '1,2,3,4',
      textoPublicacao: 'oi',
    });
    expect(four.json().errors.idsGrupos).toEqual(['Selecione no máximo 3 grupos']);
    const [foreignGroup] = await t.database.db.select().from(groups).where(eq(groups.name, 'Fábrica'));
    const foreign = await publish(maria, {
      idAppTipoMensagem: '1',
      idsGrupos: String(foreignGroup!.id),
      textoPublicacao: 'oi',
    });
    expect(foreign.json().errors.idsGrupos).toEqual(['Você não pode publicar neste grupo']);
  });

  it('is refused without PUBLICAR_TIMELINE_APP, and nothing is written', async () => {
    const [before] = await t.database.db.select({ total: sql<number>`count(*)::int` }).from(posts);
    const response = await publish(semPermissao, {
      idAppTipoMensagem: '1',
      idsGrupos: String(defaultGroupId),
      textoPublicacao: 'oi',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('FORBIDDEN');
    const [after] = await t.database.db.select({ total: sql<number>`count(*)::int` }).from(posts);
    expect(after!.total).toBe(before!.total);
  });
});

describe('comments, reactions, saves', () => {
  let postId: number;
  beforeAll(async () => {
    const response = await publish(maria, {
      idAppTipoMensagem: '1',
      idsGrupos: String(defaultGroupId),
      textoPublicacao: 'Comentem!',
    });
    postId = response.json().data.postagem.idMensagem;
  });

  it('adds comments, pages them by 10, and lets only the author delete one', async () => {
    for (let i = 1; i <= 12; i += 1)
      await t.call('insereComentario', { idMensagem: postId, texto: `Comentário ${i}` }, { cookie: carlos });
    const page1 = (await t.call('consultaComentarios', { idMensagem: postId }, { cookie: maria })).json()
      .data;
    expect(page1).toMatchObject({ qtdTotalRegistros: 12, idPaginaAtual: 1 });
    expect(page1.listComentarios).toHaveLength(10);
    expect(page1.listComentarios[0]).toMatchObject({ texto: 'Comentário 12', flPodeExcluir: 'N' });
    const page2 = (
      await t.call('consultaComentarios', { idMensagem: postId, idPaginaAtual: 2 }, { cookie: maria })
    ).json().data;
    expect(page2.listComentarios.map((c: { texto: string }) => c.texto)).toEqual([
      'Comentário 2',
      'Comentário 1',
    ]);
    const commentId = page1.listComentarios[0].idComentario;
    expect(
      (await t.call('excluiComentario', { idComentario: commentId }, { cookie: maria })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('excluiComentario', { idComentario: commentId }, { cookie: carlos })).json(),
    ).toEqual({ data: { ok: true } });
  });

  it('refuses comments where the post forbids them', async () => {
    const closed = await publish(maria, {
      idAppTipoMensagem: '1',
      idsGrupos: String(defaultGroupId),
      textoPublicacao: 'Sem comentários',
      flPermiteComentarios: 'N',
    });
    const response = await t.call(
      'insereComentario',
      { idMensagem: closed.json().data.postagem.idMensagem, texto: 'oi' },
      { cookie: carlos },
    );
    expect(response.json().errors.texto).toEqual(['Esta publicação não aceita comentários']);
  });

  it('keeps one reaction per person, changeable and removable', async () => {
    await t.call('reagePostagem', { idMensagem: postId, idGesto: 1 }, { cookie: carlos });
    const changed = (
      await t.call('reagePostagem', { idMensagem: postId, idGesto: 2 }, { cookie: carlos })
    ).json().data;
    expect(changed).toEqual({ reacoes: [{ idGesto: 2, qtd: 1 }], qtdReacoes: 1, idGestoUsuario: 2 });
    const removed = (
      await t.call('reagePostagem', { idMensagem: postId, idGesto: null }, { cookie: carlos })
    ).json().data;
    expect(removed).toEqual({ reacoes: [], qtdReacoes: 0, idGestoUsuario: null });
  });

  it('takes reactions and comments sent at once, one person changing theirs meanwhile, and shows them all', async () => {
    const { id } = await makeMariasPost({ type: PostType.text, text: 'Ao mesmo tempo' });
    const card = async (cookie: string) =>
      (await t.call('consultaPostagem', { idMensagem: id }, { cookie })).json().data.postagem;
    // Maria's node caches the card as it is before.
    expect((await card(maria)).qtdReacoes).toBe(0);
    const carlosGestures = [1, null, 2, null, 3, 4, null, 1];
    const responses = await Promise.all([
      ...carlosGestures.map((idGesto) =>
        t.call('reagePostagem', { idMensagem: id, idGesto }, { cookie: carlos }),
      ),
      t.call('reagePostagem', { idMensagem: id, idGesto: 2 }, { cookie: maria }),
      ...[1, 2, 3].map((n) =>
        t.call('insereComentario', { idMensagem: id, texto: `Junto ${n}` }, { cookie: carlos }),
      ),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    // However they interleaved, the card shows what was stored: Maria's reaction, Carlos's at most
    // one, and the three comments.
    const [carlosRow] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, mariaScope.companyId), eq(users.matricula, '10002')));
    const carlosReaction = await t.database.db
      .select()
      .from(reactions)
      .where(and(eq(reactions.postId, id), eq(reactions.userId, carlosRow!.id)));
    const seen = await card(maria);
    expect(seen.qtdReacoes).toBe(1 + carlosReaction.length);
    expect(seen.idGestoUsuario).toBe(2);
    expect(seen.comentarios.qtdTotalRegistros).toBe(3);
  });

  it('refuses reactions, votes and comments on a post the person may not see, an unknown gesture and another poll’s option, changing nothing', async () => {
    const draft = await makePost(t.database.db, {
      ...mariaScope,
      groupIds: [defaultGroupId],
      type: PostType.poll,
      text: 'Rascunho',
      pollLabels: ['Sim', 'Não'],
      status: 'draft',
    });
    const poll = await makeMariasPost({ type: PostType.poll, text: 'Qual sala?', pollLabels: ['A', 'B'] });
    const optionsOf = async (id: number) =>
      (await t.database.db.select().from(pollOptions).where(eq(pollOptions.postId, id))).map(
        (option) => option.id,
      );
    const [draftOption] = await optionsOf(draft.id);
    const state = async (id: number) => {
      const [post] = await t.database.db
        .select({ version: posts.version })
        .from(posts)
        .where(eq(posts.id, id));
      const count = async (table: typeof reactions | typeof comments | typeof pollVotes) =>
        (await t.database.db.select().from(table).where(eq(table.postId, id))).length;
      return {
        version: post!.version,
        reactions: await count(reactions),
        comments: await count(comments),
        votes: await count(pollVotes),
      };
    };
    const [draftBefore, pollBefore] = [await state(draft.id), await state(poll.id)];

    // Maria's draft is hers alone: to Carlos it does not exist.
    for (const [name, body] of [
      ['reagePostagem', { idMensagem: draft.id, idGesto: 1 }],
      ['reagePostagem', { idMensagem: draft.id, idGesto: null }],
      ['votaEnquete', { idMensagem: draft.id, idOpcao: draftOption }],
      ['insereComentario', { idMensagem: draft.id, texto: 'Vi o rascunho' }],
    ] as const) {
      const response = await t.call(name, body, { cookie: carlos });
      expect(response.statusCode, `${name} ${response.body}`).toBe(404);
      expect(response.json().error_code).toBe('NOT_FOUND');
    }
    // Neither a gesture that does not exist nor an option of another poll is taken.
    const unknownGesture = await t.call(
      'reagePostagem',
      { idMensagem: poll.id, idGesto: 99 },
      { cookie: carlos },
    );
    expect(unknownGesture.statusCode).toBe(422);
    expect(unknownGesture.json().errors).toEqual({ idGesto: ['Campo obrigatório'] });
    const foreignOption = await t.call(
      'votaEnquete',
      { idMensagem: poll.id, idOpcao: draftOption },
      { cookie: carlos },
    );
    expect(foreignOption.statusCode).toBe(404);

    expect(await state(draft.id)).toEqual(draftBefore);
    expect(await state(poll.id)).toEqual(pollBefore);
  });

  it('takes a comment away once: deleting it again is 404 and leaves the card as it was', async () => {
    const added = await t.call(
      'insereComentario',
      { idMensagem: postId, texto: 'Apago já' },
      { cookie: carlos },
    );
    const commentId = added.json().data.comentario.idComentario;
    const version = async () =>
      (await t.database.db.select({ version: posts.version }).from(posts).where(eq(posts.id, postId)))[0]!
        .version;
    const before = await version();
    const first = await t.call('excluiComentario', { idComentario: commentId }, { cookie: carlos });
    expect(first.json()).toEqual({ data: { ok: true } });
    // The card changed once, for the deletion.
    expect(await version()).toBe(before + 1);
    const again = await t.call('excluiComentario', { idComentario: commentId }, { cookie: carlos });
    expect(again.statusCode).toBe(404);
    expect(await version()).toBe(before + 1);
    const listed = (await t.call('consultaComentarios', { idMensagem: postId }, { cookie: maria })).json()
      .data;
    expect(listed.listComentarios.map((c: { idComentario: number }) => c.idComentario)).not.toContain(
      commentId,
    );
  });

  it('saves and unsaves a post for the person', async () => {
    expect(
      (await t.call('salvaPostagem', { idMensagem: postId, flSalva: 'S' }, { cookie: carlos })).json().data,
    ).toEqual({ flSalva: 'S' });
    expect(
      (await t.call('consultaPostagem', { idMensagem: postId }, { cookie: carlos })).json().data.postagem
        .flSalva,
    ).toBe('S');
    expect(
      (await t.call('consultaPostagem', { idMensagem: postId }, { cookie: maria })).json().data.postagem
        .flSalva,
    ).toBe('N');
    await t.call('salvaPostagem', { idMensagem: postId, flSalva: 'N' }, { cookie: carlos });
    expect(
      (await t.call('consultaPostagem', { idMensagem: postId }, { cookie: carlos })).json().data.postagem
        .flSalva,
    ).toBe('N');
  });
});

describe('cards cached by each node', () => {
  it("never shows a stale card on another node, nor one viewer's part to another", async () => {
    const other = await createTestApp({ shareWith: t });
    try {
      const { id: postId } = await makeMariasPost({
        type: PostType.poll,
        text: 'Almoço de sexta?',
        pollLabels: ['Pizza', 'Sushi'],
      });
      const read = async (app: TestApp, cookie: string) =>
        (await app.call('consultaPostagem', { idMensagem: postId }, { cookie })).json().data.postagem;
      // Both nodes cache the card as it is now.
      const created = await read(t, maria);
      expect(created.qtdReacoes).toBe(0);
      const mariaOnOther = await other.signIn('maria.silva@demo.elo');
      expect((await read(other, mariaOnOther)).qtdReacoes).toBe(0);

      // Carlos reacts, comments and votes through the first node.
      await t.call('reagePostagem', { idMensagem: postId, idGesto: 3 }, { cookie: carlos });
      await t.call('insereComentario', { idMensagem: postId, texto: 'Pizza!' }, { cookie: carlos });
      const [pizza] = created.enquete.opcoes;
      await t.call('votaEnquete', { idMensagem: postId, idOpcao: pizza.idOpcao }, { cookie: carlos });

      // The second node shows the change to Maria at once, with her own part, not Carlos's.
      const seen = await read(other, mariaOnOther);
      expect(seen).toMatchObject({ reacoes: [{ idGesto: 3, qtd: 1 }], qtdReacoes: 1, idGestoUsuario: null });
      expect(seen.enquete).toMatchObject({ qtdTotalVotos: 1, idOpcaoVotada: null });
      expect(seen.comentarios.listComentarios).toEqual([
        expect.objectContaining({ texto: 'Pizza!', flPodeExcluir: 'N' }),
      ]);
      const carlosOnOther = await other.signIn('10002');
      const hisView = await read(other, carlosOnOther);
      expect(hisView).toMatchObject({ idGestoUsuario: 3, enquete: { idOpcaoVotada: pizza.idOpcao } });
      expect(hisView.comentarios.listComentarios[0].flPodeExcluir).toBe('S');

      // Deleting the comment on the second node empties it on the first.
      const commentId = hisView.comentarios.listComentarios[0].idComentario;
      await other.call('excluiComentario', { idComentario: commentId }, { cookie: carlosOnOther });
      expect((await read(t, maria)).comentarios).toMatchObject({ qtdTotalRegistros: 0, listComentarios: [] });
    } finally {
      await other.close();
    }
  });
});

describe('gestos and banners', () => {
  it('lists the four gestos with their SVG paths', async () => {
    const data = (await t.call('consultaGestos', {}, { cookie: maria })).json().data;
    expect(data.listGestos.map((g: { codigo: string }) => g.codigo)).toEqual([
      'curtir',
      'amei',
      'parabens',
      'genial',
    ]);
    expect(data.listGestos[0].pathSvg).toMatch(/^M/);
  });
});

describe('polls and videos (published by the administration)', () => {
  it('take one vote per person in a poll, changeable', async () => {
    const { id } = await makeMariasPost({
      type: PostType.poll,
      text: 'Qual dia?',
      pollLabels: ['Segunda', 'Terça'],
    });
    const poll = (await t.call('consultaPostagem', { idMensagem: id }, { cookie: carlos })).json().data
      .postagem;
    expect(poll.enquete.opcoes.map((option: { DS_OPCAO: string }) => option.DS_OPCAO)).toEqual([
      'Segunda',
      'Terça',
    ]);
    const [first, second] = poll.enquete.opcoes;
    await t.call('votaEnquete', { idMensagem: id, idOpcao: first.idOpcao }, { cookie: carlos });
    const changed = await t.call(
      'votaEnquete',
      { idMensagem: id, idOpcao: second.idOpcao },
      { cookie: carlos },
    );
    expect(changed.json().data.enquete).toMatchObject({ qtdTotalVotos: 1, idOpcaoVotada: second.idOpcao });
  });

  it('serve a video with Range requests, with its thumbnail', async () => {
    const video = await readFile(demoVideo);
    const { id } = await makeMariasPost({
      type: PostType.video,
      media: {
        body: video,
        ext: 'mp4',
        mimeType: 'video/mp4',
        thumbnail: {
          body: await jpeg(1280, 720),
          ext: 'jpg',
          mimeType: 'image/jpeg',
          width: 1280,
          height: 720,
        },
      },
    });
    const media = (await t.call('consultaPostagem', { idMensagem: id }, { cookie: carlos })).json().data
      .postagem.midia;
    expect(media).toMatchObject({ tipo: 'video/mp4', largura: 1280, altura: 720 });
    expect(media.urlThumbnail).toMatch(/^\/backend\/midia\/\d+\/posts\/.+\.jpg$/);
    const seek = await t.app.inject({
      method: 'GET',
      url: media.url,
      headers: { cookie: carlos, range: 'bytes=1000-1999' },
    });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-type']).toBe('video/mp4');
    expect(seek.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: media.urlThumbnail,
      headers: { cookie: carlos },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
  });
});
