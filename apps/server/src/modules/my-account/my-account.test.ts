import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportaMeusDados, personalDataExportPath } from '@elo/contract/calls/my-account';
import {
  ChatCloseCode,
  ChatEventType,
  ChatRequestType,
  isChatErrorFrame,
  type ChatServerFrame,
} from '@elo/contract/chat';
import { downloadUrl } from '@elo/contract/define-call';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import {
  accountDeletionRequests,
  auditLog,
  catalogItems,
  companies,
  gestures,
  groupMembers,
  notificationPreferences,
  savedPosts,
  sessions,
  surveyQuestions,
  userPermissions,
  users,
} from '../../db/schema/all.ts';
import { waitForJobOutcome } from '../../platform/jobs-testing.ts';
import { ChatClient, listenForChat, signInForChat } from '../../test/chat-client.ts';
import { factoryPassword, makeCompany, makePerson, type MadePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let chatUrl: string;
let company: Awaited<ReturnType<typeof makeCompany>>;
let other: Awaited<ReturnType<typeof makeCompany>>;
let masterCookie: string;
let otherMasterCookie: string;
const sockets: ChatClient[] = [];

const signIn = (person: MadePerson) => t.signIn(person.email, factoryPassword);
const employee = (name?: string) =>
  makePerson(t.database.db, {
    companyId: company.companyId,
    name,
    permissions: employeePermissions,
    groupIds: [company.defaultGroupId],
    canPost: true,
  });
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  chatUrl = await listenForChat(t);
  company = await makeCompany(t.database.db, { maxPostChars: 200 });
  other = await makeCompany(t.database.db);
  masterCookie = await signIn(company.master);
  otherMasterCookie = await signIn(other.master);
}, 120_000);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t.close());

