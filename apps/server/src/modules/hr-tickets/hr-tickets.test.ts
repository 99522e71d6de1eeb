import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Chamado, ChamadoAdmin, ChamadoResumo } from '@elo/contract/calls/hr-tickets';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { hrTickets, notifications } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  answerTicket,
  assignToAdmin,
  attachment,
  eventually,
  executable,
  makeSubject,
  openedTicket,
  openTicket,
  outboxMails,
  pdf,
  png,
  ticketAudits,
  ticketTraces,
} from './test-support.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const subjects: Record<string, number> = {};
let picture: Buffer;

const hrPortal = { [AdminPermission.hrPortal]: 'E' } as const;

async function call<T>(name: string, body: unknown, who: string, status = 200): Promise<T> {
  const response = await t.call(name, body, { cookie: cookies[who] });
  expect(response.statusCode, `${name} as ${who}: ${response.body}`).toBe(status);
  return response.json().data as T;
}

const showAsEmployee = (ticketId: number, who: string) =>
  call<{ chamado: Chamado }>('consultaChamado', { idChamado: ticketId }, who).then((data) => data.chamado);
const showAsHr = (ticketId: number, who: string) =>
  call<{ chamado: ChamadoAdmin; mensagens: { texto: string; flNotaInterna: 'S' | 'N' }[] }>(
    'consultaChamadoAdmin',
    { idChamado: ticketId },
    who,
  );
const hrList = async (who: string, filter: Record<string, unknown> = {}) =>
  (
    await call<{ listChamados: ChamadoAdmin[]; qtdTotalRegistros: number }>(
      'consultaChamadosAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 100, ...filter },
      who,
    )
  ).listChamados;
const unreadCount = async (who: string) =>
  (await call<{ qtdChamadosComMensagemNaoLida: number }>('recuperaDadosUsuarioLogado', {}, who))
    .qtdChamadosComMensagemNaoLida;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  picture = await png();
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  const office = await makeGroup(db, { companyId, name: 'Escritório' });
  const plant = await makeGroup(db, { companyId, name: 'Fábrica' });
  subjects.ferias = await makeSubject(db, {
    companyId,
    name: 'Férias',
    firstResponseHours: 8,
    resolutionHours: 40,
  });
  subjects.beneficios = await makeSubject(db, { companyId, name: 'Benefícios', firstResponseHours: 8 });
  subjects.denuncia = await makeSubject(db, {
    companyId,
    name: 'Denúncia',
    confidential: true,
    firstResponseHours: 4,
    resolutionHours: 24,
  });
  subjects.antigo = await makeSubject(db, { companyId, name: 'Assunto antigo', active: false });
  subjects.alheio = await makeSubject(db, { companyId: otherCompanyId, name: 'Férias' });

  const people = {
    maria: await makePerson(db, {
      companyId,
      name: 'Maria Conceição',
      permissions: employeePermissions,
      groupIds: [company.defaultGroupId, office],
    }),
    joao: await makePerson(db, {
      companyId,
      name: 'João Prensa',
      permissions: employeePermissions,
      groupIds: [company.defaultGroupId, plant],
    }),
    rhAll: await makePerson(db, { companyId, name: 'Ana RH Geral', administrator: hrPortal }),
    rhFerias: await makePerson(db, { companyId, name: 'Bruno RH Férias', administrator: hrPortal }),
    rhPlant: await makePerson(db, { companyId, name: 'Carla RH Fábrica', administrator: hrPortal }),
    rhComplaints: await makePerson(db, { companyId, name: 'Davi RH Denúncias', administrator: hrPortal }),
    rhReader: await makePerson(db, {
      companyId,
      name: 'Eva RH Leitura',
      administrator: { [AdminPermission.hrPortal]: 'L' },
    }),
    outsider: await makePerson(db, { companyId: otherCompanyId, permissions: employeePermissions }),
  };
  await assignToAdmin(db, { companyId, userId: people.rhFerias.id, subjectIds: [subjects.ferias!] });
  await assignToAdmin(db, { companyId, userId: people.rhPlant.id, groupIds: [plant] });
  await assignToAdmin(db, { companyId, userId: people.rhComplaints.id, subjectIds: [subjects.denuncia!] });
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.id;
    cookies[name] = await t.signIn(person.email, factoryPassword);
  }
  ids.master = company.master.id;
  cookies.master = await t.signIn(company.master.email, factoryPassword);
  cookies.otherMaster = await t.signIn(other.master.email, factoryPassword);
}, 120_000);
afterAll(() => t.close());

