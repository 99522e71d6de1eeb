import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { PublicacaoAdmin } from '@elo/contract/calls/publications';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import {
  auditLog,
  comments,
  gestures,
  postReadConfirmations,
  posts,
  reactions,
} from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  image,
  mp4,
  publicationNotifications,
  savePublication,
  savedPublication,
  timelineIds,
} from './test-support.ts';

let t: TestApp;
let admin: string;
let reader: string;
let otherAdmin: string;
let member: string;
let outsider: string;
let companyId: number;
let memberId: number;
let outsiderId: number;
let readerId: number;
/** Everyone of the company but the master (the author): the wall's audience. */
let wallAudience: number[];
let defaultGroupId: number;
let groupIds: number[];
let otherGroupId: number;
let picture: Buffer;

const minute = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * minute).toISOString();
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

async function list(filter: Record<string, unknown> = {}, cookie = admin) {
  const response = await t.call(
    'consultaPublicacoesAdmin',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 100, ...filter },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { listPublicacoes: PublicacaoAdmin[]; qtdTotalRegistros: number };
}

/** What a refused call could leave behind: publications, audit entries, stored files. */
async function traces() {
  const { db } = t.database;
  const [rows] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.companyId, companyId), eq(posts.isPublication, true)));
  const [audits] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(sql`${auditLog.action} like 'publication_%'`);
  const folder = path.join(t.dataDir, 'media', String(companyId));
  const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return {
    publications: rows!.total,
    auditEntries: audits!.total,
    storedFiles: files.filter((entry) => entry.isFile()).length,
  };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  picture = await image(1200, 675);
  const company = await makeCompany(db, { maxPostChars: 2000 });
  const other = await makeCompany(db);
  companyId = company.companyId;
  defaultGroupId = company.defaultGroupId;
  groupIds = [
    await makeGroup(db, { companyId, name: 'Fábrica' }),
    await makeGroup(db, { companyId, name: 'Vendas' }),
    await makeGroup(db, { companyId, name: 'Logística' }),
    await makeGroup(db, { companyId, name: 'Diretoria' }),
  ];
  otherGroupId = await makeGroup(db, { companyId: other.companyId, name: 'Alheio' });
  const readerPerson = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.publications]: 'L' },
  });
  const memberPerson = await makePerson(db, {
    companyId,
    name: 'Marina Fábrica',
    permissions: employeePermissions,
    groupIds: [defaultGroupId, groupIds[0]!],
  });
  const outsiderPerson = await makePerson(db, {
    companyId,
    name: 'Otávio Vendas',
    permissions: employeePermissions,
    groupIds: [defaultGroupId, groupIds[1]!],
  });
  memberId = memberPerson.id;
  readerId = readerPerson.id;
  outsiderId = outsiderPerson.id;
  wallAudience = [memberId, outsiderId, readerId].sort((a, b) => a - b);
  await db.insert(gestures).values({ id: 1, code: 'CURTIR', svgPath: 'M0 0h1v1H0z' }).onConflictDoNothing();
  [admin, reader, otherAdmin, member, outsider] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(memberPerson.email, factoryPassword),
    t.signIn(outsiderPerson.email, factoryPassword),
  ]);
});
afterAll(() => t.close());