/** Opens the person's chat socket the way the portal does and waits until it is answered. */
async function openChat(email: string) {
  const user = await signInForChat(t, email, factoryPassword);
  const socket = await ChatClient.connect(chatUrl, user.tokenChat);
  sockets.push(socket);
  socket.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  await socket.waitFor((frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence);
  return { user, socket };
}

const newMessage = (text: string) => (frame: ChatServerFrame) =>
  !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.newMessage && frame.mensagem === text;

let sequence = 0;

/** Sends a chat text from one person to another and waits until it is stored. */
async function chatTo(socket: ChatClient, otherId: number, text: string) {
  const from = socket.frames.length;
  socket.send({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: otherId });
  const room = await socket.waitFor(
    (frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.roomChanged,
    { from },
  );
  const idSala = (room as { idSala: number }).idSala;
  socket.send({
    idTipo: ChatRequestType.send,
    idSala,
    idMensagemCliente: `t-${Date.now()}-${(sequence += 1)}`,
    mensagem: text,
  });
  await socket.waitFor(newMessage(text));
}

async function publish(cookie: string, text: string) {
  const answer = await t.callMultipart('publicaPostagemTimeline', {
    cookie,
    fields: {
      textoPublicacao: text,
      idAppTipoMensagem: '1',
      idsGrupos: String(company.defaultGroupId),
      flPermiteComentarios: 'S',
      flRascunho: 'N',
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.postagem.idMensagem as number;
}

async function exportOf(cookie: string) {
  return t.app.inject({ method: 'GET', url: personalDataExportPath, headers: { cookie } });
}

async function requestsOf(userId: number) {
  return t.database.db
    .select({ status: accountDeletionRequests.status })
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.userId, userId));
}

describe('Minha conta: the person’s own profile', () => {
  it('shows the profile as the company keeps it, with catalogue names and what may be changed', async () => {
    const person = await employee('Helena Prado');
    const [sector] = await t.database.db
      .insert(catalogItems)
      .values({ companyId: company.companyId, kind: 'SETOR', name: 'Financeiro' })
      .returning({ id: catalogItems.id });
    await t.database.db
      .update(users)
      .set({ sectorId: sector!.id, matricula: 'M-77', birthDate: '1990-04-12' })
      .where(eq(users.id, person.id));
    const answer = await t.call('consultaMinhaConta', {}, { cookie: await signIn(person) });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.conta).toMatchObject({
      idUsuario: person.id,
      nome: 'Helena Prado',
      email: person.email,
      matricula: 'M-77',
      dtNascimento: '1990-04-12',
      setor: 'Financeiro',
      camposEditaveis: ['TEXTO_PERFIL', 'FOTO'],
      solicitacaoExclusao: null,
    });
  });

  it('changes the fields the company allows and refuses the others with 403', async () => {
    const person = await employee();
    const cookie = await signIn(person);
    const saved = await t.call('salvaMinhaConta', { textoPerfil: 'Gosto de trilhas' }, { cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.conta.textoPerfil).toBe('Gosto de trilhas');

    const refused = await t.call('salvaMinhaConta', { celular: '11987654321' }, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: 'FORBIDDEN' });

    await t.database.db
      .update(companies)
      .set({ selfEditableFields: ['CELULAR'] })
      .where(eq(companies.id, company.companyId));
    try {
      const phone = await t.call('salvaMinhaConta', { celular: '(11) 98765-4321' }, { cookie });
      expect(phone.json().data.conta.celular).toBe('11987654321');
      const text = await t.call('salvaMinhaConta', { textoPerfil: 'outro' }, { cookie });
      expect(text.statusCode).toBe(403);
      const photo = await t.callMultipart('enviaFotoMinhaConta', {
        cookie,
        files: [{ name: 'eu.png', type: 'image/png', body: await png(50, 50) }],
      });
      expect(photo.statusCode).toBe(403);
    } finally {
      await t.database.db
        .update(companies)
        .set({ selfEditableFields: ['TEXTO_PERFIL', 'FOTO'] })
        .where(eq(companies.id, company.companyId));
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ profileText: 'Gosto de trilhas', mobilePhone: '11987654321' });
    const entries = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, person.id), eq(auditLog.action, 'own_profile_update')));
    expect(entries).toHaveLength(2);
  });

  it('crops an uploaded photo to its centred square, replaces the old file, and refuses what is not an image', async () => {
    const person = await employee();
    const cookie = await signIn(person);
    const send = async (body: Buffer, name = 'foto.png', type = 'image/png') =>
      t.callMultipart('enviaFotoMinhaConta', { cookie, files: [{ name, type, body }] });
    const first = await send(await png(600, 300));
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl: string = first.json().data.urlFoto;
    const firstFile = path.join(t.dataDir, 'media', firstUrl.replace('/backend/midia/', ''));
    const size = await sharp(firstFile).metadata();
    expect([size.width, size.height]).toEqual([400, 400]);

    const second = await send(await png(200, 500));
    expect(second.statusCode).toBe(200);
    expect(existsSync(firstFile)).toBe(false);
    const account = await t.call('consultaMinhaConta', {}, { cookie });
    expect(account.json().data.conta.urlFoto).toBe(second.json().data.urlFoto);

    const text = await send(Buffer.from('não sou imagem'), 'foto.png', 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([
      'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
    ]);
    const none = await t.callMultipart('enviaFotoMinhaConta', { cookie, fields: {} });
    expect(none.statusCode).toBe(422);
  });
});