describe('abreChamado', () => {
  it('opens a ticket with a PDF and an image: a protocol of the year, the first message with its files, audited', async () => {
    const year = new Date().getFullYear();
    const first = await openedTicket(
      t,
      cookies.maria!,
      { idAssunto: subjects.ferias!, mensagem: 'Quero marcar minhas férias de janeiro.' },
      [attachment('atestado.pdf', 'application/pdf', pdf()), attachment('escala.png', 'image/png', picture)],
    );
    const second = await openedTicket(t, cookies.joao!, {
      idAssunto: subjects.beneficios!,
      mensagem: 'Vale-transporte',
    });
    expect(first.protocolo).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(Number(second.protocolo.slice(5))).toBe(Number(first.protocolo.slice(5)) + 1);

    const ticket = await showAsEmployee(first.idChamado, 'maria');
    expect(ticket).toMatchObject({
      protocolo: first.protocolo,
      assunto: 'Férias',
      status: 'ABERTO',
      flMensagemNaoLida: 'N',
      flPodeAvaliar: 'N',
      nota: null,
    });
    expect(ticket.mensagens).toHaveLength(1);
    expect(ticket.mensagens[0]).toMatchObject({ flRh: 'N', texto: 'Quero marcar minhas férias de janeiro.' });
    expect(ticket.mensagens[0]!.anexos.map((file) => [file.nome, file.tipo])).toEqual([
      ['atestado.pdf', 'application/pdf'],
      ['escala.png', 'image/png'],
    ]);
    expect((await ticketAudits(t, first.idChamado)).map((entry) => entry.action)).toEqual(['hr_ticket_open']);

    const { listChamados } = await call<{ listChamados: ChamadoResumo[] }>(
      'consultaChamados',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 10 },
      'maria',
    );
    expect(listChamados.map((entry) => entry.idChamado)).toContain(first.idChamado);
    expect(listChamados.map((entry) => entry.idChamado)).not.toContain(second.idChamado);
  });

  it('refuses an unknown, another company’s or inactive subject, an empty message, a sixth file and an executable renamed .pdf, writing nothing', async () => {
    const before = await ticketTraces(t, companyId);
    const refusals: [Parameters<typeof openTicket>[2], Parameters<typeof openTicket>[3], string, string][] = [
      [{ idAssunto: 999_999, mensagem: 'Olá' }, [], 'idAssunto', 'Selecione um assunto disponível'],
      [{ idAssunto: subjects.alheio!, mensagem: 'Olá' }, [], 'idAssunto', 'Selecione um assunto disponível'],
      [{ idAssunto: subjects.antigo!, mensagem: 'Olá' }, [], 'idAssunto', 'Selecione um assunto disponível'],
      [{ idAssunto: subjects.ferias!, mensagem: '   ' }, [], 'mensagem', 'Campo obrigatório'],
      [
        { idAssunto: subjects.ferias!, mensagem: 'Seis arquivos' },
        Array.from({ length: 6 }, (_, index) => attachment(`doc${index}.pdf`, 'application/pdf', pdf())),
        'anexos',
        'Envie no máximo 5 arquivo(s) de uma vez',
      ],
      [
        { idAssunto: subjects.ferias!, mensagem: 'Segue o comprovante' },
        [attachment('comprovante.pdf', 'application/pdf', executable())],
        'anexos',
        'Arquivo inválido. Os formatos de arquivo válidos são PDF, PNG, JPG e JPEG',
      ],
      [
        { idAssunto: subjects.ferias!, mensagem: 'Grande demais' },
        [attachment('grande.pdf', 'application/pdf', pdf(10 * 1024 * 1024 + 1))],
        'anexos',
        'Arquivo inválido. O limite de tamanho de cada arquivo é 10MB',
      ],
    ];
    for (const [fields, files, field, message] of refusals) {
      const response = await openTicket(t, cookies.maria!, fields, files);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await ticketTraces(t, companyId)).toEqual(before);
  });
});