describe('salvaPublicacaoAdmin', () => {
  it('publishes an image on the wall: every employee sees it at once and is told, the audit log records it', async () => {
    const text = unique('Campanha do agasalho');
    const made = await savedPublication(t, admin, { texto: text }, [
      { name: 'campanha.png', type: 'image/png', body: picture },
    ]);
    expect(made).toMatchObject({
      texto: text,
      tipo: 3,
      status: 'Publicado',
      dtAgendamento: null,
      flMural: 'S',
      grupos: [],
      flEditado: 'N',
      qtdComentarios: 0,
      qtdReacoes: 0,
      qtdVisualizacoes: 0,
    });
    expect(made.urlMidia).toMatch(/^\/backend\/midia\//);
    expect(await timelineIds(t, member)).toContain(made.idPublicacao);
    expect(await timelineIds(t, outsider)).toContain(made.idPublicacao);
    const file = await t.app.inject({ method: 'GET', url: made.urlMidia!, headers: { cookie: member } });
    expect(file.statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const told = await publicationNotifications(t, made.idPublicacao);
        expect(told.map((row) => row.userId)).toEqual(wallAudience);
        expect(told[0]).toMatchObject({ title: 'Nova publicação', body: text });
      },
      { timeout: 15_000, interval: 200 },
    );
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'publication_create'), eq(auditLog.targetId, String(made.idPublicacao))),
      );
    expect(entry).toBeDefined();
  });

  it('publishes text to groups: only their members see it; a YouTube link makes it a YouTube post', async () => {
    const made = await savedPublication(t, admin, {
      texto: `Veja o vídeo da convenção https://www.youtube.com/watch?v=dQw4w9WgXcQ ${unique('')}`,
      flMural: 'N',
      idsGrupos: `${groupIds[0]},${groupIds[2]}`,
      flPermiteComentarios: 'N',
    });
    expect(made).toMatchObject({ tipo: 5, flMural: 'N', flPermiteComentarios: 'N' });
    expect(made.grupos.map((group) => group.nome).sort()).toEqual(['Fábrica', 'Logística']);
    expect(await timelineIds(t, member)).toContain(made.idPublicacao);
    expect(await timelineIds(t, outsider)).not.toContain(made.idPublicacao);
    await vi.waitFor(
      async () =>
        expect((await publicationNotifications(t, made.idPublicacao)).map((row) => row.userId)).toEqual([
          memberId,
        ]),
      { timeout: 15_000, interval: 200 },
    );
    const text = await savedPublication(t, admin, {
      texto: unique('Só texto'),
      idsGrupos: String(groupIds[1]),
    });
    expect(text.tipo).toBe(1);
  });

  it('publishes a video with the thumbnail the screen took', async () => {
    const made = await savedPublication(t, admin, { texto: unique('Vídeo') }, [
      { name: 'video.mp4', type: 'video/mp4', body: mp4() },
      { field: 'thumbnail', name: 'thumb.png', type: 'image/png', body: await image(320, 180) },
    ]);
    expect(made.tipo).toBe(2);
    expect(made.urlMidia).toMatch(/\.mp4$/);
    expect(made.urlThumbnail).toMatch(/\.png$/);
    const thumb = await t.app.inject({ method: 'GET', url: made.urlThumbnail!, headers: { cookie: member } });
    expect(thumb.statusCode).toBe(200);
  });

  it('keeps a draft out of every timeline and notifies nobody; publishing it later does', async () => {
    const text = unique('Rascunho');
    const draft = await savedPublication(t, admin, { texto: text, acao: 'RASCUNHO' });
    expect(draft.status).toBe('Rascunho');
    expect(await timelineIds(t, member)).not.toContain(draft.idPublicacao);
    // Its author's portal timeline neither: a publication's draft lives in the administration's list.
    expect(await timelineIds(t, admin)).not.toContain(draft.idPublicacao);
    const published = await savedPublication(t, admin, {
      idPublicacao: String(draft.idPublicacao),
      texto: text,
      acao: 'PUBLICAR',
    });
    expect(published).toMatchObject({
      idPublicacao: draft.idPublicacao,
      status: 'Publicado',
      flEditado: 'N',
    });
    expect(await timelineIds(t, member)).toContain(draft.idPublicacao);
    await vi.waitFor(
      async () =>
        expect((await publicationNotifications(t, draft.idPublicacao)).length).toBe(wallAudience.length),
      { timeout: 15_000, interval: 200 },
    );
  });

  it('edits a published publication: reactions and comments stay, it is marked edited, nobody is told again', async () => {
    const made = await savedPublication(t, admin, { texto: unique('Original') });
    const { db } = t.database;
    await db
      .insert(reactions)
      .values({ companyId, postId: made.idPublicacao, userId: memberId, gestureId: 1 });
    await db
      .insert(comments)
      .values({ companyId, postId: made.idPublicacao, authorId: memberId, text: 'Boa!' });
    await vi.waitFor(
      async () =>
        expect((await publicationNotifications(t, made.idPublicacao)).length).toBe(wallAudience.length),
      { timeout: 15_000, interval: 200 },
    );
    const edited = await savedPublication(t, admin, {
      idPublicacao: String(made.idPublicacao),
      texto: 'Texto corrigido',
    });
    expect(edited).toMatchObject({
      texto: 'Texto corrigido',
      flEditado: 'S',
      qtdReacoes: 1,
      qtdComentarios: 1,
      dtPublicacao: made.dtPublicacao,
    });
    const card = await t.call('consultaPostagem', { idMensagem: made.idPublicacao }, { cookie: member });
    expect(card.json().data.postagem).toMatchObject({
      qtdReacoes: 1,
      comentarios: { qtdTotalRegistros: 1 },
      flEditado: 'S',
    });
    expect(card.json().data.postagem.textoPublicacao).toBe('Texto corrigido');
    expect((await publicationNotifications(t, made.idPublicacao)).length).toBe(wallAudience.length);
  });

  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; reactions never make it stale; without versao it saves as before (issue 27)', async () => {
    const text = unique('Versionada');
    const made = await savedPublication(t, admin, { texto: text, acao: 'RASCUNHO' });
    // A reaction changes the card, not the form: the copy stays current.
    await t.database.db
      .insert(reactions)
      .values({ companyId, postId: made.idPublicacao, userId: memberId, gestureId: 1 });
    const savedA = await savedPublication(t, admin, {
      idPublicacao: String(made.idPublicacao),
      versao: String(made.versao),
      texto: `${text} de A`,
      acao: 'RASCUNHO',
    });
    expect(savedA.versao).toBe(made.versao + 1);
    const before = await traces();
    const staleB = await savePublication(
      t,
      admin,
      {
        idPublicacao: String(made.idPublicacao),
        versao: String(made.versao),
        texto: `${text} de B`,
        acao: 'PUBLICAR',
      },
      [{ name: 'b.png', type: 'image/png', body: await image(800, 600) }],
    );
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    expect(await traces()).toEqual(before);
    const read = await t.call(
      'consultaPublicacaoAdmin',
      { idPublicacao: made.idPublicacao },
      { cookie: admin },
    );
    expect(read.json().data.publicacao).toMatchObject({
      texto: `${text} de A`,
      status: 'Rascunho',
      urlMidia: null,
      versao: made.versao + 1,
    });

    const plain = await savedPublication(t, admin, {
      idPublicacao: String(made.idPublicacao),
      texto: `${text} de B`,
      acao: 'RASCUNHO',
    });
    expect(plain).toMatchObject({ texto: `${text} de B`, versao: made.versao + 2 });
  });

  it('clears the reading confirmations when the text changes and flReconfirmarLeitura is S, keeps them otherwise', async () => {
    const made = await savedPublication(t, admin, {
      texto: unique('Política de segurança'),
      flLeituraObrigatoria: 'S',
      dtLimiteLeitura: inMinutes(60 * 24 * 7),
      diasLembreteLeitura: '2',
    });
    expect(made).toMatchObject({ flLeituraObrigatoria: 'S', diasLembreteLeitura: 2 });
    expect(made.dtLimiteLeitura).not.toBeNull();
    const { db } = t.database;
    const confirmations = () =>
      db.select().from(postReadConfirmations).where(eq(postReadConfirmations.postId, made.idPublicacao));
    await db.insert(postReadConfirmations).values([
      { companyId, postId: made.idPublicacao, userId: memberId },
      { companyId, postId: made.idPublicacao, userId: outsiderId },
    ]);
    const base = { idPublicacao: String(made.idPublicacao), flLeituraObrigatoria: 'S' };
    await savedPublication(t, admin, { ...base, texto: 'Versão 2', flReconfirmarLeitura: 'N' });
    expect(await confirmations()).toHaveLength(2);
    await savedPublication(t, admin, { ...base, texto: 'Versão 2', flReconfirmarLeitura: 'S' });
    expect(await confirmations()).toHaveLength(2);
    await savedPublication(t, admin, { ...base, texto: 'Versão 3', flReconfirmarLeitura: 'S' });
    expect(await confirmations()).toHaveLength(0);
  });
});

