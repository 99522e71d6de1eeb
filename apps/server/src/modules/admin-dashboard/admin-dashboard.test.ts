import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The demo's administrators (docs/demo-data.md, docs/hr-contact.md).
const password = 'Demo@1234';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

async function data(name: string, body: unknown, cookie: string) {
  const answer = await t.call(name, body, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

/** The total the list's page says ('Exibindo 1 a 20 de N resultado(s)'). */
const total = async (name: string, filter: Record<string, unknown>, cookie: string) =>
  (await data(name, { idPaginaAtual: 1, ...filter }, cookie)).qtdTotalRegistros as number;

describe('the administration home’s figures', () => {
  it('are the totals of the pages their cards open, with the same filters', async () => {
    const master = await t.signIn('admin@demo.elo', password);
    const figures = await data('consultaDashboardAdmin', {}, master);
    // The users list with ativo=S, the publications list with status=Publicado.
    expect(figures.qtdUsuariosAtivos).toBe(await total('consultaUsuariosAdmin', { flAtivo: 'S' }, master));
    expect(figures.qtdPostagens).toBe(
      await total('consultaPublicacoesAdmin', { status: 'Publicado' }, master),
    );
    // The demo's publications out now, not every post of the timeline.
    expect(figures.qtdPostagens).toBeGreaterThan(0);
    expect(figures.qtdPostagens).toBeLessThan(10);
  });
});

describe('the HR administrator’s work (consultaResumoRhAdmin)', () => {
  it('counts open, late and own open tickets as the HR portal lists them with the same filters', async () => {
    const cookie = await t.signIn('rh.admin@demo.elo', password);
    const me = (await data('recuperaDadosUsuarioLogado', {}, cookie)).usuario.idUsuario as number;
    const open = (
      await data('consultaChamadosAdmin', { flEmAberto: 'S', qtdRegistrosPorPagina: 100 }, cookie)
    ).listChamados as { idChamado: number; status: string; responsavel: { idUsuario: number } | null }[];
    expect(open.length).toBeGreaterThan(0);
    expect(
      open.every((ticket) => ['ABERTO', 'EM_ANDAMENTO', 'AGUARDANDO_COLABORADOR'].includes(ticket.status)),
    ).toBe(true);
    // She takes an open ticket nobody else holds, so one of them is hers.
    const taken = open.find((ticket) => ticket.responsavel?.idUsuario !== me)!;
    await data('atribuiChamadoAdmin', { idChamado: taken.idChamado, idUsuarioResponsavel: me }, cookie);

    const summary = await data('consultaResumoRhAdmin', {}, cookie);
    expect(summary.qtdEmAberto).toBe(open.length);
    expect(summary.qtdEmAberto).toBe(await total('consultaChamadosAdmin', { flEmAberto: 'S' }, cookie));
    expect(summary.qtdAtrasados).toBe(
      await total('consultaChamadosAdmin', { flEmAberto: 'S', flAtrasado: 'S' }, cookie),
    );
    expect(summary.qtdAtribuidosAMim).toBe(
      await total('consultaChamadosAdmin', { flEmAberto: 'S', idResponsavel: me }, cookie),
    );
    expect(summary.qtdAtribuidosAMim).toBeGreaterThanOrEqual(1);
    // The demo holds an open ticket past its first-response deadline.
    expect(summary.qtdAtrasados).toBeGreaterThanOrEqual(1);
    // Resolved and closed tickets are not open work.
    expect(summary.qtdEmAberto).toBeLessThan(await total('consultaChamadosAdmin', {}, cookie));
  });

  it('is refused to an administrator without the HR portal', async () => {
    const editor = await t.signIn('editor@demo.elo', password);
    expect((await t.call('consultaResumoRhAdmin', {}, { cookie: editor })).statusCode).toBe(403);
  });
});