describe('the conversation between the employee and HR', () => {
  it('an answer reaches the requester: unread count, bell, e-mail with the /appportal link; reading clears it; internal notes stay with HR', async () => {
    const { idChamado, protocolo } = await openedTicket(t, cookies.maria!, {
      idAssunto: subjects.ferias!,
      mensagem: 'Posso dividir as férias em três períodos?',
    });
    const unreadBefore = await unreadCount('maria');

    const note = await answerTicket(t, cookies.rhFerias!, {
      idChamado,
      mensagem: 'Verificar o saldo dela antes de responder.',
      flNotaInterna: 'S',
    });
    expect(note.statusCode, note.body).toBe(200);
    // A note is not a first response and tells the employee nothing.
    expect(note.json().data.chamado).toMatchObject({ status: 'ABERTO', dtPrimeiraResposta: null });
    expect(await unreadCount('maria')).toBe(unreadBefore);

    const answered = await answerTicket(
      t,
      cookies.rhFerias!,
      { idChamado, mensagem: 'Pode sim, com um dos períodos de no mínimo 14 dias.' },
      [attachment('politica.pdf', 'application/pdf', pdf())],
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.chamado.status).toBe('EM_ANDAMENTO');
    expect(answered.json().data.chamado.dtPrimeiraResposta).not.toBeNull();
    expect(await unreadCount('maria')).toBe(unreadBefore + 1);

    const { listNotificacoes } = await call<{ listNotificacoes: { tipo: string; link: string | null }[] }>(
      'consultaNotificacoes',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 50 },
      'maria',
    );
    expect(listNotificacoes).toContainEqual(
      expect.objectContaining({ tipo: 'CHAMADO_RESPOSTA', link: `/painel/fale-rh?idChamado=${idChamado}` }),
    );
    const mail = await eventually(async () =>
      (await outboxMails(t)).find((entry) => entry.text.includes(`/appportal?idChamado=${idChamado}`)),
    );
    expect(mail.subject).toBe(`Chamado ${protocolo}: o RH respondeu`);
    // The e-mail never carries the conversation.
    expect(mail.text).not.toContain('14 dias');

    const listed = await call<{ listChamados: ChamadoResumo[] }>(
      'consultaChamados',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 50 },
      'maria',
    );
    expect(listed.listChamados[0]).toMatchObject({ idChamado, flMensagemNaoLida: 'S' });

    const seen = await showAsEmployee(idChamado, 'maria');
    expect(seen.mensagens.map((message) => [message.flRh, message.texto])).toEqual([
      ['N', 'Posso dividir as férias em três períodos?'],
      ['S', 'Pode sim, com um dos períodos de no mínimo 14 dias.'],
    ]);
    expect(JSON.stringify(seen)).not.toContain('saldo dela');
    expect(await unreadCount('maria')).toBe(unreadBefore);

    const hr = await showAsHr(idChamado, 'rhFerias');
    expect(hr.mensagens.map((message) => message.flNotaInterna)).toEqual(['N', 'S', 'N']);

    // Her data export (LGPD) carries the ticket as she sees it, without HR's internal note.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/backend/minha-conta/exportacao.json',
      headers: { cookie: cookies.maria! },
    });
    expect(exported.statusCode).toBe(200);
    const { chamadosRH } = exported.json() as {
      chamadosRH: { itens: { idChamado: number; mensagens: { texto: string; anexos: string[] }[] }[] };
    };
    const mine = chamadosRH.itens.find((item) => item.idChamado === idChamado)!;
    expect(mine.mensagens.map((message) => message.texto)).toEqual([
      'Posso dividir as férias em três períodos?',
      'Pode sim, com um dos períodos de no mínimo 14 dias.',
    ]);
    expect(mine.mensagens[1]!.anexos).toEqual(['politica.pdf']);
    expect(exported.body).not.toContain('saldo dela');
  });

  it('a ticket waiting for the employee goes back to HR when they write; a resolved one reopens within seven days; later, and closed, it refuses', async () => {
    const { idChamado } = await openedTicket(t, cookies.maria!, {
      idAssunto: subjects.ferias!,
      mensagem: 'Minhas férias foram aprovadas?',
    });
    const waiting = await answerTicket(t, cookies.rhAll!, {
      idChamado,
      mensagem: 'Qual o período que você pediu?',
      status: 'AGUARDANDO_COLABORADOR',
    });
    expect(waiting.json().data.chamado).toMatchObject({
      status: 'AGUARDANDO_COLABORADOR',
      flSlaPausado: 'S',
    });
    const write = (text: string) =>
      t.callMultipart('enviaMensagemChamado', {
        cookie: cookies.maria,
        fields: { idChamado: String(idChamado), mensagem: text },
      });
    const back = await write('De 5 a 20 de janeiro.');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.chamado.status).toBe('EM_ANDAMENTO');

    await call('alteraStatusChamadoAdmin', { idChamado, status: 'RESOLVIDO' }, 'rhAll');
    const reopened = await write('Esqueci de perguntar: posso vender 10 dias?');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.chamado).toMatchObject({ status: 'EM_ANDAMENTO', dtResolucao: null });

    await call('alteraStatusChamadoAdmin', { idChamado, status: 'RESOLVIDO' }, 'rhAll');
    await t.database.db
      .update(hrTickets)
      .set({ resolvedAt: sql`now() - interval '8 days'` })
      .where(eq(hrTickets.id, idChamado));
    const before = await ticketTraces(t, companyId);
    const late = await write('Mais uma coisa');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error_code: 'TICKET_CLOSED',
      message: 'Este chamado está fechado. Para continuar, abra um novo chamado.',
    });
    await call('alteraStatusChamadoAdmin', { idChamado, status: 'FECHADO' }, 'rhAll');
    const afterClose = await ticketTraces(t, companyId);
    const closed = await write('Ainda aí?');
    expect(closed.statusCode).toBe(409);
    expect(await ticketTraces(t, companyId)).toEqual(afterClose);
    expect(afterClose.messages).toBe(before.messages);
  });

  it('rates a resolved ticket once; before the resolution or a second time it refuses', async () => {
    const { idChamado } = await openedTicket(t, cookies.maria!, {
      idAssunto: subjects.beneficios!,
      mensagem: 'Como incluo meu filho no plano?',
    });
    const early = await t.call('avaliaChamado', { idChamado, nota: 5 }, { cookie: cookies.maria });
    expect(early.statusCode).toBe(409);
    expect(early.json().error_code).toBe('TICKET_NOT_RESOLVED');
    const outOfRange = await t.call('avaliaChamado', { idChamado, nota: 6 }, { cookie: cookies.maria });
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().errors.nota).toEqual(['Escolha uma nota de 1 a 5']);

    await call('alteraStatusChamadoAdmin', { idChamado, status: 'RESOLVIDO' }, 'rhAll');
    expect((await showAsEmployee(idChamado, 'maria')).flPodeAvaliar).toBe('S');
    const rated = await call<{ chamado: Chamado }>(
      'avaliaChamado',
      { idChamado, nota: 4, comentario: 'Rápido e claro.' },
      'maria',
    );
    expect(rated.chamado).toMatchObject({
      nota: 4,
      comentarioAvaliacao: 'Rápido e claro.',
      flPodeAvaliar: 'N',
    });
    const twice = await t.call('avaliaChamado', { idChamado, nota: 1 }, { cookie: cookies.maria });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      error_code: 'TICKET_ALREADY_RATED',
      message: 'Este chamado já foi avaliado.',
    });
    expect((await showAsHr(idChamado, 'rhAll')).chamado.nota).toBe(4);
  });

  it('another person’s or company’s ticket answers 404 and reveals nothing, and nothing is written', async () => {
    const { idChamado } = await openedTicket(t, cookies.maria!, {
      idAssunto: subjects.ferias!,
      mensagem: 'Assunto particular da Maria',
    });
    const before = await ticketTraces(t, companyId);
    for (const who of ['joao', 'outsider', 'otherMaster']) {
      const shown = await t.call('consultaChamado', { idChamado }, { cookie: cookies[who] });
      expect(shown.statusCode).toBe(404);
      expect(shown.body).not.toContain('particular');
      const written = await t.callMultipart('enviaMensagemChamado', {
        cookie: cookies[who],
        fields: { idChamado: String(idChamado), mensagem: 'Intromissão' },
        files: [attachment('x.pdf', 'application/pdf', pdf())],
      });
      expect(written.statusCode).toBe(404);
      const rated = await t.call('avaliaChamado', { idChamado, nota: 1 }, { cookie: cookies[who] });
      expect(rated.statusCode).toBe(404);
      const asHr = await t.call('consultaChamadoAdmin', { idChamado }, { cookie: cookies.otherMaster });
      expect(asHr.statusCode).toBe(404);
    }
    expect(await ticketTraces(t, companyId)).toEqual(before);
  });
});

