import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreferenciaNotificacao } from '@elo/contract/calls/notifications';
import { notificationStreamPath } from '@elo/contract/calls/notifications';
import { EmailDigest, NotificationType, employeePermissions, notificationTypes } from '@elo/contract/enums';
import { groupMembers, notifications, users } from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCompany,
  makeGroup,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpCatcher } from '../../test/message-catchers.ts';
import { digestJobs } from './digest.ts';
import { bellOf, commentOn, publishPostIn } from './test-support.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let maria: string;
let carlos: string;
let sergio: string;
let admin: string;
let joao: string;
let mariaPerson: MadePerson;
let carlosPerson: MadePerson;
let adminId: number;
let defaultGroupId: number;
let comercialId: number;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://elo.example' } });
  const { db } = t.database;
  const company = await makeCompany(db, { maxPostChars: 2000 });
  const other = await makeCompany(db);
  const { companyId } = company;
  defaultGroupId = company.defaultGroupId;
  adminId = company.master.id;
  // Comercial: the master administrator (who publishes the surveys), Maria and Carlos; not Sérgio.
  comercialId = await makeGroup(db, { companyId, name: 'Comercial', memberIds: [adminId] });
  const employee = { companyId, permissions: employeePermissions, canPost: true };
  mariaPerson = await makePerson(db, {
    ...employee,
    name: 'Maria Silva',
    groupIds: [defaultGroupId, comercialId],
  });
  carlosPerson = await makePerson(db, {
    ...employee,
    name: 'Carlos Pereira',
    groupIds: [defaultGroupId, comercialId],
  });
  const sergioPerson = await makePerson(db, { companyId, name: 'Sérgio Moura', groupIds: [defaultGroupId] });
  const joaoPerson = await makePerson(db, {
    companyId: other.companyId,
    permissions: employeePermissions,
    groupIds: [other.defaultGroupId],
    canPost: true,
  });
  const signIn = (person: MadePerson) => t.signIn(person.email, factoryPassword);
  [maria, carlos, sergio, admin, joao] = await Promise.all([
    signIn(mariaPerson),
    signIn(carlosPerson),
    signIn(sergioPerson),
    signIn(company.master),
    signIn(joaoPerson),
  ]);
  // Maria's bell before the tests: an older comment on a post of hers, read, and a newer one unread.
  const postId = await publishPost(maria, 'Bom dia, equipe!');
  const hour = 3_600_000;
  await db.insert(notifications).values([
    {
      companyId,
      userId: mariaPerson.id,
      type: NotificationType.postComment,
      title: 'Ana Beatriz Rocha comentou a sua publicação',
      body: 'Muito bom, obrigada por compartilhar!',
      link: `/painel/publicacao/${postId}`,
      readAt: new Date(Date.now() - 40 * hour),
      createdAt: new Date(Date.now() - 48 * hour),
    },
    {
      companyId,
      userId: mariaPerson.id,
      type: NotificationType.postComment,
      title: 'Carlos Pereira comentou a sua publicação',
      body: 'Ótima notícia! Conte comigo.',
      link: `/painel/publicacao/${postId}`,
      createdAt: new Date(Date.now() - hour),
    },
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bell = (cookie: string, page = 1, size = 50) => bellOf(t, cookie, page, size);
/** A text post in the default group, with comments open, by the person of the cookie. */
const publishPost = (cookie: string, text: string) => publishPostIn(t, cookie, defaultGroupId, text);
const comment = (cookie: string, postId: number, texto: string) => commentOn(t, cookie, postId, texto);

async function savePreferences(cookie: string, listPreferencias: unknown[], language?: string) {
  return t.call('salvaPreferenciasNotificacao', { listPreferencias }, { cookie, language });
}

describe('producers', () => {
  it("tells a post's author about a comment, and nobody about a comment on one's own post", async () => {
    const before = await bell(maria);
    const carlosBefore = await bell(carlos);
    const postId = await publishPost(maria, 'Alguém tem o modelo da apresentação?');

    await comment(carlos, postId, 'Tenho sim, envio no chat.');
    const after = await bell(maria);
    expect(after.qtdNaoLidas).toBe(before.qtdNaoLidas + 1);
    expect(after.qtdTotalRegistros).toBe(before.qtdTotalRegistros + 1);
    expect(after.listNotificacoes[0]).toMatchObject({
      tipo: NotificationType.postComment,
      titulo: 'Carlos Pereira comentou a sua publicação',
      texto: 'Tenho sim, envio no chat.',
      link: `/painel/publicacao/${postId}`,
      flLida: 'N',
    });

    await comment(maria, postId, 'Obrigada!');
    expect((await bell(maria)).qtdTotalRegistros).toBe(after.qtdTotalRegistros);
    expect((await bell(carlos)).qtdTotalRegistros).toBe(carlosBefore.qtdTotalRegistros);
  });

  it("words each person's bell in the language they last used the portal in", async () => {
    const carlosPost = await publishPostIn(t, carlos, defaultGroupId, 'Reunião às 15h');
    const mariaPost = await publishPostIn(t, maria, defaultGroupId, 'Quem vem ao treinamento?');
    // Each call records its language: Carlos now uses the portal in English, Maria in Spanish.
    const commentIn = async (cookie: string, postId: number, texto: string, language: string) =>
      expect(
        (await t.call('insereComentario', { idMensagem: postId, texto }, { cookie, language })).statusCode,
      ).toBe(200);
    await t.call(
      'consultaNotificacoes',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 1 },
      { cookie: carlos, language: 'en' },
    );
    await commentIn(maria, carlosPost, 'Estarei lá', 'es');
    await commentIn(carlos, mariaPost, 'Eu vou', 'en');
    const inLanguage = async (cookie: string, language: string) =>
      (
        await t.call(
          'consultaNotificacoes',
          { idPaginaAtual: 1, qtdRegistrosPorPagina: 1 },
          { cookie, language },
        )
      ).json().data.listNotificacoes[0];
    expect(await inLanguage(carlos, 'en')).toMatchObject({ titulo: 'Maria Silva commented on your post' });
    expect(await inLanguage(maria, 'es')).toMatchObject({ titulo: 'Carlos Pereira comentó tu publicación' });
    // Back to Portuguese for the tests after this one.
    await inLanguage(carlos, 'pt-BR');
    await inLanguage(maria, 'pt-BR');
  });

  it("tells the members of a published survey's groups, not its author nor anyone else", async () => {
    const draft = await t.call(
      'salvaPesquisa',
      {
        titulo: 'Pesquisa de transporte',
        descricao: 'Como você chega ao trabalho?',
        corPrincipal: '#0f766e',
        corFundo: '#ffffff',
        idsGrupos: [comercialId],
        dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
        dtFimPesquisa: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        limitarAUmaResposta: true,
        desabilitarSalvamentoAutomatico: false,
        flAnonima: 'N',
        flQuiz: 'N',
        questoes: [{ titulo: 'Sugestões', tipoQuestao: 1 }],
      },
      { cookie: admin },
    );
    expect(draft.statusCode).toBe(200);
    const surveyId = draft.json().data.pesquisa.idPesquisa as number;
    const sergioBefore = await bell(sergio);

    const published = await t.call('publicaPesquisa', { idPesquisa: surveyId }, { cookie: admin });
    expect(published.statusCode).toBe(200);

    const members = await t.database.db
      .selectDistinct({ userId: groupMembers.userId })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(and(eq(groupMembers.groupId, comercialId), eq(users.active, true)));
    const told = await t.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.link, `/painel/pesquisas/acessar/${surveyId}`));
    const expected = members.map((row) => row.userId).filter((id) => id !== adminId);
    expect(expected.length).toBeGreaterThan(1);
    expect(told.map((row) => row.userId).sort()).toEqual(expected.sort());

    const mariaBell = await bell(maria);
    expect(mariaBell.listNotificacoes[0]).toMatchObject({
      tipo: NotificationType.surveyPublished,
      titulo: 'Nova pesquisa disponível',
      texto: 'Pesquisa de transporte',
      link: `/painel/pesquisas/acessar/${surveyId}`,
    });
    // Sérgio (no chat permission either) is not in Comercial: nothing for him.
    expect((await bell(sergio)).qtdTotalRegistros).toBe(sergioBefore.qtdTotalRegistros);
  });
});

