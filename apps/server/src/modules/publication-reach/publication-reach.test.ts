import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AdminPermission, employeePermissions, NotificationType, PostType } from '@elo/contract/enums';
import {
  comments,
  gestures,
  notifications,
  postReadConfirmations,
  postViews,
  posts,
} from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson, makePost } from '../../test/factories.ts';
import { waitForJobOutcome } from '../../platform/jobs-testing.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readingReminderJob } from './reminders.ts';

let t: TestApp;
let companyId: number;
let groupId: number;
let masterId: number;
let admin: string;
let otherAdmin: string;
let reader: string;
let member: { id: number; cookie: string };
let second: { id: number; cookie: string };
let outsider: { id: number; cookie: string };
let otherCompanyPost: number;

const day = 86_400_000;

/** A publication of the administration to the group (or the wall), published `ageDays` ago. */
async function publication(
  options: {
    text?: string;
    wall?: boolean;
    reading?: boolean;
    deadline?: Date | null;
    reminderDays?: number | null;
    ageDays?: number;
    company?: number;
    author?: number;
    groupIds?: number[];
  } = {},
) {
  const { db } = t.database;
  const post = await makePost(db, {
    companyId: options.company ?? companyId,
    authorId: options.author ?? masterId,
    groupIds: options.groupIds ?? (options.wall ? [] : [groupId]),
    type: PostType.text,
    text: options.text ?? `Comunicado ${Math.random().toString(36).slice(2, 8)}`,
  });
  await db
    .update(posts)
    .set({
      isPublication: true,
      onWall: options.wall ?? false,
      requiresReading: options.reading ?? false,
      readingDeadline: options.deadline ?? null,
      readingReminderDays: options.reminderDays ?? null,
      publishAt: new Date(Date.now() - (options.ageDays ?? 0) * day - 60_000),
    })
    .where(eq(posts.id, post.id));
  return post.id;
}

async function ok(name: string, body: unknown, cookie: string) {
  const response = await t.call(name, body, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function pending(cookie: string): Promise<number[]> {
  const data = await ok('consultaLeiturasPendentes', {}, cookie);
  return (data.listPostagens as { idMensagem: number }[]).map((post) => post.idMensagem);
}

async function tab(postId: number, aba: string, cookie = admin) {
  return ok(
    'consultaInteracoesPublicacaoAdmin',
    { idPublicacao: postId, aba, qtdRegistrosPorPagina: 50 },
    cookie,
  );
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  // The gestos are the same for every company (the seed's; this database is not seeded).
  await db
    .insert(gestures)
    .values(
      ['curtir', 'amei', 'parabens', 'genial'].map((code, index) => ({
        id: index + 1,
        code,
        svgPath: 'M0 0',
      })),
    )
    .onConflictDoNothing();
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  masterId = company.master.id;
  groupId = await makeGroup(db, { companyId, name: 'Operações' });
  const person = (groupIds: number[]) =>
    makePerson(db, { companyId, permissions: employeePermissions, groupIds });
  const [memberPerson, secondPerson, outsiderPerson] = [
    await person([company.defaultGroupId, groupId]),
    await person([company.defaultGroupId, groupId]),
    await person([company.defaultGroupId]),
  ];
  const readerPerson = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.publications]: 'L' },
  });
  otherCompanyPost = await publication({
    company: other.companyId,
    author: other.master.id,
    wall: true,
    reading: true,
  });
  [admin, otherAdmin, reader] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
  ]);
  member = { id: memberPerson.id, cookie: await t.signIn(memberPerson.email, factoryPassword) };
  second = { id: secondPerson.id, cookie: await t.signIn(secondPerson.email, factoryPassword) };
  outsider = { id: outsiderPerson.id, cookie: await t.signIn(outsiderPerson.email, factoryPassword) };
});
afterAll(() => t.close());