describe('who in HR sees which ticket', () => {
  let mariaFerias: number;
  let joaoBeneficios: number;
  let joaoDenuncia: number;

  beforeAll(async () => {
    mariaFerias = (
      await openedTicket(t, cookies.maria!, { idAssunto: subjects.ferias!, mensagem: 'Férias da Maria' })
    ).idChamado;
    joaoBeneficios = (
      await openedTicket(t, cookies.joao!, { idAssunto: subjects.beneficios!, mensagem: 'Plano do João' })
    ).idChamado;
    joaoDenuncia = (
      await openedTicket(t, cookies.joao!, {
        idAssunto: subjects.denuncia!,
        mensagem: 'Assédio no turno da noite',
      })
    ).idChamado;
  });

  it('by assigned subject, by the requester’s group, everything when nothing is assigned; confidential only by its subject', async () => {
    const sees = async (who: string) => {
      const listed = (await hrList(who)).map((ticket) => ticket.idChamado);
      return [mariaFerias, joaoBeneficios, joaoDenuncia].map((id) => listed.includes(id));
    };
    expect(await sees('rhAll')).toEqual([true, true, false]);
    expect(await sees('master')).toEqual([true, true, false]);
    expect(await sees('rhReader')).toEqual([true, true, false]);
    expect(await sees('rhFerias')).toEqual([true, false, false]);
    // João is in the plant's group, but a confidential subject is never seen through a group.
    expect(await sees('rhPlant')).toEqual([false, true, false]);
    expect(await sees('rhComplaints')).toEqual([false, false, true]);

    for (const [who, ticketId] of [
      ['rhAll', joaoDenuncia],
      ['master', joaoDenuncia],
      ['rhPlant', joaoDenuncia],
      ['rhFerias', joaoBeneficios],
      ['rhComplaints', mariaFerias],
    ] as const) {
      const shown = await t.call('consultaChamadoAdmin', { idChamado: ticketId }, { cookie: cookies[who] });
      expect(shown.statusCode, `${who} → ${ticketId}`).toBe(404);
      expect(shown.body).not.toContain('Assédio');
      const answered = await answerTicket(t, cookies[who]!, { idChamado: ticketId, mensagem: 'Olá' });
      expect(answered.statusCode).toBe(404);
      const moved = await t.call(
        'alteraStatusChamadoAdmin',
        { idChamado: ticketId, status: 'FECHADO' },
        { cookie: cookies[who] },
      );
      expect(moved.statusCode).toBe(404);
    }
  });

  it('every read of a confidential ticket is written to the audit log; others are not', async () => {
    const reads = async (ticketId: number) =>
      (await ticketAudits(t, ticketId)).filter((entry) => entry.action === 'hr_ticket_confidential_read');
    const shown = await showAsHr(joaoDenuncia, 'rhComplaints');
    expect(shown.chamado).toMatchObject({ flConfidencial: 'S', assunto: 'Denúncia' });
    await showAsHr(joaoDenuncia, 'rhComplaints');
    expect((await reads(joaoDenuncia)).map((entry) => entry.actorUserId)).toEqual([
      ids.rhComplaints,
      ids.rhComplaints,
    ]);
    await showAsHr(mariaFerias, 'rhFerias');
    expect(await reads(mariaFerias)).toEqual([]);
  });

  it('filters by status, subject, responsible, overdue and a search over protocol, name and text without accents', async () => {
    const byName = await hrList('rhAll', { busca: 'joao prensa' });
    expect(byName.map((ticket) => ticket.idChamado)).toContain(joaoBeneficios);
    expect(byName.every((ticket) => ticket.solicitante.nome === 'João Prensa')).toBe(true);
    const byText = await hrList('rhAll', { busca: 'FERIAS DA maria' });
    expect(byText.map((ticket) => ticket.idChamado)).toEqual([mariaFerias]);
    const { protocolo } = (await showAsHr(joaoBeneficios, 'rhAll')).chamado;
    expect((await hrList('rhAll', { busca: protocolo })).map((ticket) => ticket.idChamado)).toEqual([
      joaoBeneficios,
    ]);
    const bySubject = await hrList('rhAll', { idAssunto: subjects.beneficios });
    expect(bySubject.every((ticket) => ticket.idAssunto === subjects.beneficios)).toBe(true);
    expect((await hrList('rhAll', { status: 'ABERTO' })).every((ticket) => ticket.status === 'ABERTO')).toBe(
      true,
    );
    await t.database.db
      .update(hrTickets)
      .set({ firstResponseDue: sql`now() - interval '1 hour'` })
      .where(eq(hrTickets.id, joaoBeneficios));
    const overdue = await hrList('rhAll', { flAtrasado: 'S' });
    expect(overdue.map((ticket) => ticket.idChamado)).toContain(joaoBeneficios);
    expect(overdue.every((ticket) => ticket.flAtrasado === 'S')).toBe(true);
    expect((await hrList('rhAll', { flAtrasado: 'N' })).map((ticket) => ticket.idChamado)).not.toContain(
      joaoBeneficios,
    );
  });

  it('assigns only to an administrator of the HR portal who sees the ticket, and tells them', async () => {
    const candidates = await call<{ listResponsaveis: { idUsuario: number }[] }>(
      'consultaResponsaveisChamadoAdmin',
      { idChamado: mariaFerias },
      'rhAll',
    );
    expect(candidates.listResponsaveis.map((person) => person.idUsuario).sort()).toEqual(
      [ids.master, ids.rhAll, ids.rhFerias].sort(),
    );
    const before = await ticketTraces(t, companyId);
    for (const who of ['rhPlant', 'rhComplaints', 'rhReader', 'maria', 'outsider']) {
      const refused = await t.call(
        'atribuiChamadoAdmin',
        { idChamado: mariaFerias, idUsuarioResponsavel: ids[who] },
        { cookie: cookies.rhAll },
      );
      expect(refused.statusCode, who).toBe(422);
      expect(refused.json().errors.idUsuarioResponsavel).toEqual([
        'Escolha um administrador do Portal do RH que veja este chamado',
      ]);
    }
    expect(await ticketTraces(t, companyId)).toEqual(before);

    const assigned = await call<{ chamado: ChamadoAdmin }>(
      'atribuiChamadoAdmin',
      { idChamado: mariaFerias, idUsuarioResponsavel: ids.rhFerias },
      'rhAll',
    );
    expect(assigned.chamado.responsavel).toMatchObject({ idUsuario: ids.rhFerias, nome: 'Bruno RH Férias' });
    // Hers now, beside the tickets she took by answering them while nobody was responsible.
    const hers = await hrList('rhAll', { idResponsavel: ids.rhFerias });
    expect(hers.map((ticket) => ticket.idChamado)).toContain(mariaFerias);
    expect(hers.every((ticket) => ticket.responsavel?.idUsuario === ids.rhFerias)).toBe(true);
    const told = await t.database.db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, ids.rhFerias!), eq(notifications.type, 'CHAMADO_ATRIBUIDO')));
    expect(told).toEqual([expect.objectContaining({ link: `/admin/portal-rh?idChamado=${mariaFerias}` })]);
    expect((await ticketAudits(t, mariaFerias)).map((entry) => entry.action)).toContain('hr_ticket_assign');
  });

  it('whoever answers or resolves a ticket nobody is responsible for takes it; a note or an assigned ticket keeps its responsible', async () => {
    const responsible = async (idChamado: number) =>
      (await showAsHr(idChamado, 'rhAll')).chamado.responsavel?.idUsuario ?? null;
    const opened = () =>
      openedTicket(t, cookies.maria!, { idAssunto: subjects.ferias!, mensagem: 'Meu saldo?' });

    const noted = await opened();
    expect(
      (await answerTicket(t, cookies.rhFerias!, { ...noted, mensagem: 'Ver extrato', flNotaInterna: 'S' }))
        .statusCode,
    ).toBe(200);
    expect(await responsible(noted.idChamado)).toBeNull();
    expect(
      (
        await answerTicket(t, cookies.rhFerias!, {
          idChamado: noted.idChamado,
          mensagem: 'Você tem 12 dias.',
        })
      ).statusCode,
    ).toBe(200);
    expect(await responsible(noted.idChamado)).toBe(ids.rhFerias);
    // Answered again by someone else: the responsible stays.
    expect(
      (await answerTicket(t, cookies.rhAll!, { idChamado: noted.idChamado, mensagem: 'Confirmado.' }))
        .statusCode,
    ).toBe(200);
    expect(await responsible(noted.idChamado)).toBe(ids.rhFerias);

    const resolved = await opened();
    const status = await t.call(
      'alteraStatusChamadoAdmin',
      { idChamado: resolved.idChamado, status: 'RESOLVIDO' },
      { cookie: cookies.rhAll },
    );
    expect(status.statusCode, status.body).toBe(200);
    expect(await responsible(resolved.idChamado)).toBe(ids.rhAll);
    const entry = (await ticketAudits(t, resolved.idChamado)).find(
      (audit) => audit.action === 'hr_ticket_status',
    );
    expect(entry?.changes).toMatchObject({ idResponsavel: { antes: null, depois: ids.rhAll } });
  });

  it('a read-only administrator reads but cannot answer', async () => {
    await showAsHr(mariaFerias, 'rhReader');
    const answered = await answerTicket(t, cookies.rhReader!, { idChamado: mariaFerias, mensagem: 'Olá' });
    expect(answered.statusCode).toBe(403);
  });
});