describe('the bell', () => {
  it('pages newest first with the total and the unread count', async () => {
    const all = await bell(maria);
    expect(all.qtdTotalRegistros).toBeGreaterThanOrEqual(3);
    const times = all.listNotificacoes.map((item) => item.dtCriacao);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.qtdNaoLidas).toBe(all.listNotificacoes.filter((item) => item.flLida === 'N').length);

    const second = await bell(maria, 2, 1);
    expect(second.listNotificacoes).toEqual([all.listNotificacoes[1]]);
    expect(second.qtdTotalRegistros).toBe(all.qtdTotalRegistros);
  });

  it('needs a session, for the calls and for the stream', async () => {
    expect((await t.call('consultaNotificacoes', {})).statusCode).toBe(401);
    const stream = await t.app.inject({
      method: 'GET',
      url: notificationStreamPath,
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.statusCode).toBe(401);
    expect(stream.json().message).toBe('Sessão expirada');
  });
});

describe('marcaNotificacoesLidas', () => {
  it("marks the caller's own by id, and ignores ids of other people and companies", async () => {
    const before = await bell(maria);
    const unread = before.listNotificacoes.filter((item) => item.flLida === 'N');
    expect(unread.length).toBeGreaterThanOrEqual(2);
    const [first, second] = unread;

    // Carlos and a person of another company name Maria's notification: nothing changes for her.
    const carlosUnread = (await bell(carlos)).qtdNaoLidas;
    const byCarlos = await t.call(
      'marcaNotificacoesLidas',
      { idsNotificacoes: [first!.idNotificacao] },
      { cookie: carlos },
    );
    expect(byCarlos.statusCode).toBe(200);
    expect(byCarlos.json().data).toEqual({ qtdNaoLidas: carlosUnread });
    const byJoao = await t.call(
      'marcaNotificacoesLidas',
      { idsNotificacoes: [first!.idNotificacao] },
      { cookie: joao },
    );
    expect(byJoao.statusCode).toBe(200);
    expect((await bell(maria)).qtdNaoLidas).toBe(before.qtdNaoLidas);

    const mine = await t.call(
      'marcaNotificacoesLidas',
      { idsNotificacoes: [first!.idNotificacao] },
      { cookie: maria },
    );
    expect(mine.json().data).toEqual({ qtdNaoLidas: before.qtdNaoLidas - 1 });
    const after = await bell(maria);
    const find = (id: number) => after.listNotificacoes.find((item) => item.idNotificacao === id);
    expect(find(first!.idNotificacao)?.flLida).toBe('S');
    expect(find(second!.idNotificacao)?.flLida).toBe('N');
  });

  it("marks all of the caller's, nobody else's", async () => {
    const carlosUnread = (await bell(carlos)).qtdNaoLidas;
    const postId = await publishPost(carlos, 'Café na copa às 16h');
    await comment(maria, postId, 'Estarei lá');
    expect((await bell(carlos)).qtdNaoLidas).toBe(carlosUnread + 1);

    const all = await t.call('marcaNotificacoesLidas', { todas: 'S' }, { cookie: maria });
    expect(all.json().data).toEqual({ qtdNaoLidas: 0 });
    expect((await bell(maria)).listNotificacoes.every((item) => item.flLida === 'S')).toBe(true);
    expect((await bell(carlos)).qtdNaoLidas).toBe(carlosUnread + 1);
  });

  it('refuses an empty list with a translated 422', async () => {
    const response = await t.call('marcaNotificacoesLidas', { idsNotificacoes: [] }, { cookie: maria });
    expect(response.statusCode).toBe(422);
  });
});

