import type { ComunicadoAdmin } from '@elo/contract/calls/announcements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({ flAdministrador: true });
const stale = 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.';

const announcement = (overrides: Partial<ComunicadoAdmin> = {}): ComunicadoAdmin => ({
  idComunicado: 8,
  urlImagem: '/backend/midia/1/banners/c.png',
  descricao: 'Campanha do agasalho',
  link: null,
  dtInicio: '2026-11-01T12:00:00.000Z',
  dtFim: '2026-12-31T12:00:00.000Z',
  idsGrupos: [],
  ordem: 1,
  status: 'ativo',
  qtdVisualizacoes: 0,
  qtdCliques: 0,
  versao: 2,
  ...overrides,
});

describe('announcement form (issue 27)', { timeout: 40_000 }, () => {
  it('sends the versao it read; a stale save keeps the typed text and offers to reload the current announcement', async () => {
    const sent: Record<string, unknown>[] = [];
    let current = announcement();
    fakeBackend({
      consultaComunicadosAdmin: () =>
        ok({ listComunicados: [current], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 1 }),
      consultaGruposComunicadoAdmin: () => ok({ listGrupos: [] }),
      salvaComunicadoAdmin: (body) => {
        sent.push(body as Record<string, unknown>);
        if (Number((body as { versao?: string }).versao) !== current.versao)
          return { status: 409, body: { message: stale, error_code: 'REGISTRO_ALTERADO' } };
        return ok({ comunicado: { ...current, versao: current.versao + 1 } });
      },
    });
    renderApp('/admin/comunicados', { user: editor });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Editar Campanha do agasalho' }, { timeout: firstLoad }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Editar comunicado' }));
    // Someone else changes its link meanwhile.
    current = announcement({ link: '/painel/pesquisas', versao: 3 });
    const description = dialog.getByRole('textbox', { name: /Descrição da imagem/ });
    await userEvent.clear(description);
    await userEvent.type(description, 'Campanha de inverno');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));

    expect(await dialog.findByText(stale)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ idComunicado: '8', versao: '2', descricao: 'Campanha de inverno' });
    expect(dialog.getByRole('textbox', { name: /Descrição da imagem/ })).toHaveValue('Campanha de inverno');

    await userEvent.click(dialog.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: /^Link/ })).toHaveValue('/painel/pesquisas'),
    );
    expect(dialog.getByRole('textbox', { name: /Descrição da imagem/ })).toHaveValue('Campanha do agasalho');
    expect(dialog.queryByText(stale)).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Comunicado salvo.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ versao: '3', link: '/painel/pesquisas' });
  });
});
