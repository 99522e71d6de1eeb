import type { ChamadoAdmin } from '@elo/contract/calls/hr-tickets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyTimeline, fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from './test-harness.tsx';

// The HR administrator of the demo: the HR portal only (rh@demo.elo). makeLoggedUser's id is 7.
const hrAdministrator = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PORTAL_RH', status: 'E' }],
});
const me = hrAdministrator.usuario.idUsuario;
const colleague = { idUsuario: 3, nome: 'Ana RH', urlFoto: null };

const ticket = (idChamado: number, overrides: Partial<ChamadoAdmin>): ChamadoAdmin => ({
  idChamado,
  protocolo: `2026-0000${idChamado}`,
  idAssunto: 2,
  assunto: 'Férias',
  flConfidencial: 'N',
  status: 'ABERTO',
  solicitante: { idUsuario: 20, nome: 'Maria Silva', urlFoto: null, email: null, setor: null },
  responsavel: null,
  dtAbertura: '2026-11-20T13:00:00.000Z',
  dtUltimaMensagem: '2026-11-21T13:00:00.000Z',
  dtPrimeiraResposta: null,
  dtResolucao: null,
  dtLimitePrimeiraResposta: null,
  dtLimiteSolucao: null,
  flAtrasado: 'N',
  flSlaPausado: 'N',
  nota: null,
  comentarioAvaliacao: null,
  ...overrides,
});

// Four open tickets (one late, two hers), and two that are no longer work (one of them late and hers).
const tickets = [
  ticket(1, { flAtrasado: 'S' }),
  ticket(2, { status: 'EM_ANDAMENTO', responsavel: { ...colleague, idUsuario: me, nome: 'Maria Silva' } }),
  ticket(3, {
    status: 'AGUARDANDO_COLABORADOR',
    responsavel: { ...colleague, idUsuario: me, nome: 'Maria Silva' },
  }),
  ticket(4, { status: 'EM_ANDAMENTO', responsavel: colleague }),
  ticket(5, {
    status: 'RESOLVIDO',
    flAtrasado: 'S',
    responsavel: { ...colleague, idUsuario: me, nome: 'Maria Silva' },
  }),
  ticket(6, { status: 'FECHADO' }),
];

/** The HR portal's list as the server filters it (consultaChamadosAdmin). */
function listed(filter: { flEmAberto?: string; flAtrasado?: string; idResponsavel?: number }) {
  return tickets.filter(
    (row) =>
      (filter.flEmAberto !== 'S' ||
        ['ABERTO', 'EM_ANDAMENTO', 'AGUARDANDO_COLABORADOR'].includes(row.status)) &&
      (filter.flAtrasado !== 'S' || row.flAtrasado === 'S') &&
      (filter.idResponsavel === undefined || row.responsavel?.idUsuario === filter.idResponsavel),
  );
}

function hrBackend() {
  return fakeBackend({
    ...emptyTimeline,
    // Without users, publications or surveys, every company figure is closed to her.
    consultaDashboardAdmin: () =>
      ok({
        qtdUsuariosAtivos: null,
        qtdAcessos7Dias: null,
        qtdPostagens: null,
        qtdComentarios: null,
        qtdMensagensChat: null,
        qtdRespostasPesquisa: null,
      }),
    consultaResumoRhAdmin: () =>
      ok({
        qtdEmAberto: listed({ flEmAberto: 'S' }).length,
        qtdAtrasados: listed({ flEmAberto: 'S', flAtrasado: 'S' }).length,
        qtdAtribuidosAMim: listed({ flEmAberto: 'S', idResponsavel: me }).length,
      }),
    consultaChamadosAdmin: (body) => {
      const rows = listed(body as Parameters<typeof listed>[0]);
      return ok({
        listChamados: rows,
        idPaginaAtual: 1,
        qtdRegistrosPorPagina: 20,
        qtdTotalRegistros: rows.length,
      });
    },
    consultaAssuntosChamado: () =>
      ok({ listAssuntos: [{ idAssunto: 2, nome: 'Férias', flConfidencial: 'N' }] }),
    consultaResponsaveisChamadoAdmin: () => ok({ listResponsaveis: [colleague] }),
  });
}

