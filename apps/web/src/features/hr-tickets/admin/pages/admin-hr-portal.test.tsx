import type { ChamadoAdmin } from '@elo/contract/calls/hr-tickets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emptyTimeline, fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PORTAL_RH', status: 'E' }],
});
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PORTAL_RH', status: 'L' }],
});

const ana = { idUsuario: 3, nome: 'Ana RH', urlFoto: null };
const bruno = { idUsuario: 4, nome: 'Bruno RH', urlFoto: null };

const ticket = (overrides: Partial<ChamadoAdmin> = {}): ChamadoAdmin => ({
  idChamado: 31,
  protocolo: 'RH-2026-000031',
  idAssunto: 2,
  assunto: 'Férias',
  flConfidencial: 'N',
  status: 'ABERTO',
  solicitante: {
    idUsuario: 7,
    nome: 'Maria Silva',
    urlFoto: null,
    email: 'maria.silva@demo.elo',
    setor: 'Marketing',
  },
  responsavel: null,
  dtAbertura: '2026-11-20T13:00:00.000Z',
  dtUltimaMensagem: '2026-11-21T13:00:00.000Z',
  dtPrimeiraResposta: null,
  dtResolucao: null,
  dtLimitePrimeiraResposta: '2026-11-20T17:00:00.000Z',
  dtLimiteSolucao: '2026-11-24T17:00:00.000Z',
  flAtrasado: 'N',
  flSlaPausado: 'N',
  nota: null,
  comentarioAvaliacao: null,
  ...overrides,
});

const list = (rows: ChamadoAdmin[]) =>
  ok({ listChamados: rows, idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: rows.length });

// Every call the HR portal's pages make, answered (an unanswered one is a 401, which ends the
// session): the header's bell, the subjects, the responsibles and the canned answers.
const common = {
  ...emptyTimeline,
  consultaRespostasProntasAdmin: () => ok({ listRespostas: [] }),
  consultaAssuntosChamado: () =>
    ok({
      listAssuntos: [
        { idAssunto: 2, nome: 'Férias', flConfidencial: 'N' },
        { idAssunto: 4, nome: 'Denúncia', flConfidencial: 'S' },
      ],
    }),
  consultaResponsaveisChamadoAdmin: () => ok({ listResponsaveis: [ana, bruno] }),
};

const thread = () => ({
  chamado: ticket(),
  mensagens: [
    {
      idMensagem: 1,
      autor: { idUsuario: 7, nome: 'Maria Silva', urlFoto: null },
      flRh: 'N',
      flNotaInterna: 'N',
      texto: 'Quero marcar minhas férias.',
      anexos: [
        {
          idAnexo: 5,
          nome: 'escala.pdf',
          url: '/backend/midia/hr/escala.pdf',
          tipo: 'application/pdf',
          tamanho: 2048,
        },
      ],
      dtEnvio: '2026-11-20T13:00:00.000Z',
    },
    {
      idMensagem: 2,
      autor: ana,
      flRh: 'S',
      flNotaInterna: 'S',
      texto: 'Conferir o saldo antes de responder.',
      anexos: [],
      dtEnvio: '2026-11-20T14:00:00.000Z',
    },
  ],
});

