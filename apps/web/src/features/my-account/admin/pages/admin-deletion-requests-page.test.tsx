import type { SolicitacaoExclusao } from '@elo/contract/calls/my-account';
import { limits } from '@elo/contract/limits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

function request(overrides: Partial<SolicitacaoExclusao> = {}): SolicitacaoExclusao {
  return {
    idSolicitacao: 1,
    usuario: {
      idUsuario: 9,
      nome: 'Otávio Reis',
      email: 'otavio@empresa.com',
      matricula: null,
      urlFoto: null,
    },
    comentario: `Quero sair do portal. ${'Motivo longo '.repeat(12)}fim do comentário.`,
    dtSolicitacao: '2026-03-10T15:00:00.000Z',
    status: 'PENDENTE',
    dtDecisao: null,
    nomeResponsavel: null,
    ...overrides,
  };
}

const answer = (rows: SolicitacaoExclusao[]) =>
  ok({
    listSolicitacoes: rows,
    idPaginaAtual: 1,
    qtdRegistrosPorPagina: limits.pageSize.admin,
    qtdTotalRegistros: rows.length,
  });

const editor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_USUARIOS', status: 'E' }],
});
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_USUARIOS', status: 'L' }],
});

describe('deletion requests page', { timeout: 40_000 }, () => {
  it('lists the requests, opens a whole comment, and forces one after a permanent-action warning', async () => {
    const asked: unknown[] = [];
    const forced: unknown[] = [];
    let rows = [
      request(),
      request({
        idSolicitacao: 2,
        usuario: { ...request().usuario, nome: 'Lia Souza' },
        comentario: 'Curto',
        status: 'CANCELADA',
        dtDecisao: '2026-03-11T15:00:00.000Z',
        nomeResponsavel: 'Beatriz',
      }),
    ];
    fakeBackend({
      consultaSolicitacoesExclusaoAdmin: (body) => {
        asked.push(body);
        return answer(rows);
      },
      efetivaSolicitacaoExclusaoAdmin: (body) => {
        forced.push(body);
        rows = [request({ status: 'EM_EXCLUSAO' }), rows[1]!];
        return ok({ solicitacao: rows[0] });
      },
    });
    renderApp('/admin/usuarios/solicitacoes-exclusao?status=PENDENTE', { user: editor });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Solicitações de exclusão' },
        { timeout: firstLoad },
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(asked[0]).toEqual({
        idPaginaAtual: 1,
        qtdRegistrosPorPagina: limits.pageSize.admin,
        status: 'PENDENTE',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('PENDENTE');

    const table = within(await screen.findByRole('table'));
    const first = table.getByRole('rowheader', { name: /Otávio Reis/ }).closest('tr')!;
    expect(within(first).getByText('10/03/2026 12:00')).toBeInTheDocument();
    expect(within(first).queryByText(/fim do comentário/)).not.toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Ler o comentário de Otávio Reis' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Comentário de Otávio Reis' }));
    expect(dialog.getByText(/fim do comentário\.$/)).toBeInTheDocument();
    await userEvent.click(dialog.getAllByRole('button', { name: 'Fechar' })[0]!);

    const second = table.getByRole('rowheader', { name: /Lia Souza/ }).closest('tr')!;
    expect(within(second).getByText('Cancelada')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Forçar exclusão' })).not.toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Forçar exclusão' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Excluir a conta de Otávio Reis?' }));
    expect(confirm.getByText(/Esta ação é definitiva/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole('button', { name: 'Forçar exclusão' }));
    await waitFor(() => expect(forced).toEqual([{ idSolicitacao: 1 }]));
    expect(await table.findByText('Em exclusão')).toBeInTheDocument();
  });

  it('cancels a request after confirming', async () => {
    const cancelled: unknown[] = [];
    fakeBackend({
      consultaSolicitacoesExclusaoAdmin: () => answer([request()]),
      cancelaSolicitacaoExclusaoAdmin: (body) => {
        cancelled.push(body);
        return ok({ solicitacao: request({ status: 'CANCELADA' }) });
      },
    });
    renderApp('/admin/usuarios/solicitacoes-exclusao', { user: editor });
    const cancel = await screen.findByRole(
      'button',
      { name: 'Cancelar solicitação' },
      { timeout: firstLoad },
    );
    await userEvent.click(cancel);
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Cancelar a solicitação de Otávio Reis?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Cancelar solicitação' }));
    await waitFor(() => expect(cancelled).toEqual([{ idSolicitacao: 1 }]));
    expect(await screen.findByText('Solicitação de Otávio Reis cancelada.')).toBeInTheDocument();
  });

  it('shows a read-only administrator the requests without the actions', async () => {
    fakeBackend({ consultaSolicitacoesExclusaoAdmin: () => answer([request()]) });
    renderApp('/admin/usuarios/solicitacoes-exclusao', { user: reader });
    expect(await screen.findByText('Otávio Reis', {}, { timeout: firstLoad })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forçar exclusão' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar solicitação' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ler o comentário de Otávio Reis' })).toBeInTheDocument();
  });
});