describe('deletion requests', () => {
  it('lets a person ask once, see the open request, and withdraw it', async () => {
    const person = await employee();
    const cookie = await signIn(person);
    const asked = await t.call('solicitaExclusaoConta', { comentario: 'Saí da empresa' }, { cookie });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe('PENDENTE');

    const again = await t.call('solicitaExclusaoConta', { comentario: 'De novo' }, { cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error_code: 'DELETION_REQUEST_OPEN',
      message: 'Você já tem uma solicitação de exclusão de conta em andamento.',
    });
    const empty = await t.call('solicitaExclusaoConta', { comentario: '  ' }, { cookie });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.comentario).toEqual(['Campo obrigatório']);

    const account = await t.call('consultaMinhaConta', {}, { cookie });
    expect(account.json().data.conta.solicitacaoExclusao).toMatchObject({
      idSolicitacao: asked.json().data.idSolicitacao,
      comentario: 'Saí da empresa',
      status: 'PENDENTE',
    });

    const withdrawn = await t.call('retiraSolicitacaoExclusaoConta', {}, { cookie });
    expect(withdrawn.statusCode).toBe(200);
    expect(
      (await t.call('consultaMinhaConta', {}, { cookie })).json().data.conta.solicitacaoExclusao,
    ).toBeNull();
    expect((await t.call('retiraSolicitacaoExclusaoConta', {}, { cookie })).statusCode).toBe(404);
    // A new request may be made once the old one is closed.
    const renewed = await t.call('solicitaExclusaoConta', { comentario: 'Mudei de ideia' }, { cookie });
    expect(renewed.statusCode).toBe(200);
    expect((await requestsOf(person.id)).map((row) => row.status).sort()).toEqual(['CANCELADA', 'PENDENTE']);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, person.id));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['deletion_request_create', 'deletion_request_withdraw']),
    );
  });

  it('refuses a request from the company’s master user, whose account is the company', async () => {
    const refused = await t.call(
      'solicitaExclusaoConta',
      { comentario: 'Fechar a empresa' },
      { cookie: masterCookie },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error_code: 'DELETION_MASTER_REFUSED',
      message: 'A conta do usuário master da empresa não pode ser excluída.',
    });
    expect(await requestsOf(company.master.id)).toEqual([]);
  });

  it('lists the company’s requests to the administration, filtered by status, and cancels one', async () => {
    const person = await employee('Otávio Reis');
    const cookie = await signIn(person);
    const asked = await t.call('solicitaExclusaoConta', { comentario: 'Quero sair do portal' }, { cookie });
    const id: number = asked.json().data.idSolicitacao;

    const list = await t.call(
      'consultaSolicitacoesExclusaoAdmin',
      { status: 'PENDENTE' },
      { cookie: masterCookie },
    );
    expect(list.statusCode, list.body).toBe(200);
    const mine = list
      .json()
      .data.listSolicitacoes.find((row: { idSolicitacao: number }) => row.idSolicitacao === id);
    expect(mine).toMatchObject({
      usuario: { idUsuario: person.id, nome: 'Otávio Reis', email: person.email },
      comentario: 'Quero sair do portal',
      status: 'PENDENTE',
      dtDecisao: null,
    });

    const cancelled = await t.call(
      'cancelaSolicitacaoExclusaoAdmin',
      { idSolicitacao: id },
      { cookie: masterCookie },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.solicitacao).toMatchObject({
      status: 'CANCELADA',
      nomeResponsavel: 'Mestre da Empresa',
    });
    const twice = await t.call(
      'cancelaSolicitacaoExclusaoAdmin',
      { idSolicitacao: id },
      { cookie: masterCookie },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error_code).toBe('DELETION_REQUEST_CLOSED');
    const force = await t.call(
      'efetivaSolicitacaoExclusaoAdmin',
      { idSolicitacao: id },
      { cookie: masterCookie },
    );
    expect(force.json().error_code).toBe('DELETION_REQUEST_CLOSED');

    const pending = await t.call(
      'consultaSolicitacoesExclusaoAdmin',
      { status: 'PENDENTE' },
      { cookie: masterCookie },
    );
    expect(
      pending.json().data.listSolicitacoes.map((row: { idSolicitacao: number }) => row.idSolicitacao),
    ).not.toContain(id);
    const cancelledList = await t.call(
      'consultaSolicitacoesExclusaoAdmin',
      { status: 'CANCELADA' },
      { cookie: masterCookie },
    );
    expect(
      cancelledList.json().data.listSolicitacoes.map((row: { idSolicitacao: number }) => row.idSolicitacao),
    ).toContain(id);
    // The person is untouched and may still sign in.
    expect((await t.call('consultaMinhaConta', {}, { cookie })).statusCode).toBe(200);
  });

  it('keeps each company’s requests to itself', async () => {
    const person = await employee();
    const asked = await t.call(
      'solicitaExclusaoConta',
      { comentario: 'Segredo da empresa A' },
      {
        cookie: await signIn(person),
      },
    );
    const id: number = asked.json().data.idSolicitacao;
    const list = await t.call('consultaSolicitacoesExclusaoAdmin', {}, { cookie: otherMasterCookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('Segredo da empresa A');
    for (const name of ['cancelaSolicitacaoExclusaoAdmin', 'efetivaSolicitacaoExclusaoAdmin']) {
      const answer = await t.call(name, { idSolicitacao: id }, { cookie: otherMasterCookie });
      expect(answer.statusCode, name).toBe(404);
    }
    expect(await requestsOf(person.id)).toEqual([{ status: 'PENDENTE' }]);
  });

  it('refuses the requests to a read-only users administrator’s changes, but shows them', async () => {
    const reader = await makePerson(t.database.db, {
      companyId: company.companyId,
      administrator: { [AdminPermission.users]: 'L' },
    });
    const cookie = await signIn(reader);
    expect((await t.call('consultaSolicitacoesExclusaoAdmin', {}, { cookie })).statusCode).toBe(200);
    expect(
      (await t.call('cancelaSolicitacaoExclusaoAdmin', { idSolicitacao: 1 }, { cookie })).statusCode,
    ).toBe(403);
  });
});