describe('Portal do RH', { timeout: 90_000 }, () => {
  it('lists the tickets with deadlines, a late mark in words and the confidential mark; filters go to the call and the URL', async () => {
    const asked: Record<string, unknown>[] = [];
    fakeBackend({
      ...common,
      consultaChamadosAdmin: (body) => {
        asked.push(body as Record<string, unknown>);
        return list([
          ticket({ flAtrasado: 'S', responsavel: ana }),
          ticket({
            idChamado: 32,
            protocolo: 'RH-2026-000032',
            assunto: 'Denúncia',
            idAssunto: 4,
            flConfidencial: 'S',
            dtLimitePrimeiraResposta: null,
            dtLimiteSolucao: null,
          }),
        ]);
      },
    });
    renderApp('/admin/portal-rh', { user: editor });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    const late = (await table.findByRole('rowheader', { name: 'RH-2026-000031' })).closest('tr')!;
    expect(within(late).getByText('Atrasado')).toBeInTheDocument();
    expect(within(late).getByText('Ana RH')).toBeInTheDocument();
    expect(within(late).getByText('1ª resposta: 20/11/2026 14:00')).toBeInTheDocument();
    expect(within(late).getByRole('link', { name: 'RH-2026-000031' })).toHaveAttribute(
      'href',
      '/admin/portal-rh/chamados/31',
    );
    const confidential = table.getByRole('rowheader', { name: 'RH-2026-000032' }).closest('tr')!;
    expect(within(confidential).getByText('Confidencial')).toBeInTheDocument();
    expect(within(confidential).getByText('Sem prazo')).toBeInTheDocument();
    expect(within(confidential).getByText('Sem responsável')).toBeInTheDocument();

    const sections = within(screen.getByRole('navigation', { name: 'Seções do Portal do RH' }));
    expect(sections.getByRole('link', { name: 'Chamados' })).toHaveAttribute('aria-current', 'page');
    expect(sections.getByRole('link', { name: 'Relatório de SLA' })).toHaveAttribute(
      'href',
      '/admin/portal-rh/relatorio',
    );
    expect(sections.getByRole('link', { name: 'Configurações' })).toHaveAttribute(
      'href',
      '/admin/portal-rh/configuracoes',
    );

    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Em andamento');
    await userEvent.selectOptions(screen.getByLabelText('Assunto'), 'Férias');
    await userEvent.selectOptions(screen.getByLabelText('Responsável'), 'Bruno RH');
    await userEvent.click(screen.getByLabelText('Somente atrasados'));
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({
        status: 'EM_ANDAMENTO',
        idAssunto: 2,
        idResponsavel: 4,
        flAtrasado: 'S',
      }),
    );
    expect(screen.getByTestId('location').textContent).toBe(
      '/admin/portal-rh?status=EM_ANDAMENTO&assunto=2&responsavel=4&atrasados=S',
    );
  });

  it('a ticket shows its facts and the thread with internal notes labelled apart; a canned answer fills the reply, sent as a note', async () => {
    const replies: Record<string, unknown>[] = [];
    const statuses: unknown[] = [];
    const assignments: unknown[] = [];
    fakeBackend({
      ...common,
      consultaChamadoAdmin: () => ok(thread()),
      consultaRespostasProntasAdmin: () =>
        ok({
          listRespostas: [
            {
              idResposta: 8,
              idAssunto: 2,
              titulo: 'Férias aprovadas',
              texto: 'Suas férias foram aprovadas.',
            },
          ],
        }),
      respondeChamadoAdmin: (body) => {
        replies.push(body as Record<string, unknown>);
        return ok({ chamado: ticket() });
      },
      alteraStatusChamadoAdmin: (body) => {
        statuses.push(body);
        return ok({ chamado: ticket({ status: 'RESOLVIDO' }) });
      },
      atribuiChamadoAdmin: (body) => {
        assignments.push(body);
        return ok({ chamado: ticket({ responsavel: bruno }) });
      },
    });
    renderApp('/admin/portal-rh/chamados/31', { user: editor });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Chamado RH-2026-000031' },
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('maria.silva@demo.elo')).toBeInTheDocument();
    const messages = within(screen.getByRole('list', { name: 'Mensagens do chamado' }));
    const note = messages.getByRole('article', { name: 'Nota interna' });
    expect(within(note).getByText('Conferir o saldo antes de responder.')).toBeInTheDocument();
    const fromEmployee = messages.getByRole('article', { name: 'Colaborador' });
    expect(within(fromEmployee).getByRole('link', { name: 'escala.pdf' })).toBeInTheDocument();

    await userEvent.selectOptions(await screen.findByLabelText('Resposta pronta'), 'Férias aprovadas');
    expect(screen.getByRole('textbox', { name: /^Mensagem/ })).toHaveValue('Suas férias foram aprovadas.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nota interna' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar nota interna' }));
    await waitFor(() =>
      expect(replies).toEqual([
        { idChamado: '31', mensagem: 'Suas férias foram aprovadas.', flNotaInterna: 'S' },
      ]),
    );
    expect(await screen.findByText('Nota interna salva.')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Situação'), 'Resolvido');
    await waitFor(() => expect(statuses).toEqual([{ idChamado: 31, status: 'RESOLVIDO' }]));
    await userEvent.selectOptions(screen.getByLabelText('Responsável'), 'Bruno RH');
    await waitFor(() => expect(assignments).toEqual([{ idChamado: 31, idUsuarioResponsavel: 4 }]));
  });

  it("a notification's link (/admin/portal-rh?idChamado=N) opens that ticket's page", async () => {
    fakeBackend({ ...common, consultaChamadoAdmin: () => ok(thread()) });
    renderApp('/admin/portal-rh?idChamado=31', { user: editor });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Chamado RH-2026-000031' },
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/portal-rh/chamados/31');
  });

  it('a read-only administrator reads the ticket without reply, status or responsible controls', async () => {
    fakeBackend({ ...common, consultaChamadoAdmin: () => ok(thread()) });
    renderApp('/admin/portal-rh/chamados/31', { user: reader });
    await screen.findByRole('list', { name: 'Mensagens do chamado' }, { timeout: firstLoad });
    expect(screen.getByText(/Seu acesso ao Portal do RH é de leitura/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Mensagem/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Situação')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Responsável')).not.toBeInTheDocument();
  });

  it('the SLA report shows a month per subject, with its exports, and keeps the month in the URL', async () => {
    const months: unknown[] = [];
    fakeBackend({
      consultaRelatorioSlaAdmin: (body) => {
        months.push((body as { mes: string }).mes);
        return ok({
          mes: (body as { mes: string }).mes,
          listLinhas: [
            {
              idAssunto: 2,
              assunto: 'Férias',
              qtdChamados: 4,
              medianaPrimeiraRespostaMinutos: 150,
              percentualNoSla: 75,
              satisfacaoMedia: 4.5,
              qtdAvaliacoes: 2,
            },
          ],
        });
      },
    });
    renderApp('/admin/portal-rh/relatorio?mes=2026-10', { user: reader });
    const table = within(await screen.findByRole('table', {}, { timeout: firstLoad }));
    const row = (await table.findByRole('rowheader', { name: 'Férias' })).closest('tr')!;
    expect(within(row).getByText('2 h 30 min')).toBeInTheDocument();
    expect(within(row).getByText('75%')).toBeInTheDocument();
    expect(within(row).getByText('(2 avaliações)')).toBeInTheDocument();
    expect(screen.getByText('SLA por assunto em outubro de 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/backend/portal-rh/relatorio-sla.csv?mes=2026-10&idioma=pt-BR',
    );
    expect(screen.getByRole('link', { name: 'Exportar XLSX' })).toHaveAttribute(
      'href',
      '/backend/portal-rh/relatorio-sla.xlsx?mes=2026-10&idioma=pt-BR',
    );
    expect(months).toEqual(['2026-10']);
    const sections = within(screen.getByRole('navigation', { name: 'Seções do Portal do RH' }));
    expect(sections.getByRole('link', { name: 'Relatório de SLA' })).toHaveAttribute('aria-current', 'page');
  });
});
