import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AdminPermission, employeePermissions, NotificationType, PostType } from '@elo/contract/enums';
import { auditLog, comments, notifications, posts } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson, makePost } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let companyId: number;
let groupId: number;
let otherGroupId: number;
/** Administrator with ADMIN_PUBLICACOES at E. */
let moderator: string;
let moderatorId: number;
/** Administrator with ADMIN_PUBLICACOES at L only. */
let reader: string;
let employee: string;
let employeeId: number;
let colleagueId: number;
/** Administrator of another company. */
let otherModerator: string;
let otherCompanyPostId: number;

const uniqueText = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  groupId = await makeGroup(db, { companyId, name: 'Fábrica' });
  otherGroupId = await makeGroup(db, { companyId, name: 'Escritório' });
  const moderatorPerson = await makePerson(db, {
    companyId,
    name: 'Moderadora',
    permissions: employeePermissions,
    groupIds: [groupId],
    administrator: { [AdminPermission.publications]: 'E' },
  });
  moderatorId = moderatorPerson.id;
  const readerPerson = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.publications]: 'L' },
  });
  const employeePerson = await makePerson(db, {
    companyId,
    name: 'Autora',
    permissions: employeePermissions,
    groupIds: [groupId],
    canPost: true,
  });
  employeeId = employeePerson.id;
  const colleaguePerson = await makePerson(db, {
    companyId,
    permissions: employeePermissions,
    groupIds: [otherGroupId],
    canPost: true,
  });
  colleagueId = colleaguePerson.id;
  const otherPerson = await makePerson(db, {
    companyId: other.companyId,
    administrator: { [AdminPermission.publications]: 'E' },
  });
  const otherGroup = await makeGroup(db, { companyId: other.companyId, name: 'Alheio' });
  otherCompanyPostId = (
    await makePost(db, {
      companyId: other.companyId,
      authorId: other.master.id,
      groupIds: [otherGroup],
      type: PostType.text,
      text: 'Da outra empresa',
    })
  ).id;
  [moderator, reader, employee, otherModerator] = await Promise.all([
    t.signIn(moderatorPerson.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(employeePerson.email, factoryPassword),
    t.signIn(otherPerson.email, factoryPassword),
  ]);
});
afterAll(() => t.close());

/** A text post of the employee's in their group, published now. */
async function employeePost(text = uniqueText('Post')) {
  const made = await makePost(t.database.db, {
    companyId,
    authorId: employeeId,
    groupIds: [groupId],
    type: PostType.text,
    text,
  });
  return made.id;
}

/** Adds a comment as this person, through the portal's call. */
async function comment(cookie: string, postId: number, texto = uniqueText('Comentário')) {
  const response = await t.call('insereComentario', { idMensagem: postId, texto }, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.comentario.idComentario as number;
}

const moderatePost = (body: Record<string, unknown>, cookie = moderator, language?: string) =>
  t.call('moderaPostagemAdmin', body, { cookie, ...(language ? { language } : {}) });
const moderateComment = (body: Record<string, unknown>, cookie = moderator) =>
  t.call('moderaComentarioAdmin', body, { cookie });

interface AdminCard {
  idMensagem: number;
  flOculta: 'S' | 'N';
  comentariosOcultos: number[];
  textoPublicacao: string | null;
  comentarios: { listComentarios: { idComentario: number }[]; qtdTotalRegistros: number };
}

async function adminTimeline(input: Record<string, unknown> = {}, cookie = moderator) {
  const response = await t.call(
    'consultaTimelineAdmin',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 50, ...input },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { listPostagens: AdminCard[]; qtdTotalRegistros: number };
}

async function employeeCard(cookie: string, postId: number) {
  const response = await t.call('consultaPostagem', { idMensagem: postId }, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.postagem as AdminCard;
}

async function auditEntries(action: string, targetId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
}

async function notificationsOf(userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, NotificationType.moderation)));
}