describe('a forced deletion', () => {
  it(
    'ends the person’s sessions and sockets at once, then erases their data for good',
    { timeout: 60_000 },
    async () => {
      const person = await employee('Rita Campos');
      const witness = await employee('Paulo Lima');
      const cookie = await signIn(person);
      const witnessCookie = await signIn(witness);
      const photo = await t.callMultipart('enviaFotoMinhaConta', {
        cookie,
        files: [{ name: 'eu.png', type: 'image/png', body: await png(120, 120) }],
      });
      const photoFile = path.join(
        t.dataDir,
        'media',
        photo.json().data.urlFoto.replace('/backend/midia/', ''),
      );
      expect(existsSync(photoFile)).toBe(true);
      await t.call('salvaMinhaConta', { textoPerfil: 'Texto de perfil da Rita' }, { cookie });
      await t.database.db
        .update(users)
        .set({
          matricula: 'R-1',
          mobilePhone: '11912345678',
          birthDate: '1985-01-02',
          admissionDate: '2020-05-01',
        })
        .where(eq(users.id, person.id));
      const postId = await publish(cookie, 'Publicação da Rita');
      const steps = await Promise.all([
        t.call('insereComentario', { idMensagem: postId, texto: 'Comentário da Rita' }, { cookie }),
        t.call('salvaPostagem', { idMensagem: postId, flSalva: 'S' }, { cookie }),
        t.call(
          'salvaPreferenciasNotificacao',
          { listPreferencias: [{ tipo: 'COMENTARIO_POSTAGEM', flNoApp: 'N', email: 'NENHUM' }] },
          { cookie },
        ),
      ]);
      expect(steps.map((step) => step.statusCode)).toEqual([200, 200, 200]);
      const { socket } = await openChat(person.email);
      await chatTo(socket, witness.id, 'Mensagem da Rita');

      const asked = await t.call('solicitaExclusaoConta', { comentario: 'Apaguem tudo' }, { cookie });
      const id: number = asked.json().data.idSolicitacao;
      const forced = await t.call(
        'efetivaSolicitacaoExclusaoAdmin',
        { idSolicitacao: id },
        { cookie: masterCookie },
      );
      expect(forced.statusCode, forced.body).toBe(200);
      expect(forced.json().data.solicitacao.status).toBe('EM_EXCLUSAO');

      // At once: the socket closes, the session no longer answers, sign-in is refused.
      expect((await socket.waitForClose(10_000)).code).toBe(ChatCloseCode.session);
      expect((await t.call('consultaMinhaConta', {}, { cookie })).statusCode).toBe(401);
      const refused = await t.call('doLogin', { login: person.email, senha: factoryPassword });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(
        (
          await t.call('efetivaSolicitacaoExclusaoAdmin', { idSolicitacao: id }, { cookie: masterCookie })
        ).json().error_code,
      ).toBe('DELETION_REQUEST_CLOSED');

      await expect
        .poll(async () => (await requestsOf(person.id))[0]?.status, { timeout: 30_000, interval: 200 })
        .toBe('EXCLUIDA');
      const [row] = await t.database.db.select().from(users).where(eq(users.id, person.id));
      expect(row).toMatchObject({
        name: 'Usuário removido',
        email: null,
        matricula: null,
        mobilePhone: null,
        birthDate: null,
        admissionDate: null,
        profileText: null,
        photoKey: null,
        sectorId: null,
        active: false,
      });
      expect(row!.deletedAt).not.toBeNull();
      expect(row!.passwordHash.startsWith('$argon2')).toBe(false);
      // The files leave storage just after the erasure's transaction commits.
      await expect.poll(() => existsSync(photoFile), { timeout: 10_000 }).toBe(false);
      const leftovers = await Promise.all([
        t.database.db.select().from(groupMembers).where(eq(groupMembers.userId, person.id)),
        t.database.db.select().from(userPermissions).where(eq(userPermissions.userId, person.id)),
        t.database.db.select().from(sessions).where(eq(sessions.userId, person.id)),
        t.database.db.select().from(savedPosts).where(eq(savedPosts.userId, person.id)),
        t.database.db
          .select()
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, person.id)),
      ]);
      expect(leftovers.map((rows) => rows.length)).toEqual([0, 0, 0, 0, 0]);
      const refusedAfter = await t.call('doLogin', { login: person.email, senha: factoryPassword });
      expect(refusedAfter.statusCode).toBe(401);

      // What they wrote stays, from 'Usuário removido'.
      const seen = await t.call('consultaPostagem', { idMensagem: postId }, { cookie: witnessCookie });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.body).toContain('Usuário removido');
      expect(seen.body).not.toContain('Rita Campos');
      expect(seen.body).toContain('Publicação da Rita');
      expect(seen.body).toContain('Comentário da Rita');

      const audit = await t.database.db
        .select({ action: auditLog.action, actor: auditLog.actorUserId })
        .from(auditLog)
        .where(eq(auditLog.companyId, company.companyId));
      expect(audit).toEqual(
        expect.arrayContaining([
          { action: 'deletion_request_force', actor: company.master.id },
          { action: 'account_deleted', actor: company.master.id },
        ]),
      );

      // The job is safe to run again: nothing changes, nothing fails.
      const again = await t.app.jobs.send('erase-account', {
        companyId: company.companyId,
        requestId: id,
        userId: person.id,
        actorUserId: company.master.id,
      });
      expect(await waitForJobOutcome(t.app.jobs, 'erase-account', again!)).toBe('completed');
      const [after] = await t.database.db.select().from(users).where(eq(users.id, person.id));
      expect(after).toEqual(row);
      const deletedEntries = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, company.companyId), eq(auditLog.action, 'account_deleted')));
      expect(deletedEntries.filter((entry) => entry.targetId === String(person.id))).toHaveLength(1);
    },
  );

  it('re-runs an interrupted erasure to the end', { timeout: 60_000 }, async () => {
    const person = await employee('Beto Nunes');
    const asked = await t.call(
      'solicitaExclusaoConta',
      { comentario: 'Tchau' },
      { cookie: await signIn(person) },
    );
    const id: number = asked.json().data.idSolicitacao;
    // As if the force had committed and the job had not run yet (or had failed half-way).
    await t.database.db
      .update(accountDeletionRequests)
      .set({ status: 'EM_EXCLUSAO' })
      .where(eq(accountDeletionRequests.id, id));
    const job = {
      companyId: company.companyId,
      requestId: id,
      userId: person.id,
      actorUserId: company.master.id,
    };
    const first = await t.app.jobs.send('erase-account', job);
    const second = await t.app.jobs.send('erase-account', job);
    expect(await waitForJobOutcome(t.app.jobs, 'erase-account', first!)).toBe('completed');
    expect(await waitForJobOutcome(t.app.jobs, 'erase-account', second!)).toBe('completed');
    expect(await requestsOf(person.id)).toEqual([{ status: 'EXCLUIDA' }]);
    const [row] = await t.database.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, person.id));
    expect(row).toEqual({ name: 'Usuário removido', email: null });
  });
});

