import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ChamadoAdmin } from '@elo/contract/calls/hr';
import { hrTickets, users } from '../../db/schema/all.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { createPasswordHasher } from '../../platform/auth/password.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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