describe('the HR administrator’s home (/admin)', () => {
  it('shows her open work, each count leading to the HR portal listing as many tickets, and no empty company figures', async () => {
    hrBackend();
    const cards = [
      { label: 'Chamados em aberto', link: 'Ver os chamados em aberto', count: 4 },
      { label: 'Chamados em aberto atrasados', link: 'Ver os chamados atrasados', count: 1 },
      { label: 'Em aberto atribuídos a mim', link: 'Ver os meus chamados', count: 2 },
    ];
    for (const card of cards) {
      const view = renderApp('/admin', { user: hrAdministrator });
      const work = await screen.findByRole('region', { name: 'Atendimento do RH' }, { timeout: firstLoad });
      const term = await within(work).findByText(card.label);
      const figure = term.parentElement!;
      expect(within(figure).getByText(String(card.count))).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Números da empresa' })).not.toBeInTheDocument();
      expect(
        within(screen.getByRole('region', { name: 'Acesso rápido' })).getByRole('link', {
          name: /Portal do RH/,
        }),
      ).toHaveAttribute('href', '/admin/portal-rh');

      await userEvent.click(within(figure).getByRole('link', { name: card.link }));
      expect(
        await screen.findByText(`Exibindo 1 a ${card.count} de ${card.count} resultado(s)`, undefined, {
          timeout: firstLoad,
        }),
      ).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Somente em aberto' })).toBeChecked();
      view.unmount();
    }
  });
});

describe('the company figures’ links', () => {
  it('open the users and the publications with the filter the figure counts', async () => {
    const asked: Record<string, unknown>[] = [];
    const page = { idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 };
    fakeBackend({
      ...emptyTimeline,
      consultaDashboardAdmin: () =>
        ok({
          qtdUsuariosAtivos: 31,
          qtdAcessos7Dias: 12,
          qtdPostagens: 5,
          qtdComentarios: 40,
          qtdMensagensChat: 9,
          qtdRespostasPesquisa: 3,
        }),
      consultaUsuariosAdmin: (body) => {
        asked.push({ call: 'consultaUsuariosAdmin', ...(body as object) });
        return ok({ listUsuarios: [], ...page });
      },
      consultaPublicacoesAdmin: (body) => {
        asked.push({ call: 'consultaPublicacoesAdmin', ...(body as object) });
        return ok({ listPublicacoes: [], ...page });
      },
      consultaGruposUsuarioAdmin: () => ok({ listGrupos: [] }),
      consultaGruposPublicacaoAdmin: () => ok({ listGrupos: [] }),
      consultaCatalogoAdmin: () => ok({ listItens: [] }),
    });
    const admin = makeLoggedUser({ flAdministrador: true });
    for (const [link, call, filter] of [
      ['Ver os usuários ativos', 'consultaUsuariosAdmin', { flAtivo: 'S' }],
      ['Ver as publicações', 'consultaPublicacoesAdmin', { status: 'Publicado' }],
    ] as const) {
      const view = renderApp('/admin', { user: admin });
      const figures = await screen.findByRole(
        'region',
        { name: 'Números da empresa' },
        { timeout: firstLoad },
      );
      await userEvent.click(await within(figures).findByRole('link', { name: link }));
      await screen.findByRole('heading', { level: 1 });
      await expect
        .poll(() => asked.filter((entry) => entry.call === call))
        .toEqual([expect.objectContaining({ call, ...filter })]);
      view.unmount();
    }
    // The comments have no page that lists them all, so their figure links nowhere.
    renderApp('/admin', { user: admin });
    const figures = await screen.findByRole('region', { name: 'Números da empresa' }, { timeout: firstLoad });
    const comments = (await within(figures).findByText('Comentários')).parentElement!;
    expect(within(comments).queryByRole('link')).not.toBeInTheDocument();
  });
});