describe('the personal data export', () => {
  it('is declared in the contract at its address', () => {
    expect(downloadUrl(exportaMeusDados, { formato: 'json' })).toBe(personalDataExportPath);
  });

  it('holds every kind of the person’s data and nothing of anyone else', { timeout: 60_000 }, async () => {
    const person = await employee('Lia Souza');
    const peer = await employee('Caio Dias');
    const cookie = await signIn(person);
    const peerCookie = await signIn(peer);
    await t.call('salvaMinhaConta', { textoPerfil: 'Perfil da Lia' }, { cookie });
    const own = await publish(cookie, 'Post da Lia');
    const peers = await publish(peerCookie, 'Post do Caio');
    await t.call('insereComentario', { idMensagem: peers, texto: 'Comentário da Lia' }, { cookie });
    await t.call(
      'insereComentario',
      { idMensagem: own, texto: 'Comentário do Caio' },
      { cookie: peerCookie },
    );
    await t.database.db
      .insert(gestures)
      .values({ id: 1, code: 'CURTIR', svgPath: 'M0 0h1v1H0z' })
      .onConflictDoNothing();
    const reacted = await t.call('reagePostagem', { idMensagem: peers, idGesto: 1 }, { cookie });
    expect(reacted.statusCode, reacted.body).toBe(200);

    const lia = await openChat(person.email);
    const caio = await openChat(peer.email);
    await chatTo(lia.socket, peer.id, 'Oi Caio, aqui é a Lia');
    await chatTo(caio.socket, person.id, 'Resposta secreta do Caio');

    const survey = async (anonymous: boolean, title: string, answer: string) => {
      const saved = await t.call(
        'salvaPesquisa',
        {
          titulo: title,
          descricao: title,
          corPrincipal: '#0f766e',
          corFundo: '#ffffff',
          idsGrupos: [company.defaultGroupId],
          dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
          dtFimPesquisa: new Date(Date.now() + 86_400_000).toISOString(),
          limitarAUmaResposta: true,
          desabilitarSalvamentoAutomatico: false,
          flAnonima: anonymous ? 'S' : 'N',
          flQuiz: 'N',
          questoes: [{ titulo: `Pergunta de ${title}`, tipoQuestao: 1 }],
        },
        { cookie: masterCookie },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const idPesquisa: number = saved.json().data.pesquisa.idPesquisa;
      expect((await t.call('publicaPesquisa', { idPesquisa }, { cookie: masterCookie })).statusCode).toBe(
        200,
      );
      const [question] = await t.database.db
        .select({ id: surveyQuestions.id })
        .from(surveyQuestions)
        .where(eq(surveyQuestions.surveyId, idPesquisa));
      const started = await t.call('inicializaRespostaPesquisa', { idPesquisa }, { cookie });
      expect(started.statusCode, started.body).toBe(200);
      const idAplicacao: number = started.json().data.idAplicacao;
      const answered = await t.call(
        'salvaRespostasDaPesquisa',
        { idPesquisa, idAplicacao, respostas: [{ idPesquisaQuestao: question!.id, resposta: answer }] },
        { cookie },
      );
      expect(answered.statusCode, answered.body).toBe(200);
      expect(
        (await t.call('finalizaRespostaPesquisa', { idPesquisa, idAplicacao }, { cookie })).statusCode,
      ).toBe(200);
    };
    await survey(false, 'Clima nominal', 'Resposta nominal da Lia');
    await survey(true, 'Clima anônimo', 'Resposta anônima da Lia');

    const answer = await exportOf(cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="meus-dados.json"');
    expect(answer.headers['cache-control']).toContain('no-store');
    const data = answer.json();
    expect(data.perfil).toMatchObject({
      idUsuario: person.id,
      nome: 'Lia Souza',
      email: person.email,
      textoPerfil: 'Perfil da Lia',
    });
    expect(data.grupos).toEqual([
      expect.objectContaining({ idGrupo: company.defaultGroupId, nome: 'Todos' }),
    ]);
    expect(data.publicacoes).toEqual([expect.objectContaining({ idMensagem: own, texto: 'Post da Lia' })]);
    expect(data.comentarios).toEqual([
      expect.objectContaining({ idMensagem: peers, texto: 'Comentário da Lia' }),
    ]);
    expect(data.reacoes).toEqual([expect.objectContaining({ idMensagem: peers, gesto: 'CURTIR' })]);
    expect(data.mensagensChat).toEqual([expect.objectContaining({ texto: 'Oi Caio, aqui é a Lia' })]);
    expect(data.respostasPesquisas).toEqual([
      expect.objectContaining({
        tituloPesquisa: 'Clima nominal',
        respostas: [{ pergunta: 'Pergunta de Clima nominal', resposta: 'Resposta nominal da Lia' }],
      }),
    ]);
    expect(data.chamadosRH.itens).toEqual([]);
    expect(data.chamadosRH.observacao).toMatch(/RH/);
    for (const foreign of [
      'Caio Dias',
      'Post do Caio',
      'Comentário do Caio',
      'Resposta secreta do Caio',
      'Resposta anônima da Lia',
      peer.email,
    ]) {
      expect(answer.body, foreign).not.toContain(foreign);
    }
  });

  it('needs a session, and gives each person only their own', async () => {
    expect((await t.app.inject({ method: 'GET', url: personalDataExportPath })).statusCode).toBe(401);
    const answer = await exportOf(otherMasterCookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().perfil.idUsuario).toBe(other.master.id);
    expect(answer.body).not.toContain(company.master.email);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/backend/minha-conta/exportacao.csv',
      headers: { cookie: otherMasterCookie },
    });
    expect(csv.statusCode).toBe(404);
  });
});