describe('scheduling', () => {
  it('a scheduled publication appears at its time, not before, and its audience is told once', async () => {
    const at = new Date(Date.now() + 3_000);
    const made = await savedPublication(t, admin, {
      texto: unique('Agendada'),
      acao: 'AGENDAR',
      dtAgendamento: at.toISOString(),
    });
    expect(made).toMatchObject({ status: 'Agendado', dtAgendamento: at.toISOString() });
    expect(await timelineIds(t, member)).not.toContain(made.idPublicacao);
    expect(await publicationNotifications(t, made.idPublicacao)).toEqual([]);
    expect((await list({ status: 'Agendado' })).listPublicacoes.map((row) => row.idPublicacao)).toContain(
      made.idPublicacao,
    );
    await vi.waitFor(async () => expect(await timelineIds(t, member)).toContain(made.idPublicacao), {
      timeout: 15_000,
      interval: 200,
    });
    await vi.waitFor(
      async () =>
        expect((await publicationNotifications(t, made.idPublicacao)).length).toBe(wallAudience.length),
      { timeout: 15_000, interval: 200 },
    );
    expect((await list({ status: 'Publicado' })).listPublicacoes.map((row) => row.idPublicacao)).toContain(
      made.idPublicacao,
    );
  });

  it('reschedules a scheduled publication; the old time does nothing', async () => {
    const made = await savedPublication(t, admin, {
      texto: unique('Reagendar'),
      acao: 'AGENDAR',
      dtAgendamento: new Date(Date.now() + 2_000).toISOString(),
    });
    const later = inMinutes(60);
    const moved = await t.call(
      'reagendaPublicacaoAdmin',
      { idPublicacao: made.idPublicacao, dtAgendamento: later },
      { cookie: admin },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.publicacao).toMatchObject({ status: 'Agendado', dtAgendamento: later });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await timelineIds(t, member)).not.toContain(made.idPublicacao);
    expect(await publicationNotifications(t, made.idPublicacao)).toEqual([]);
  });

  it('cancelling a schedule deletes it, keeps it as a draft, or publishes it now', async () => {
    const schedule = async () =>
      savedPublication(t, admin, {
        texto: unique('Cancelar'),
        acao: 'AGENDAR',
        dtAgendamento: inMinutes(30),
      });
    const cancel = (idPublicacao: number, acao: string) =>
      t.call('cancelaAgendamentoPublicacaoAdmin', { idPublicacao, acao }, { cookie: admin });

    const deleted = await schedule();
    const answer = await cancel(deleted.idPublicacao, 'EXCLUIR');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.publicacao).toBeNull();
    expect((await list()).listPublicacoes.map((row) => row.idPublicacao)).not.toContain(deleted.idPublicacao);

    const drafted = await schedule();
    const asDraft = await cancel(drafted.idPublicacao, 'RASCUNHO');
    expect(asDraft.json().data.publicacao).toMatchObject({ status: 'Rascunho', dtAgendamento: null });

    const now = await schedule();
    const published = await cancel(now.idPublicacao, 'PUBLICAR');
    expect(published.json().data.publicacao).toMatchObject({ status: 'Publicado' });
    expect(await timelineIds(t, member)).toContain(now.idPublicacao);
    await vi.waitFor(
      async () =>
        expect((await publicationNotifications(t, now.idPublicacao)).length).toBe(wallAudience.length),
      { timeout: 15_000, interval: 200 },
    );
  });
});

