import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Chamado, ChamadoAdmin } from '@elo/contract/calls/hr-tickets';
import { AdminPermission } from '@elo/contract/enums';
import { auditLog, catalogItems, hrSubjectSettings, hrTickets, users } from '../../db/schema/all.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { createPasswordHasher } from '../../platform/auth/password.ts';
import { factoryPassword, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { assignToAdmin, attachment, pdf } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const hrList = async (cookie: string) => {
  const answer = await t.call(
    'consultaChamadosAdmin',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 100 },
    { cookie },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.listChamados as ChamadoAdmin[];
};

describe('the demo’s HR contact', () => {
  it('rh@demo.elo signs in with only the HR portal and sees the Férias and Benefícios tickets', async () => {
    const cookie = await t.signIn('rh@demo.elo', 'Demo@1234');
    const me = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    const granted = (me.json().data.permissoesAdmin as { permissao: string; status: string }[]).filter(
      (entry) => entry.status !== 'N',
    );
    expect(granted).toEqual([{ permissao: 'ADMIN_PORTAL_RH', status: 'E' }]);
    const subjects = new Set((await hrList(cookie)).map((ticket) => ticket.assunto));
    expect([...subjects].sort()).toEqual(['Benefícios', 'Férias']);
  });

  it('holds tickets in every status, an answer Maria has not read, a rating and a breach; the complaint only for its assignees', async () => {
    const master = await t.signIn('admin@demo.elo');
    const all = await hrList(master);
    expect(new Set(all.map((ticket) => ticket.status))).toEqual(
      new Set(['ABERTO', 'EM_ANDAMENTO', 'AGUARDANDO_COLABORADOR', 'RESOLVIDO', 'FECHADO']),
    );
    expect(all.some((ticket) => ticket.flAtrasado === 'S')).toBe(true);
    expect(all.some((ticket) => ticket.nota !== null)).toBe(true);
    // The master is assigned nothing: the confidential complaint is not theirs to see.
    expect(all.map((ticket) => ticket.assunto)).not.toContain('Denúncia');

    const maria = await t.signIn('maria.silva@demo.elo');
    const me = await t.call('recuperaDadosUsuarioLogado', {}, { cookie: maria });
    expect(me.json().data.qtdChamadosComMensagemNaoLida).toBe(1);
    const subjects = await t.call('consultaAssuntosChamado', {}, { cookie: maria });
    expect(subjects.statusCode, subjects.body).toBe(200);
    expect(
      (subjects.json().data.listAssuntos as { nome: string; flConfidencial: string }[]).filter((subject) =>
        ['Férias', 'Benefícios', 'Folha de pagamento', 'Denúncia', 'Outros'].includes(subject.nome),
      ),
    ).toHaveLength(5);
  });

  it('seeding again adds nothing', async () => {
    const tickets = async () => (await t.database.db.select({ total: count() }).from(hrTickets))[0]!.total;
    const hrPeople = async () =>
      (await t.database.db.select({ total: count() }).from(users).where(eq(users.email, 'rh@demo.elo')))[0]!
        .total;
    const before = await tickets();
    await seedDemo({
      db: t.database.db,
      storage: t.storage,
      hashPassword: createPasswordHasher(1).hashPassword,
    });
    expect(await tickets()).toBe(before);
    expect(await hrPeople()).toBe(1);
  });
});

describe('the confidential complaint against an administrator who lifts its subject’s flag', () => {
  it('rh.admin@demo.elo may not lift Denúncia’s confidentiality, and once its own administrator does, still sees neither the complaint nor its file', async () => {
    const { db } = t.database;
    const [complaint] = await db
      .select({ id: hrTickets.id, companyId: hrTickets.companyId, subjectId: hrTickets.subjectId })
      .from(hrTickets)
      .innerJoin(catalogItems, eq(catalogItems.id, hrTickets.subjectId))
      .innerJoin(users, eq(users.id, hrTickets.requesterId))
      .where(and(eq(catalogItems.name, 'Denúncia'), eq(users.email, 'carlos.pereira@demo.elo')));
    expect(complaint).toBeDefined();
    const { companyId, subjectId: denuncia } = complaint!;
    // Carlos adds his evidence to the complaint.
    const carlos = await t.signIn('10002');
    const written = await t.callMultipart('enviaMensagemChamado', {
      cookie: carlos,
      fields: { idChamado: String(complaint!.id), mensagem: 'Segue a gravação.' },
      files: [attachment('gravacao.pdf', 'application/pdf', pdf())],
    });
    expect(written.statusCode, written.body).toBe(200);
    const file = (written.json().data.chamado as Chamado).mensagens.at(-1)!.anexos[0]!;

    const attacker = await t.signIn('rh.admin@demo.elo');
    const lookAtIt = async () => ({
      shown: await t.call('consultaChamadoAdmin', { idChamado: complaint!.id }, { cookie: attacker }),
      file: await t.app.inject({ method: 'GET', url: file.url, headers: { cookie: attacker } }),
    });
    const before = await lookAtIt();
    expect(before.shown.statusCode).toBe(404);
    expect(before.file.statusCode).toBe(404);

    // The attack: save Denúncia with flConfidencial N.
    const settingsEntries = async () =>
      (
        await db
          .select({ total: count() })
          .from(auditLog)
          .where(
            and(eq(auditLog.action, 'hr_subject_settings_update'), eq(auditLog.targetId, String(denuncia))),
          )
      )[0]!.total;
    const entriesBefore = await settingsEntries();
    const attempt = await t.call(
      'salvaAssuntoChamadoAdmin',
      {
        idAssunto: denuncia,
        nome: 'Denúncia',
        flConfidencial: 'N',
        horasPrimeiraResposta: 4,
        horasSolucao: 24,
      },
      { cookie: attacker },
    );
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toEqual({
      message: 'Somente administradores atribuídos a este assunto podem alterar a confidencialidade dele.',
      error_code: 'SUBJECT_CONFIDENTIALITY_FORBIDDEN',
    });
    const [flag] = await db
      .select({ confidential: hrSubjectSettings.confidential })
      .from(hrSubjectSettings)
      .where(eq(hrSubjectSettings.subjectId, denuncia));
    expect(flag).toEqual({ confidential: true });
    expect(await settingsEntries()).toBe(entriesBefore);
    const after = await lookAtIt();
    expect(after.shown.statusCode).toBe(404);
    expect(after.shown.json()).toEqual(before.shown.json());
    expect(after.file.statusCode).toBe(404);

    // An administrator assigned to Denúncia lifts it, audited: the complaint stays confidential for life.
    const ethics = await makePerson(db, { companyId, administrator: { [AdminPermission.hrPortal]: 'E' } });
    await assignToAdmin(db, { companyId, userId: ethics.id, subjectIds: [denuncia] });
    const ethicsCookie = await t.signIn(ethics.email, factoryPassword);
    const lifted = await t.call(
      'salvaAssuntoChamadoAdmin',
      {
        idAssunto: denuncia,
        nome: 'Denúncia',
        flConfidencial: 'N',
        horasPrimeiraResposta: 4,
        horasSolucao: 24,
      },
      { cookie: ethicsCookie },
    );
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await settingsEntries()).toBe(entriesBefore + 1);
    const lastLook = await lookAtIt();
    expect(lastLook.shown.statusCode).toBe(404);
    expect(lastLook.shown.json()).toEqual(before.shown.json());
    expect(lastLook.file.statusCode).toBe(404);
    expect((await hrList(attacker)).map((ticket) => ticket.idChamado)).not.toContain(complaint!.id);
    const own = await t.call('consultaChamadoAdmin', { idChamado: complaint!.id }, { cookie: ethicsCookie });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.chamado.flConfidencial).toBe('S');

    // The demo is left as it was: Denúncia confidential.
    const restored = await t.call(
      'salvaAssuntoChamadoAdmin',
      {
        idAssunto: denuncia,
        nome: 'Denúncia',
        flConfidencial: 'S',
        horasPrimeiraResposta: 4,
        horasSolucao: 24,
      },
      { cookie: ethicsCookie },
    );
    expect(restored.statusCode, restored.body).toBe(200);
  });
});