describe('preferences', () => {
  it('lists every type with the defaults: in the app, no e-mail', async () => {
    const response = await t.call('consultaPreferenciasNotificacao', {}, { cookie: carlos });
    // Every type the contract knows (issue 15 added readings, moderation and publications), in its order.
    expect(response.json().data.listPreferencias).toEqual(
      notificationTypes.map((tipo) => ({ tipo, flNoApp: 'S', flPush: 'S', email: EmailDigest.none })),
    );
  });

  it('refuses an unknown type or e-mail choice with a translated 422 and changes nothing', async () => {
    const unknown = await savePreferences(
      carlos,
      [
        { tipo: NotificationType.postComment, flNoApp: 'N', flPush: 'S', email: EmailDigest.none },
        { tipo: 'ANIVERSARIO', flNoApp: 'S', flPush: 'S', email: EmailDigest.none },
      ],
      'pt-BR',
    );
    expect(unknown.statusCode).toBe(422);
    const body = unknown.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors)).toEqual(['listPreferencias.1.tipo']);
    const english = await savePreferences(
      carlos,
      [{ tipo: 'ANIVERSARIO', flNoApp: 'S', flPush: 'S', email: EmailDigest.none }],
      'en',
    );
    expect(english.statusCode).toBe(422);
    const englishMessage = english.json().errors['listPreferencias.0.tipo'][0];
    expect(englishMessage).toEqual(expect.any(String));
    expect(englishMessage).not.toBe(body.errors['listPreferencias.1.tipo'][0]);
    const badDigest = await savePreferences(carlos, [
      { tipo: NotificationType.postComment, flNoApp: 'S', flPush: 'S', email: 'HOURLY' },
    ]);
    expect(Object.keys(badDigest.json().errors)).toEqual(['listPreferencias.0.email']);
    const stored = await t.call('consultaPreferenciasNotificacao', {}, { cookie: carlos });
    expect(stored.json().data.listPreferencias).toContainEqual({
      tipo: NotificationType.postComment,
      flNoApp: 'S',
      flPush: 'S',
      email: EmailDigest.none,
    });
  });

  it('keeps nothing of a type turned off in the app without e-mail, and only that type', async () => {
    const choices: PreferenciaNotificacao[] = [
      { tipo: NotificationType.postComment, flNoApp: 'N', flPush: 'S', email: EmailDigest.none },
    ];
    expect((await savePreferences(carlos, choices)).json().data).toEqual({ ok: true });
    const listed = await t.call('consultaPreferenciasNotificacao', {}, { cookie: carlos });
    expect(listed.json().data.listPreferencias).toEqual(
      notificationTypes.map((tipo) => ({
        tipo,
        flNoApp: tipo === NotificationType.postComment ? 'N' : 'S',
        flPush: 'S',
        email: EmailDigest.none,
      })),
    );

    const carlosId = carlosPerson.id;
    const postId = await publishPost(carlos, 'Quem vai ao treinamento?');
    await comment(maria, postId, 'Eu vou');
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, carlosId), eq(notifications.link, `/painel/publicacao/${postId}`)));
    expect(rows).toEqual([]);

    await savePreferences(carlos, [
      { tipo: NotificationType.postComment, flNoApp: 'S', flPush: 'S', email: EmailDigest.none },
    ]);
  });
});