describe('timeline cards', () => {
  it('say edited and carry the mandatory reading with the viewer’s confirmation', async () => {
    const deadline = new Date(Date.now() + 3 * day);
    const id = await publication({ reading: true, deadline });
    await t.database.db.update(posts).set({ editedAt: new Date() }).where(eq(posts.id, id));
    const card = (await ok('consultaPostagem', { idMensagem: id }, member.cookie)).postagem;
    expect(card.flEditado).toBe('S');
    expect(card.leituraObrigatoria).toEqual({ dtLimite: deadline.toISOString(), flConfirmada: 'N' });
    await ok('confirmaLeituraPublicacao', { idPublicacao: id }, member.cookie);
    expect(
      (await ok('consultaPostagem', { idMensagem: id }, member.cookie)).postagem.leituraObrigatoria,
    ).toEqual({
      dtLimite: deadline.toISOString(),
      flConfirmada: 'S',
    });
    // Another viewer's part is their own, even from the same cached card.
    const page = await ok('consultaPostagens', { idPaginaAtual: 1 }, second.cookie);
    const theirs = page.listPostagens.find((post: { idMensagem: number }) => post.idMensagem === id);
    expect(theirs.leituraObrigatoria.flConfirmada).toBe('N');
    const plain = await publication();
    expect((await ok('consultaPostagem', { idMensagem: plain }, member.cookie)).postagem).toMatchObject({
      flEditado: 'N',
      leituraObrigatoria: null,
    });
  });

  it('leave hidden posts and hidden comments out of every employee read', async () => {
    const { db } = t.database;
    const id = await publication({ text: 'Vai ser ocultada' });
    const kept = await publication({ text: 'Fica visível' });
    await ok('insereComentario', { idMensagem: kept, texto: 'comentário visível' }, member.cookie);
    const hidden = (
      await ok('insereComentario', { idMensagem: kept, texto: 'comentário oculto' }, second.cookie)
    ).comentario.idComentario;
    await db
      .update(posts)
      .set({ hiddenAt: new Date(), version: sql`${posts.version} + 1` })
      .where(eq(posts.id, id));
    await db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, hidden));
    await db
      .update(posts)
      .set({ version: sql`${posts.version} + 1` })
      .where(eq(posts.id, kept));

    const feed = await ok(
      'consultaPostagens',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 50 },
      member.cookie,
    );
    const ids = feed.listPostagens.map((post: { idMensagem: number }) => post.idMensagem);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(id);
    expect((await t.call('consultaPostagem', { idMensagem: id }, { cookie: member.cookie })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('consultaComentarios', { idMensagem: id }, { cookie: member.cookie })).statusCode,
    ).toBe(404);
    const card = (await ok('consultaPostagem', { idMensagem: kept }, member.cookie)).postagem;
    expect(card.comentarios.qtdTotalRegistros).toBe(1);
    expect(card.comentarios.listComentarios.map((c: { texto: string }) => c.texto)).toEqual([
      'comentário visível',
    ]);
    const page = await ok('consultaComentarios', { idMensagem: kept }, member.cookie);
    expect(page.qtdTotalRegistros).toBe(1);
    expect(page.listComentarios.map((c: { idComentario: number }) => c.idComentario)).not.toContain(hidden);
  });
});

describe('views', () => {
  it('count once per person and post, only for posts the person may see', async () => {
    const { db } = t.database;
    const id = await publication();
    const wall = await publication({ wall: true });
    await ok('registraVisualizacoes', { idsMensagens: [id, wall, id] }, member.cookie);
    await ok('registraVisualizacoes', { idsMensagens: [id] }, member.cookie);
    // Not in the group, another company's post, a post that does not exist: ignored, same answer.
    await ok(
      'registraVisualizacoes',
      { idsMensagens: [id, wall, otherCompanyPost, 99_999_999] },
      outsider.cookie,
    );
    const rows = await db
      .select({ postId: postViews.postId, userId: postViews.userId })
      .from(postViews)
      .where(sql`${postViews.postId} in (${id}, ${wall}, ${otherCompanyPost})`);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { postId: id, userId: member.id },
        { postId: wall, userId: member.id },
        { postId: wall, userId: outsider.id },
      ]),
    );
  });

  it('refuses an empty batch and one over the limit in the spec’s shape', async () => {
    const empty = await t.call('registraVisualizacoes', { idsMensagens: [] }, { cookie: member.cookie });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.idsMensagens).toBeDefined();
    const many = Array.from({ length: 51 }, (_, index) => index + 1);
    expect(
      (await t.call('registraVisualizacoes', { idsMensagens: many }, { cookie: member.cookie })).statusCode,
    ).toBe(422);
  });
});