describe('moderaPostagemAdmin', () => {
  it('hides a post with its reason in the audit log, tells the author, and shows it again', async () => {
    const postId = await employeePost();
    const before = await notificationsOf(employeeId);
    const hidden = await moderatePost({ idMensagem: postId, acao: 'OCULTAR', motivo: 'Linguagem ofensiva' });
    expect(hidden.statusCode, hidden.body).toBe(200);

    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.hiddenAt).not.toBeNull();
    expect(row!.deletedAt).toBeNull();
    const [entry] = await auditEntries('post_hide', postId);
    expect(entry!.actorUserId).toBe(moderatorId);
    expect(entry!.changes).toMatchObject({
      motivo: { antes: null, depois: 'Linguagem ofensiva' },
      oculta: { antes: false, depois: true },
    });
    const told = await notificationsOf(employeeId);
    expect(told).toHaveLength(before.length + 1);
    const notice = told.find((item) => !before.some((old) => old.id === item.id))!;
    expect(notice.title).toBe('Sua publicação foi ocultada pela moderação');
    expect(notice.body).toContain('Motivo: Linguagem ofensiva');

    const card = (await adminTimeline()).listPostagens.find((item) => item.idMensagem === postId);
    expect(card?.flOculta).toBe('S');
    // Employees no longer see it (the timeline module leaves hidden posts out of their reads).
    expect((await t.call('consultaPostagem', { idMensagem: postId }, { cookie: employee })).statusCode).toBe(
      404,
    );

    const shown = await moderatePost({ idMensagem: postId, acao: 'EXIBIR' });
    expect(shown.statusCode, shown.body).toBe(200);
    const [again] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(again!.hiddenAt).toBeNull();
    expect((await auditEntries('post_show', postId))[0]!.changes).toMatchObject({
      oculta: { antes: true, depois: false },
    });
    expect((await notificationsOf(employeeId)).length).toBe(before.length + 2);
    const after = (await adminTimeline()).listPostagens.find((item) => item.idMensagem === postId);
    expect(after?.flOculta).toBe('N');
    expect((await employeeCard(employee, postId)).idMensagem).toBe(postId);
  });

  it('deletes a post: it leaves the administration timeline and the employee gets a 404', async () => {
    const postId = await employeePost();
    expect((await employeeCard(employee, postId)).idMensagem).toBe(postId);
    const deleted = await moderatePost({ idMensagem: postId, acao: 'EXCLUIR', motivo: 'Spam' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.deletedAt).not.toBeNull();
    expect((await auditEntries('post_delete', postId))[0]!.changes).toMatchObject({
      motivo: { depois: 'Spam' },
      excluida: { antes: false, depois: true },
    });
    expect((await adminTimeline()).listPostagens.map((item) => item.idMensagem)).not.toContain(postId);
    expect((await t.call('consultaPostagem', { idMensagem: postId }, { cookie: employee })).statusCode).toBe(
      404,
    );
    // Deleted already: nothing more to moderate.
    expect((await moderatePost({ idMensagem: postId, acao: 'EXIBIR' })).statusCode).toBe(404);
  });

  it('does not notify a moderator who moderates their own post', async () => {
    const made = await makePost(t.database.db, {
      companyId,
      authorId: moderatorId,
      groupIds: [groupId],
      type: PostType.text,
      text: uniqueText('Meu post'),
    });
    const before = await notificationsOf(moderatorId);
    expect((await moderatePost({ idMensagem: made.id, acao: 'OCULTAR', motivo: 'Revisão' })).statusCode).toBe(
      200,
    );
    expect(await notificationsOf(moderatorId)).toHaveLength(before.length);
    expect(await auditEntries('post_hide', made.id)).toHaveLength(1);
  });

  it('refuses a missing reason, an unknown action or post, and another company, writing nothing', async () => {
    const postId = await employeePost();
    const toldBefore = (await notificationsOf(employeeId)).length;
    const noReason = await moderatePost({ idMensagem: postId, acao: 'OCULTAR', motivo: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motivo).toEqual(['Campo obrigatório']);
    const english = await moderatePost({ idMensagem: postId, acao: 'EXCLUIR' }, moderator, 'en');
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.motivo).toEqual(['This field is required']);
    expect((await moderatePost({ idMensagem: postId, acao: 'APAGAR', motivo: 'x' })).statusCode).toBe(422);
    const unknown = await moderatePost({ idMensagem: 999_999_999, acao: 'OCULTAR', motivo: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Registro não encontrado.');
    const foreign = await moderatePost({ idMensagem: otherCompanyPostId, acao: 'OCULTAR', motivo: 'x' });
    expect(foreign.statusCode).toBe(404);
    const elsewhere = await moderatePost(
      { idMensagem: postId, acao: 'OCULTAR', motivo: 'x' },
      otherModerator,
    );
    expect(elsewhere.statusCode).toBe(404);

    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, postId));
    expect(row!.hiddenAt).toBeNull();
    const [other] = await t.database.db.select().from(posts).where(eq(posts.id, otherCompanyPostId));
    expect(other!.hiddenAt).toBeNull();
    expect(await auditEntries('post_hide', postId)).toHaveLength(0);
    expect(await auditEntries('post_hide', otherCompanyPostId)).toHaveLength(0);
    expect(await notificationsOf(employeeId)).toHaveLength(toldBefore);
  });

  it('is refused to an administrator who only reads publications and to an employee', async () => {
    const postId = await employeePost();
    expect(
      (await moderatePost({ idMensagem: postId, acao: 'OCULTAR', motivo: 'x' }, reader)).statusCode,
    ).toBe(403);
    expect(
      (await moderatePost({ idMensagem: postId, acao: 'OCULTAR', motivo: 'x' }, employee)).statusCode,
    ).toBe(403);
    expect((await adminTimeline({}, reader)).listPostagens.length).toBeGreaterThan(0);
    expect(
      (
        await t.call(
          'consultaTimelineAdmin',
          { idPaginaAtual: 1, qtdRegistrosPorPagina: 10 },
          { cookie: employee },
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('moderaComentarioAdmin', () => {
  it('hides a comment: the employee card drops it at once (new card version), the admin sees it marked', async () => {
    const postId = await employeePost();
    const kept = await comment(employee, postId, 'Bom dia');
    const doomed = await comment(moderator, postId, 'Comentário a ocultar');
    // The employee reads the card first, so it is cached with both comments.
    const cached = await employeeCard(employee, postId);
    expect(cached.comentarios.listComentarios.map((item) => item.idComentario)).toEqual([doomed, kept]);
    const [{ version: versionBefore }] = (await t.database.db
      .select({ version: posts.version })
      .from(posts)
      .where(eq(posts.id, postId))) as [{ version: number }];

    const hidden = await moderateComment({ idComentario: doomed, acao: 'OCULTAR', motivo: 'Fora do tema' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const [{ version: versionAfter }] = (await t.database.db
      .select({ version: posts.version })
      .from(posts)
      .where(eq(posts.id, postId))) as [{ version: number }];
    expect(versionAfter).toBeGreaterThan(versionBefore);

    const card = await employeeCard(employee, postId);
    expect(card.comentarios.listComentarios.map((item) => item.idComentario)).toEqual([kept]);
    expect(card.comentarios.qtdTotalRegistros).toBe(1);

    const adminCard = (await adminTimeline({ idGrupo: groupId })).listPostagens.find(
      (item) => item.idMensagem === postId,
    )!;
    expect(adminCard.comentarios.listComentarios.map((item) => item.idComentario)).toEqual([doomed, kept]);
    expect(adminCard.comentariosOcultos).toEqual([doomed]);
    expect(adminCard.flOculta).toBe('N');

    const [entry] = await auditEntries('comment_hide', doomed);
    expect(entry!.changes).toMatchObject({ motivo: { depois: 'Fora do tema' }, oculta: { depois: true } });
    // The moderator wrote that comment: nobody is told.
    expect((await notificationsOf(moderatorId)).some((item) => item.body.includes('Fora do tema'))).toBe(
      false,
    );

    expect((await moderateComment({ idComentario: doomed, acao: 'EXIBIR' })).statusCode).toBe(200);
    const back = await employeeCard(employee, postId);
    expect(back.comentarios.listComentarios.map((item) => item.idComentario)).toEqual([doomed, kept]);
  });

  it('deletes a comment and tells its author with the reason', async () => {
    const postId = await employeePost();
    const commentId = await comment(employee, postId);
    const before = await notificationsOf(employeeId);
    const deleted = await moderateComment({
      idComentario: commentId,
      acao: 'EXCLUIR',
      motivo: 'Dados pessoais',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, commentId));
    expect(row!.deletedAt).not.toBeNull();
    const told = await notificationsOf(employeeId);
    expect(told).toHaveLength(before.length + 1);
    expect(told.some((item) => item.title === 'Seu comentário foi excluído pela moderação')).toBe(true);
    expect(told.some((item) => item.body.includes('Motivo: Dados pessoais'))).toBe(true);
    const card = await employeeCard(employee, postId);
    expect(card.comentarios.qtdTotalRegistros).toBe(0);
    expect((await moderateComment({ idComentario: commentId, acao: 'EXIBIR' })).statusCode).toBe(404);
  });

  it('refuses a missing reason, an unknown comment and another company, writing nothing', async () => {
    const postId = await employeePost();
    const commentId = await comment(employee, postId);
    const noReason = await moderateComment({ idComentario: commentId, acao: 'EXCLUIR', motivo: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.motivo).toEqual(['Campo obrigatório']);
    expect(
      (await moderateComment({ idComentario: 999_999_999, acao: 'OCULTAR', motivo: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await moderateComment({ idComentario: commentId, acao: 'OCULTAR', motivo: 'x' }, otherModerator))
        .statusCode,
    ).toBe(404);
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, commentId));
    expect(row!.hiddenAt).toBeNull();
    expect(row!.deletedAt).toBeNull();
    expect(await auditEntries('comment_hide', commentId)).toHaveLength(0);
  });
});

describe('consultaTimelineAdmin', () => {
  it('lists every published post of the company newest first, filters by group, leaves out drafts and the future', async () => {
    const { db } = t.database;
    const inGroup = await employeePost(uniqueText('No grupo'));
    const elsewhere = (
      await makePost(db, {
        companyId,
        authorId: colleagueId,
        groupIds: [otherGroupId],
        type: PostType.text,
        text: uniqueText('Outro grupo'),
      })
    ).id;
    const draft = (
      await makePost(db, {
        companyId,
        authorId: employeeId,
        groupIds: [groupId],
        type: PostType.text,
        text: 'Rascunho',
        status: 'draft',
      })
    ).id;
    const scheduled = await employeePost(uniqueText('Agendado'));
    await db
      .update(posts)
      .set({ publishAt: sql`now() + interval '1 day'` })
      .where(eq(posts.id, scheduled));

    const all = await adminTimeline();
    const ids = all.listPostagens.map((item) => item.idMensagem);
    expect(ids).toContain(inGroup);
    expect(ids).toContain(elsewhere);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(scheduled);
    expect(ids).not.toContain(otherCompanyPostId);
    expect(ids.indexOf(elsewhere)).toBeLessThan(ids.indexOf(inGroup));
    expect(all.qtdTotalRegistros).toBe(ids.length);

    const filtered = (await adminTimeline({ idGrupo: otherGroupId })).listPostagens.map(
      (item) => item.idMensagem,
    );
    expect(filtered).toContain(elsewhere);
    expect(filtered).not.toContain(inGroup);

    const paged = await adminTimeline({ qtdRegistrosPorPagina: 2, idPaginaAtual: 2 });
    expect(paged.listPostagens.map((item) => item.idMensagem)).toEqual(ids.slice(2, 4));
    expect(paged.qtdTotalRegistros).toBe(all.qtdTotalRegistros);
  });

  it("answers 404 for another company's group", async () => {
    const foreign = await t.call(
      'consultaTimelineAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 10, idGrupo: groupId },
      { cookie: otherModerator },
    );
    expect(foreign.statusCode).toBe(404);
  });
});