describe('attachments', () => {
  it('are read by the requester and the administrators who see the ticket, under their own name; a confidential one’s read is audited', async () => {
    const opened = await openedTicket(
      t,
      cookies.joao!,
      { idAssunto: subjects.denuncia!, mensagem: 'Seguem as provas' },
      [attachment('prova da denúncia.pdf', 'application/pdf', pdf())],
    );
    const [file] = (await showAsEmployee(opened.idChamado, 'joao')).mensagens[0]!.anexos;
    const get = (who: string) =>
      t.app.inject({ method: 'GET', url: file!.url, headers: { cookie: cookies[who]! } });
    const own = await get('joao');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('prova%20da%20den%C3%BAncia.pdf');
    for (const who of ['maria', 'rhAll', 'master', 'rhPlant', 'otherMaster'])
      expect((await get(who)).statusCode, who).toBe(404);
    expect((await get('rhComplaints')).statusCode).toBe(200);
    const reads = (await ticketAudits(t, opened.idChamado)).filter(
      (entry) => entry.action === 'hr_ticket_attachment_read',
    );
    expect(reads.map((entry) => entry.actorUserId)).toEqual([ids.rhComplaints]);
  });

  it('an internal note’s file is HR’s only', async () => {
    const { idChamado } = await openedTicket(t, cookies.maria!, {
      idAssunto: subjects.ferias!,
      mensagem: 'Saldo?',
    });
    const note = await answerTicket(
      t,
      cookies.rhFerias!,
      { idChamado, mensagem: 'Extrato interno', flNotaInterna: 'S' },
      [attachment('extrato.png', 'image/png', picture)],
    );
    expect(note.statusCode, note.body).toBe(200);
    const { mensagens } = await showAsHr(idChamado, 'rhFerias');
    const url = (mensagens[1] as unknown as { anexos: { url: string }[] }).anexos[0]!.url;
    const get = (who: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who]! } });
    expect((await get('rhFerias')).statusCode).toBe(200);
    expect((await get('maria')).statusCode).toBe(404);
  });
});