describe('consultaPublicacoesAdmin and the groups', () => {
  it('filters by status, by accent- and case-insensitive text and by group, with the counts', async () => {
    const word = Math.random().toString(36).slice(2, 8);
    const published = await savedPublication(t, admin, {
      texto: `Reunião de ${word} na FÁBRICA`,
      flMural: 'N',
      idsGrupos: String(groupIds[0]),
    });
    const draft = await savedPublication(t, admin, { texto: `Rascunho de ${word}`, acao: 'RASCUNHO' });
    await t.database.db
      .insert(reactions)
      .values({ companyId, postId: published.idPublicacao, userId: outsiderId, gestureId: 1 });
    const found = await list({ busca: `reuniao de ${word.toUpperCase()} na fabrica` });
    expect(found.listPublicacoes.map((row) => row.idPublicacao)).toEqual([published.idPublicacao]);
    expect(found.listPublicacoes[0]).toMatchObject({ qtdReacoes: 1, qtdComentarios: 0, qtdVisualizacoes: 0 });
    expect(
      (await list({ busca: word, status: 'Rascunho' })).listPublicacoes.map((row) => row.idPublicacao),
    ).toEqual([draft.idPublicacao]);
    const byGroup = await list({ idGrupo: groupIds[0] });
    expect(
      byGroup.listPublicacoes.every((row) => row.grupos.some((group) => group.idGrupo === groupIds[0])),
    ).toBe(true);
    expect(byGroup.listPublicacoes.map((row) => row.idPublicacao)).toContain(published.idPublicacao);
    // Reading needs the permission at L, and another company's list holds none of these.
    expect((await list({}, reader)).qtdTotalRegistros).toBeGreaterThan(0);
    expect((await list({}, otherAdmin)).qtdTotalRegistros).toBe(0);
  });

  it('lists the company groups for the publish screen', async () => {
    const response = await t.call('consultaGruposPublicacaoAdmin', {}, { cookie: admin });
    expect(response.statusCode).toBe(200);
    const names = (response.json().data.listGrupos as { nome: string; sigla: string }[]).map(
      (group) => group.nome,
    );
    expect(names).toEqual(['Diretoria', 'Fábrica', 'Logística', 'Todos', 'Vendas']);
  });
});