describe('digests', () => {
  async function runDigest(name: (typeof digestJobs)[keyof typeof digestJobs]['name']) {
    const id = await t.app.jobs.send(name, {});
    for (;;) {
      const state = await t.app.jobs.getState(name, id!);
      if (state === 'completed' || state === 'failed') return state;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('e-mails the daily digest once, with what is new, and nothing on the next run', async () => {
    await savePreferences(maria, [
      { tipo: NotificationType.postComment, flNoApp: 'S', flPush: 'S', email: EmailDigest.daily },
      { tipo: NotificationType.surveyPublished, flNoApp: 'N', flPush: 'S', email: EmailDigest.weekly },
    ]);
    const postId = await publishPost(maria, 'Fotos da confraternização no drive');
    await comment(carlos, postId, 'Ficaram ótimas!');
    const sent = smtp.messages.length;

    expect(await runDigest(digestJobs.daily.name)).toBe('completed');
    const mails = smtp.messages.slice(sent);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to?.map((to) => to.address)).toEqual([mariaPerson.email]);
    expect(mail!.subject).toContain('resumo diário das suas notificações');
    expect(mail!.text).toContain('Carlos Pereira comentou a sua publicação');
    expect(mail!.text).toContain(`https://elo.example/painel/publicacao/${postId}`);
    expect(mail!.html).toContain(`href="https://elo.example/painel/publicacao/${postId}"`);
    // The weekly type is not in the daily digest.
    expect(mail!.text).not.toContain('Nova pesquisa disponível');

    expect(await runDigest(digestJobs.daily.name)).toBe('completed');
    expect(smtp.messages.length).toBe(sent + 1);
  });

  it('keeps a type off the bell but in the weekly digest when so chosen', async () => {
    const mariaId = mariaPerson.id;
    const before = await bell(maria);
    const draft = await t.call(
      'salvaPesquisa',
      {
        titulo: 'Pesquisa de clima',
        descricao: '',
        corPrincipal: '#0f766e',
        corFundo: '#ffffff',
        idsGrupos: [comercialId],
        dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
        dtFimPesquisa: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        limitarAUmaResposta: true,
        desabilitarSalvamentoAutomatico: false,
        flAnonima: 'N',
        flQuiz: 'N',
        questoes: [{ titulo: 'Como você está?', tipoQuestao: 1 }],
      },
      { cookie: admin },
    );
    const surveyId = draft.json().data.pesquisa.idPesquisa as number;
    expect((await t.call('publicaPesquisa', { idPesquisa: surveyId }, { cookie: admin })).statusCode).toBe(
      200,
    );
    expect((await bell(maria)).qtdTotalRegistros).toBe(before.qtdTotalRegistros);

    const sent = smtp.messages.length;
    expect(await runDigest(digestJobs.weekly.name)).toBe('completed');
    const mine = smtp.messages.slice(sent).filter((mail) => mail.to?.[0]?.address === mariaPerson.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain('resumo semanal');
    expect(mine[0]!.text).toContain('Pesquisa de clima');
    const pending = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, mariaId),
          inArray(notifications.type, [NotificationType.surveyPublished]),
        ),
      );
    expect(pending.every((row) => row.emailedAt !== null || row.inApp)).toBe(true);
  });
});