describe('the SLA report', () => {
  it('per subject of the month: tickets, median first response, share within SLA and satisfaction, only what the administrator sees; CSV and XLSX', async () => {
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const report = await call<{
      mes: string;
      listLinhas: {
        assunto: string;
        qtdChamados: number;
        qtdAvaliacoes: number;
        satisfacaoMedia: number | null;
        percentualNoSla: number | null;
        medianaPrimeiraRespostaMinutos: number | null;
      }[];
    }>('consultaRelatorioSlaAdmin', { mes: month }, 'rhAll');
    expect(report.mes).toBe(month);
    const names = report.listLinhas.map((line) => line.assunto);
    expect(names).toEqual(expect.arrayContaining(['Férias', 'Benefícios']));
    expect(names).not.toContain('Denúncia');
    const benefits = report.listLinhas.find((line) => line.assunto === 'Benefícios')!;
    expect(benefits.qtdAvaliacoes).toBe(1);
    expect(benefits.satisfacaoMedia).toBe(4);
    const holidays = report.listLinhas.find((line) => line.assunto === 'Férias')!;
    expect(holidays.medianaPrimeiraRespostaMinutos).not.toBeNull();
    expect(holidays.percentualNoSla).toBeGreaterThanOrEqual(0);
    const complaints = await call<{ listLinhas: { assunto: string }[] }>(
      'consultaRelatorioSlaAdmin',
      { mes: month },
      'rhComplaints',
    );
    expect(complaints.listLinhas.map((line) => line.assunto)).toEqual(['Denúncia']);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/backend/portal-rh/relatorio-sla.csv?mes=${month}`,
      headers: { cookie: cookies.rhAll! },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Assunto');
    expect(csv.body).toContain('Benefícios');
    expect(csv.body).not.toContain('Denúncia');
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/backend/portal-rh/relatorio-sla.xlsx?mes=${month}`,
      headers: { cookie: cookies.rhAll! },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await t.call('consultaRelatorioSlaAdmin', { mes: '2026-13' }, { cookie: cookies.rhAll });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.mes).toEqual(['Informe o mês no formato AAAA-MM']);
  });
});