describe('mandatory reading', () => {
  it('is pinned until confirmed, newest first, and confirming twice changes nothing', async () => {
    const older = await publication({ reading: true, ageDays: 2 });
    const newer = await publication({ reading: true, ageDays: 1 });
    const notMandatory = await publication();
    const mine = await pending(second.cookie);
    expect(mine.indexOf(newer)).toBeLessThan(mine.indexOf(older));
    expect(mine).not.toContain(notMandatory);
    expect(await pending(outsider.cookie)).not.toContain(newer);

    await ok('confirmaLeituraPublicacao', { idPublicacao: newer }, second.cookie);
    await ok('confirmaLeituraPublicacao', { idPublicacao: newer }, second.cookie);
    const after = await pending(second.cookie);
    expect(after).not.toContain(newer);
    expect(after).toContain(older);
  });

  it('answers 404 for a post that is not a mandatory reading the person may see', async () => {
    const plain = await publication();
    const reading = await publication({ reading: true });
    for (const [idPublicacao, cookie] of [
      [plain, member.cookie],
      [reading, outsider.cookie],
      [otherCompanyPost, member.cookie],
    ] as const) {
      const response = await t.call('confirmaLeituraPublicacao', { idPublicacao }, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Registro não encontrado.');
    }
  });
});

describe('the single publication', () => {
  it('counts each tab and its reach, with views per day over its first week', async () => {
    const { db } = t.database;
    const id = await publication({ reading: true, ageDays: 2 });
    await ok('registraVisualizacoes', { idsMensagens: [id] }, member.cookie);
    await ok('registraVisualizacoes', { idsMensagens: [id] }, second.cookie);
    await db
      .update(postViews)
      .set({ viewedAt: new Date(Date.now() - 2 * day) })
      .where(and(eq(postViews.postId, id), eq(postViews.userId, second.id)));
    await ok('reagePostagem', { idMensagem: id, idGesto: 2 }, member.cookie);
    await ok('salvaPostagem', { idMensagem: id, flSalva: 'S' }, second.cookie);
    await ok('insereComentario', { idMensagem: id, texto: 'Ciente!' }, second.cookie);
    await ok('confirmaLeituraPublicacao', { idPublicacao: id }, member.cookie);

    const data = await ok('consultaPublicacaoAdmin', { idPublicacao: id }, reader);
    expect(data.publicacao).toMatchObject({
      idPublicacao: id,
      flLeituraObrigatoria: 'S',
      qtdVisualizacoes: 2,
    });
    // The group: the master is not in it; member and second are.
    expect(data.contagens).toEqual({
      comentarios: 1,
      curtir: 0,
      amei: 1,
      parabens: 0,
      genial: 0,
      salvos: 1,
      visualizaram: 2,
      confirmaram: 1,
      pendentes: 1,
    });
    expect(data.alcance).toMatchObject({
      qtdPublico: 2,
      qtdVisualizacoesUnicas: 2,
      qtdReacoes: 1,
      qtdComentarios: 1,
      qtdSalvos: 1,
      taxaLeitura: 100,
    });
    const days = data.alcance.visualizacoesPorDia as { dia: string; qtd: number }[];
    expect(days).toHaveLength(7);
    expect(days.reduce((sum, entry) => sum + entry.qtd, 0)).toBe(2);
    expect(days[0]!.qtd).toBe(1);
  });

  it('counts a confirmation as a view, leaves the author out and rates against the audience it shows', async () => {
    const { db } = t.database;
    const team = await makeGroup(db, { companyId, name: 'Alcance' });
    const people = [];
    for (let index = 0; index < 5; index += 1) {
      const person = await makePerson(db, { companyId, permissions: employeePermissions, groupIds: [team] });
      people.push({ id: person.id, cookie: await t.signIn(person.email, factoryPassword) });
    }
    const [author, viewer, confirmedBefore, confirmer, idle] = people as [
      { id: number; cookie: string },
      ...{ id: number; cookie: string }[],
    ];
    const text = `Leitura do time ${Math.random().toString(36).slice(2, 8)}`;
    const id = await publication({ reading: true, author: author.id, groupIds: [team], text });
    // The author reads and confirms their own publication: it counts nowhere.
    await ok('registraVisualizacoes', { idsMensagens: [id] }, author.cookie);
    expect(await pending(author.cookie)).not.toContain(id);
    await ok('confirmaLeituraPublicacao', { idPublicacao: id }, author.cookie);
    await ok('registraVisualizacoes', { idsMensagens: [id] }, viewer!.cookie);
    // A confirmation stored without its view (before confirming recorded one) still counts as viewed.
    await db.insert(postReadConfirmations).values({ companyId, postId: id, userId: confirmedBefore!.id });
    // Confirming records the view.
    await ok('confirmaLeituraPublicacao', { idPublicacao: id }, confirmer!.cookie);
    const views = await db
      .select({ userId: postViews.userId })
      .from(postViews)
      .where(and(eq(postViews.postId, id), eq(postViews.userId, confirmer!.id)));
    expect(views).toHaveLength(1);

    const data = await ok('consultaPublicacaoAdmin', { idPublicacao: id }, reader);
    // The population is the group without its author: viewer, confirmedBefore, confirmer and idle.
    expect(data.alcance).toMatchObject({ qtdPublico: 4, qtdVisualizacoesUnicas: 3, taxaLeitura: 75 });
    expect(data.contagens).toMatchObject({ visualizaram: 3, confirmaram: 2, pendentes: 2 });
    expect(data.publicacao.qtdVisualizacoes).toBe(3);
    const days = data.alcance.visualizacoesPorDia as { qtd: number }[];
    expect(days.reduce((sum, entry) => sum + entry.qtd, 0)).toBe(3);
    const ids = (page: { listInteracoes: { usuario: { idUsuario: number } }[] }) =>
      page.listInteracoes.map((row) => row.usuario.idUsuario).sort((a, b) => a - b);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const viewed = await tab(id, 'visualizaram');
    expect(viewed.qtdTotalRegistros).toBe(3);
    expect(ids(viewed)).toEqual(sorted([viewer!.id, confirmedBefore!.id, confirmer!.id]));
    expect(ids(await tab(id, 'confirmaram'))).toEqual(sorted([confirmedBefore!.id, confirmer!.id]));
    const waiting = await tab(id, 'pendentes');
    expect(ids(waiting)).toEqual(sorted([viewer!.id, idle!.id]));
    // The list's row says the same number of views.
    const list = await ok('consultaPublicacoesAdmin', { busca: text }, reader);
    expect(list.listPublicacoes.map((row: { qtdVisualizacoes: number }) => row.qtdVisualizacoes)).toEqual([
      3,
    ]);
  });

  it('lists each tab: who, when, the comment, and the pending people', async () => {
    const { db } = t.database;
    const id = await publication({ reading: true });
    const comment = (await ok('insereComentario', { idMensagem: id, texto: 'Oculto depois' }, member.cookie))
      .comentario;
    await db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, comment.idComentario));
    await ok('reagePostagem', { idMensagem: id, idGesto: 1 }, second.cookie);
    await ok('confirmaLeituraPublicacao', { idPublicacao: id }, second.cookie);

    const commentsTab = await tab(id, 'comentarios');
    expect(commentsTab.qtdTotalRegistros).toBe(1);
    expect(commentsTab.listInteracoes[0]).toMatchObject({
      usuario: { idUsuario: member.id },
      comentario: { idComentario: comment.idComentario, texto: 'Oculto depois', flOculto: 'S' },
    });
    expect(
      (await tab(id, 'curtir')).listInteracoes.map(
        (row: { usuario: { idUsuario: number } }) => row.usuario.idUsuario,
      ),
    ).toEqual([second.id]);
    expect((await tab(id, 'amei')).qtdTotalRegistros).toBe(0);
    const confirmed = await tab(id, 'confirmaram');
    expect(confirmed.listInteracoes[0].usuario.idUsuario).toBe(second.id);
    expect(confirmed.listInteracoes[0].dtInteracao).not.toBeNull();
    const waiting = await tab(id, 'pendentes');
    expect(waiting.listInteracoes).toEqual([
      expect.objectContaining({
        usuario: expect.objectContaining({ idUsuario: member.id }),
        dtInteracao: null,
        comentario: null,
      }),
    ]);
    // A publication without mandatory reading has nobody pending.
    expect((await tab(await publication(), 'pendentes')).qtdTotalRegistros).toBe(0);
  });

  it('refuses an unknown tab in the request’s language and another company’s publication', async () => {
    const id = await publication();
    const unknown = await t.call(
      'consultaInteracoesPublicacaoAdmin',
      { idPublicacao: id, aba: 'odiaram' },
      { cookie: admin, language: 'en' },
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.aba).toEqual(["Invalid tab. Choose one of the publication's tabs"]);
    for (const name of ['consultaPublicacaoAdmin', 'consultaInteracoesPublicacaoAdmin']) {
      const response = await t.call(name, { idPublicacao: id, aba: 'comentarios' }, { cookie: otherAdmin });
      expect(response.statusCode).toBe(404);
    }
    // A portal post is not a publication of the administration.
    const portal = await makePost(t.database.db, {
      companyId,
      authorId: member.id,
      groupIds: [groupId],
      type: 1,
      text: 'oi',
    });
    expect(
      (await t.call('consultaPublicacaoAdmin', { idPublicacao: portal.id }, { cookie: admin })).statusCode,
    ).toBe(404);
  });

  it('exports a tab as CSV and XLSX by its path and query, and refuses others’ publications', async () => {
    const id = await publication({ reading: true });
    await ok('insereComentario', { idMensagem: id, texto: '=SOMA(1;2)' }, member.cookie);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/backend/publicacoes/${id}/exportacao.csv?aba=comentarios`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="publicacao-${id}-comentarios.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Nome;Setor;Data;Comentário;Oculto');
    expect(lines[1]).toContain("'=SOMA(1;2)");
    expect(lines[1]).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/backend/publicacoes/${id}/exportacao.xlsx?aba=pendentes`,
      headers: { cookie: admin },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Pendentes');
    expect(sheet.rowCount).toBe(3);

    const unknown = await t.app.inject({
      method: 'GET',
      url: `/backend/publicacoes/${id}/exportacao.csv?aba=odiaram`,
      headers: { cookie: admin },
    });
    expect(unknown.statusCode).toBe(422);
    const badId = await t.app.inject({
      method: 'GET',
      url: `/backend/publicacoes/abc/exportacao.csv?aba=comentarios`,
      headers: { cookie: admin },
    });
    expect(badId.statusCode).toBe(422);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/backend/publicacoes/${id}/exportacao.csv?aba=comentarios`,
      headers: { cookie: otherAdmin },
    });
    expect(foreign.statusCode).toBe(404);
    const employee = await t.app.inject({
      method: 'GET',
      url: `/backend/publicacoes/${id}/exportacao.csv?aba=comentarios`,
      headers: { cookie: member.cookie },
    });
    expect(employee.statusCode).toBe(403);
  });
});

describe('reminders', () => {
  async function reminders(postId: number) {
    const rows = await t.database.db
      .select({ userId: notifications.userId, createdAt: notifications.createdAt })
      .from(notifications)
      .where(
        and(
          eq(notifications.type, NotificationType.readingReminder),
          eq(notifications.link, `/painel/publicacao/${postId}`),
        ),
      );
    return rows.map((row) => row.userId).sort((a, b) => a - b);
  }

  async function scan(app: TestApp = t) {
    const id = await app.app.jobs.send(readingReminderJob, {});
    expect(await waitForJobOutcome(app.app.jobs, readingReminderJob, id!)).toBe('completed');
  }

  it('reminds those who have not confirmed once per interval, on two nodes, until they confirm or the deadline passes', async () => {
    const { db } = t.database;
    const due = await publication({ reading: true, reminderDays: 2, ageDays: 3 });
    const notYet = await publication({ reading: true, reminderDays: 2, ageDays: 1 });
    const late = await publication({
      reading: true,
      reminderDays: 1,
      ageDays: 3,
      deadline: new Date(Date.now() - day),
    });
    const noReminders = await publication({ reading: true, reminderDays: null, ageDays: 5 });
    await ok('confirmaLeituraPublicacao', { idPublicacao: due }, second.cookie);

    const otherNode = await createTestApp({ shareWith: t });
    try {
      // Both nodes scan at once: each person gets one reminder.
      await Promise.all([scan(t), scan(otherNode)]);
      expect(await reminders(due)).toEqual([member.id]);
      expect(await reminders(notYet)).toEqual([]);
      expect(await reminders(late)).toEqual([]);
      expect(await reminders(noReminders)).toEqual([]);
      // Within the interval nothing more.
      await scan(otherNode);
      expect(await reminders(due)).toEqual([member.id]);
    } finally {
      await otherNode.close();
    }

    // The bell shows it, linking to the post.
    const bell = await ok('consultaNotificacoes', { idPaginaAtual: 1 }, member.cookie);
    expect(bell.listNotificacoes[0]).toMatchObject({
      tipo: NotificationType.readingReminder,
      link: `/painel/publicacao/${due}`,
    });

    // Two days later the next interval's reminder comes; after confirming, none.
    await db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 2 * day - 60_000) })
      .where(eq(notifications.link, `/painel/publicacao/${due}`));
    await scan();
    expect(await reminders(due)).toEqual([member.id, member.id]);
    await ok('confirmaLeituraPublicacao', { idPublicacao: due }, member.cookie);
    await db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 5 * day) })
      .where(eq(notifications.link, `/painel/publicacao/${due}`));
    await scan();
    expect(await reminders(due)).toEqual([member.id, member.id]);
  });
});