describe('bad input', () => {
  /** Sends a form that must be refused with this field message, and nothing must change. */
  async function refused(
    fields: Record<string, string>,
    files: Parameters<typeof savePublication>[3],
    field: string,
    message: string,
  ) {
    const before = await traces();
    const response = await savePublication(t, admin, fields, files);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]?.[0]).toBe(message);
    expect(await traces()).toEqual(before);
  }

  it('four groups', () =>
    refused(
      { texto: 'x', flMural: 'N', idsGrupos: groupIds.join(',') },
      [],
      'idsGrupos',
      'Selecione no máximo 3 grupos',
    ));

  it('no group and no wall', () =>
    refused(
      { texto: 'x', flMural: 'N' },
      [],
      'idsGrupos',
      'Selecione ao menos um grupo ou a opção publicar no mural',
    ));

  it('a group of another company', () =>
    refused(
      { texto: 'x', flMural: 'N', idsGrupos: String(otherGroupId) },
      [],
      'idsGrupos',
      'Grupos inválidos',
    ));

  it('an empty post', () =>
    refused(
      { texto: ' \u200b ' },
      [],
      'texto',
      'Selecione uma imagem, vídeo ou escreva uma mensagem de texto',
    ));

  it('a 700x400 and a 2000x1200 image', async () => {
    const message = 'A imagem deve ter no mínimo 750x405 e no máximo 1920x1080 pixels';
    await refused(
      { texto: 'x' },
      [{ name: 'p.png', type: 'image/png', body: await image(700, 400) }],
      'arquivo',
      message,
    );
    await refused(
      { texto: 'x' },
      [{ name: 'g.jpg', type: 'image/jpeg', body: await image(2000, 1200, 'jpeg') }],
      'arquivo',
      message,
    );
  });

  it('a GIF and a renamed file', async () => {
    const message = 'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG, MP4';
    await refused(
      { texto: 'x' },
      [{ name: 'a.gif', type: 'image/gif', body: await image(800, 450, 'gif') }],
      'arquivo',
      message,
    );
    await refused(
      { texto: 'x' },
      [{ name: 'foto.png', type: 'image/png', body: Buffer.from('%PDF-1.4\n% not a picture\n') }],
      'arquivo',
      message,
    );
  });

  it('a 61 MB video, answered like the portal: 413 with the spec message', async () => {
    const before = await traces();
    const response = await savePublication(t, admin, { texto: 'x' }, [
      { name: 'grande.mp4', type: 'video/mp4', body: mp4(61 * 1024 * 1024) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error_code: 'FILE_TOO_LARGE',
      message: 'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
    });
    expect(await traces()).toEqual(before);
  });

  it('a schedule in the past or in 10 years', async () => {
    await refused(
      { texto: 'x', acao: 'AGENDAR', dtAgendamento: inMinutes(-5) },
      [],
      'dtAgendamento',
      'Informe uma data e hora futuras',
    );
    await refused(
      { texto: 'x', acao: 'AGENDAR', dtAgendamento: inMinutes(60 * 24 * 365 * 10) },
      [],
      'dtAgendamento',
      'Agende para no máximo 365 dias à frente',
    );
    await refused({ texto: 'x', acao: 'AGENDAR' }, [], 'dtAgendamento', 'Campo obrigatório');
    const made = await savedPublication(t, admin, {
      texto: unique('x'),
      acao: 'AGENDAR',
      dtAgendamento: inMinutes(10),
    });
    const past = await t.call(
      'reagendaPublicacaoAdmin',
      { idPublicacao: made.idPublicacao, dtAgendamento: inMinutes(-1) },
      { cookie: admin },
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.dtAgendamento[0]).toBe('Informe uma data e hora futuras');
  });

  it('rescheduling a published post, and cancelling a schedule that has already fired', async () => {
    const published = await savedPublication(t, admin, { texto: unique('Já publicada') });
    const fired = await savedPublication(t, admin, {
      texto: unique('Disparou'),
      acao: 'AGENDAR',
      dtAgendamento: new Date(Date.now() + 1_500).toISOString(),
    });
    const reschedule = await t.call(
      'reagendaPublicacaoAdmin',
      { idPublicacao: published.idPublicacao, dtAgendamento: inMinutes(10) },
      { cookie: admin },
    );
    expect(reschedule.statusCode).toBe(409);
    expect(reschedule.json()).toMatchObject({
      error_code: 'PUBLICATION_ALREADY_PUBLISHED',
      message:
        'Esta publicação já foi publicada: ela não pode ser agendada, reagendada nem voltar a rascunho.',
    });
    await vi.waitFor(async () => expect(await timelineIds(t, member)).toContain(fired.idPublicacao), {
      timeout: 15_000,
      interval: 200,
    });
    const cancel = await t.call(
      'cancelaAgendamentoPublicacaoAdmin',
      { idPublicacao: fired.idPublicacao, acao: 'EXCLUIR' },
      { cookie: admin, language: 'en' },
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(
      'This publication is already published: it cannot be scheduled, rescheduled or turned back into a draft.',
    );
    expect(await timelineIds(t, member)).toContain(fired.idPublicacao);
    const draft = await savedPublication(t, admin, { texto: unique('r'), acao: 'RASCUNHO' });
    const notScheduled = await t.call(
      'reagendaPublicacaoAdmin',
      { idPublicacao: draft.idPublicacao, dtAgendamento: inMinutes(10) },
      { cookie: admin },
    );
    expect(notScheduled.json()).toMatchObject({ error_code: 'PUBLICATION_NOT_SCHEDULED' });
  });

  it("another company's publication is not found, for every call", async () => {
    const mine = await savedPublication(t, admin, {
      texto: unique('Minha'),
      acao: 'AGENDAR',
      dtAgendamento: inMinutes(20),
    });
    const id = mine.idPublicacao;
    const answers = await Promise.all([
      t.call(
        'reagendaPublicacaoAdmin',
        { idPublicacao: id, dtAgendamento: inMinutes(30) },
        { cookie: otherAdmin },
      ),
      t.call(
        'cancelaAgendamentoPublicacaoAdmin',
        { idPublicacao: id, acao: 'EXCLUIR' },
        { cookie: otherAdmin },
      ),
      t.call('excluiPublicacaoAdmin', { idPublicacao: id }, { cookie: otherAdmin }),
      savePublication(t, otherAdmin, { idPublicacao: String(id), texto: 'invadida' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().error_code).toBe('NOT_FOUND');
    }
    expect((await list({ busca: mine.texto! })).listPublicacoes[0]).toMatchObject({
      texto: mine.texto,
      status: 'Agendado',
    });
  });

  it('a reader (L) may not write', async () => {
    const response = await savePublication(t, reader, { texto: 'x' });
    expect(response.statusCode).toBe(403);
  });
});

describe('excluiPublicacaoAdmin', () => {
  it('deletes a publication of any status: it leaves the list and every timeline', async () => {
    const published = await savedPublication(t, admin, { texto: unique('Apagar') });
    const draft = await savedPublication(t, admin, { texto: unique('Apagar rascunho'), acao: 'RASCUNHO' });
    for (const made of [published, draft]) {
      const response = await t.call(
        'excluiPublicacaoAdmin',
        { idPublicacao: made.idPublicacao },
        { cookie: admin },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const ids = (await list()).listPublicacoes.map((row) => row.idPublicacao);
    expect(ids).not.toContain(published.idPublicacao);
    expect(ids).not.toContain(draft.idPublicacao);
    expect(await timelineIds(t, member)).not.toContain(published.idPublicacao);
    const again = await t.call(
      'excluiPublicacaoAdmin',
      { idPublicacao: published.idPublicacao },
      { cookie: admin },
    );
    expect(again.statusCode).toBe(404);
  });
});