describe('confidential for life', () => {
  let assedio: number;
  let ouvidoria: number;
  const month = () =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
  const notFound = async () =>
    (await t.call('consultaChamadoAdmin', { idChamado: 2_147_483_647 }, { cookie: cookies.rhAll })).json();

  beforeAll(async () => {
    const { db } = t.database;
    assedio = await makeSubject(db, {
      companyId,
      name: 'Assédio',
      confidential: true,
      firstResponseHours: 4,
    });
    ouvidoria = await makeSubject(db, { companyId, name: 'Ouvidoria', confidential: true });
    const ethics = await makePerson(db, {
      companyId,
      name: 'Fábio Comitê de Ética',
      administrator: hrPortal,
    });
    await assignToAdmin(db, { companyId, userId: ethics.id, subjectIds: [assedio, ouvidoria] });
    ids.rhEthics = ethics.id;
    cookies.rhEthics = await t.signIn(ethics.email, factoryPassword);
  });

  it('a ticket opened under a confidential subject stays its administrators’ only once the flag is lifted: the ticket, its messages, files, SLA line and assignment', async () => {
    const complaint = await openedTicket(
      t,
      cookies.joao!,
      { idAssunto: assedio, mensagem: 'Assédio do supervisor' },
      [attachment('provas do assédio.pdf', 'application/pdf', pdf())],
    );
    const [file] = (await showAsEmployee(complaint.idChamado, 'joao')).mensagens[0]!.anexos;
    const lifted = await t.call(
      'salvaAssuntoChamadoAdmin',
      { idAssunto: assedio, nome: 'Assédio', flConfidencial: 'N', horasPrimeiraResposta: 4 },
      { cookie: cookies.rhEthics },
    );
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data.assunto.flConfidencial).toBe('N');
    const later = await openedTicket(t, cookies.joao!, { idAssunto: assedio, mensagem: 'Dúvida comum' });

    const unknown = await notFound();
    for (const who of ['rhAll', 'master', 'rhPlant', 'rhFerias', 'rhComplaints']) {
      const listed = (await hrList(who)).map((ticket) => ticket.idChamado);
      expect(listed, who).not.toContain(complaint.idChamado);
      expect((await hrList(who, { busca: 'supervisor' })).length, who).toBe(0);
      const shown = await t.call(
        'consultaChamadoAdmin',
        { idChamado: complaint.idChamado },
        { cookie: cookies[who] },
      );
      expect(shown.statusCode, who).toBe(404);
      expect(shown.json(), who).toEqual(unknown);
      const answered = await answerTicket(t, cookies[who]!, {
        idChamado: complaint.idChamado,
        mensagem: 'Olá',
      });
      expect(answered.statusCode, who).toBe(404);
      for (const [name, body] of [
        ['alteraStatusChamadoAdmin', { idChamado: complaint.idChamado, status: 'FECHADO' }],
        ['atribuiChamadoAdmin', { idChamado: complaint.idChamado, idUsuarioResponsavel: ids[who] }],
        ['consultaResponsaveisChamadoAdmin', { idChamado: complaint.idChamado }],
      ] as const) {
        const refused = await t.call(name, body, { cookie: cookies[who] });
        expect(refused.statusCode, `${name} as ${who}`).toBe(404);
      }
      const download = await t.app.inject({
        method: 'GET',
        url: file!.url,
        headers: { cookie: cookies[who]! },
      });
      expect(download.statusCode, who).toBe(404);
    }
    // Those who see everything else count the later ticket only in the SLA report.
    const report = await call<{ listLinhas: { assunto: string; qtdChamados: number }[] }>(
      'consultaRelatorioSlaAdmin',
      { mes: month() },
      'rhAll',
    );
    expect(report.listLinhas.find((line) => line.assunto === 'Assédio')?.qtdChamados).toBe(1);
    expect((await hrList('rhAll')).map((ticket) => ticket.idChamado)).toContain(later.idChamado);

    // Its subject's administrator still sees it, flagged confidential, its read audited, its file too.
    const shown = await showAsHr(complaint.idChamado, 'rhEthics');
    expect(shown.chamado).toMatchObject({ assunto: 'Assédio', flConfidencial: 'S' });
    expect(shown.mensagens.map((message) => message.texto)).toEqual(['Assédio do supervisor']);
    expect((await showAsHr(later.idChamado, 'rhEthics')).chamado.flConfidencial).toBe('N');
    const download = await t.app.inject({
      method: 'GET',
      url: file!.url,
      headers: { cookie: cookies.rhEthics! },
    });
    expect(download.statusCode).toBe(200);
    expect((await ticketAudits(t, complaint.idChamado)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['hr_ticket_confidential_read', 'hr_ticket_attachment_read']),
    );
    const ethicsReport = await call<{ listLinhas: { assunto: string; qtdChamados: number }[] }>(
      'consultaRelatorioSlaAdmin',
      { mes: month() },
      'rhEthics',
    );
    expect(ethicsReport.listLinhas.find((line) => line.assunto === 'Assédio')?.qtdChamados).toBe(2);
    // Only its subject's administrators may be made responsible for it.
    const candidates = await call<{ listResponsaveis: { idUsuario: number }[] }>(
      'consultaResponsaveisChamadoAdmin',
      { idChamado: complaint.idChamado },
      'rhEthics',
    );
    expect(candidates.listResponsaveis.map((person) => person.idUsuario)).toEqual([ids.rhEthics]);
    const toOther = await t.call(
      'atribuiChamadoAdmin',
      { idChamado: complaint.idChamado, idUsuarioResponsavel: ids.rhAll },
      { cookie: cookies.rhEthics },
    );
    expect(toOther.statusCode).toBe(422);
    // The requester still reads their own ticket and file.
    expect((await showAsEmployee(complaint.idChamado, 'joao')).mensagens).toHaveLength(1);
    const own = await t.app.inject({ method: 'GET', url: file!.url, headers: { cookie: cookies.joao! } });
    expect(own.statusCode).toBe(200);
  });

  it('a confidential ticket moved to another subject stays with its first subject’s administrators; one moved into a confidential subject is hidden while it is', async () => {
    const complaint = await openedTicket(t, cookies.joao!, {
      idAssunto: ouvidoria,
      mensagem: 'Fraude no caixa',
    });
    const plain = await openedTicket(t, cookies.maria!, {
      idAssunto: subjects.ferias!,
      mensagem: 'Saldo de dias',
    });
    // No call moves a ticket between subjects; a data fix (or a later call) would do this.
    const move = (ticketId: number, subjectId: number) =>
      t.database.db.update(hrTickets).set({ subjectId }).where(eq(hrTickets.id, ticketId));
    await move(complaint.idChamado, subjects.ferias!);
    await move(plain.idChamado, ouvidoria);

    for (const who of ['rhFerias', 'rhAll', 'master']) {
      for (const ticketId of [complaint.idChamado, plain.idChamado]) {
        const shown = await t.call('consultaChamadoAdmin', { idChamado: ticketId }, { cookie: cookies[who] });
        expect(shown.statusCode, `${who} → ${ticketId}`).toBe(404);
      }
      const listed = (await hrList(who, { idAssunto: subjects.ferias })).map((ticket) => ticket.idChamado);
      expect(listed, who).not.toContain(complaint.idChamado);
    }
    expect((await showAsHr(complaint.idChamado, 'rhEthics')).chamado).toMatchObject({
      assunto: 'Férias',
      flConfidencial: 'S',
    });
    expect((await showAsHr(plain.idChamado, 'rhEthics')).chamado).toMatchObject({
      assunto: 'Ouvidoria',
      flConfidencial: 'S',
    });
    // Moved back out of the confidential subject, the ticket opened under Férias is Férias' again.
    await move(plain.idChamado, subjects.ferias!);
    expect((await showAsHr(plain.idChamado, 'rhFerias')).chamado.flConfidencial).toBe('N');
    expect(
      (await t.call('consultaChamadoAdmin', { idChamado: plain.idChamado }, { cookie: cookies.rhEthics }))
        .statusCode,
    ).toBe(404);
  });

  it('openings under a subject while its flag changes all go through, each ticket born under the flag as it stood', async () => {
    const subject = await makeSubject(t.database.db, { companyId, name: 'Compliance', confidential: true });
    await assignToAdmin(t.database.db, { companyId, userId: ids.rhEthics!, subjectIds: [subject] });
    const save = (flag: 'S' | 'N') =>
      t.call(
        'salvaAssuntoChamadoAdmin',
        { idAssunto: subject, nome: 'Compliance', flConfidencial: flag },
        { cookie: cookies.rhEthics },
      );
    const answers = await Promise.all([
      ...[1, 2, 3, 4, 5, 6].map((n) =>
        openTicket(t, cookies.joao!, { idAssunto: subject, mensagem: `Relato ${n}` }),
      ),
      save('N'),
      save('S'),
      save('N'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(9).fill(200));
    // Whatever the order, a ticket is either its administrators' only or seen by everyone else too.
    const everyone = new Set((await hrList('rhAll')).map((ticket) => ticket.idChamado));
    for (const answer of answers.slice(0, 6)) {
      const { idChamado } = answer.json().data as { idChamado: number };
      const { chamado } = await showAsHr(idChamado, 'rhEthics');
      expect(everyone.has(idChamado), `${idChamado}`).toBe(chamado.flConfidencial === 'N');
    }
  });

  it('the lists (SQL) and the record rules (policy.ts) agree on who sees each ticket', async () => {
    const tickets = await t.database.db
      .select({ id: hrTickets.id })
      .from(hrTickets)
      .where(eq(hrTickets.companyId, companyId));
    expect(tickets.length).toBeGreaterThan(10);
    for (const who of ['rhAll', 'master', 'rhReader', 'rhFerias', 'rhPlant', 'rhComplaints', 'rhEthics']) {
      const listed = new Set((await hrList(who)).map((ticket) => ticket.idChamado));
      for (const { id } of tickets) {
        const shown = await t.call('consultaChamadoAdmin', { idChamado: id }, { cookie: cookies[who] });
        expect(shown.statusCode, `${who} → ${id}`).toBe(listed.has(id) ? 200 : 404);
      }
    }
  });
});
