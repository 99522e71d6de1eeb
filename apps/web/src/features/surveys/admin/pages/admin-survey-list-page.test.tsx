import type { PesquisaAdminResumo } from '@elo/contract/calls/surveys-admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  calledNames,
  fakeBackend,
  invalid,
  makeLoggedUser,
  ok,
  renderApp,
  type FakeBackend,
} from '#app/test-harness.tsx';

function summary(overrides: Partial<PesquisaAdminResumo>): PesquisaAdminResumo {
  return {
    idPesquisa: 1,
    titulo: 'Clima',
    status: 'Publicada',
    dtInicioPesquisa: '2026-11-01T12:00:00.000Z',
    dtFimPesquisa: '2026-12-01T12:00:00.000Z',
    dtCriacao: '2026-10-30T12:00:00.000Z',
    grupos: [{ idGrupo: 10, nome: 'Todos', sigla: 'TDS' }],
    flAnonima: 'N',
    flQuiz: 'N',
    qtdRespostas: 4,
    ...overrides,
  };
}

/** The list asks for the company's minimum of respondents of anonymous surveys too. */
const settings: FakeBackend = {
  consultaConfiguracoesPesquisasAdmin: () => ok({ configuracoes: { qtdMinimaRespondentes: 5 } }),
};

// An administrator who may edit surveys (ADMIN_PESQUISAS at E).
const admin = {
  ...makeLoggedUser({ flAdministrador: true }),
  permissoesAdmin: [{ permissao: 'ADMIN_PESQUISAS' as const, status: 'E' as const }],
};

// Whole-route renders load each page's chunk first; a busy machine needs more than 5 s.
describe('administration survey list', { timeout: 20_000 }, () => {
  it('offers each survey the actions its state allows', async () => {
    fakeBackend({
      ...settings,
      consultaPesquisasAdmin: () =>
        ok({
          listPesquisas: [
            summary({ idPesquisa: 1, titulo: 'Clima' }),
            summary({ idPesquisa: 2, titulo: 'Rascunho novo', status: 'Rascunho', qtdRespostas: 0 }),
          ],
        }),
    });
    renderApp('/admin/pesquisas', { user: admin });
    const published = within(await screen.findByRole('group', { name: 'Ações da pesquisa Clima' }));
    expect(published.getByRole('button', { name: 'Encerrar' })).toBeInTheDocument();
    expect(published.queryByRole('button', { name: 'Publicar' })).not.toBeInTheDocument();
    // It has answers: it can no longer be deleted.
    expect(published.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(published.getByRole('link', { name: 'Resultados' })).toHaveAttribute(
      'href',
      '/admin/pesquisas/1/resultados',
    );
    const draft = within(screen.getByRole('group', { name: 'Ações da pesquisa Rascunho novo' }));
    expect(draft.getByRole('button', { name: 'Publicar' })).toBeInTheDocument();
    expect(draft.getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
  });

  it('shows a read-only administrator the surveys and their results, and nothing that changes them', async () => {
    fakeBackend({
      ...settings,
      consultaPesquisasAdmin: () =>
        ok({
          listPesquisas: [
            summary({ idPesquisa: 2, titulo: 'Rascunho novo', status: 'Rascunho', qtdRespostas: 0 }),
          ],
        }),
    });
    renderApp('/admin/pesquisas', {
      user: makeLoggedUser({
        flAdministrador: true,
        permissoesAdmin: [{ permissao: 'ADMIN_PESQUISAS', status: 'L' }],
      }),
    });
    const row = within(await screen.findByRole('group', { name: 'Ações da pesquisa Rascunho novo' }));
    expect(row.getByRole('link', { name: 'Resultados' })).toHaveAttribute(
      'href',
      '/admin/pesquisas/2/resultados',
    );
    expect(row.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    for (const name of ['Duplicar', 'Publicar', 'Excluir']) {
      expect(row.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Nova pesquisa' })).not.toBeInTheDocument();
  });

  it('sends a read-only administrator who opens the editor by its address away', async () => {
    fakeBackend(settings);
    renderApp('/admin/pesquisas/nova', {
      user: makeLoggedUser({
        flAdministrador: true,
        permissoesAdmin: [{ permissao: 'ADMIN_PESQUISAS', status: 'L' }],
      }),
    });
    expect(await screen.findByText('Você não tem acesso a esta funcionalidade.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nova pesquisa' })).not.toBeInTheDocument();
  });

  it('finds surveys by title, asking the server with what was typed', async () => {
    const searches: unknown[] = [];
    fakeBackend({
      ...settings,
      consultaPesquisasAdmin: (body) => {
        const busca = (body as { busca?: string }).busca;
        searches.push(busca);
        const all = [summary({ idPesquisa: 1, titulo: 'Clima' }), summary({ idPesquisa: 2, titulo: 'Quiz' })];
        return ok({ listPesquisas: all.filter((survey) => !busca || survey.titulo.includes(busca)) });
      },
    });
    renderApp('/admin/pesquisas', { user: admin });
    await screen.findByRole('group', { name: 'Ações da pesquisa Quiz' });
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Buscar por título' }), 'Clima');
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Ações da pesquisa Quiz' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('group', { name: 'Ações da pesquisa Clima' })).toBeInTheDocument();
    expect(searches[0]).toBeUndefined();
    expect(searches.at(-1)).toBe('Clima');
  });

  it('closes a survey after confirming, and says why a duplicate failed', async () => {
    const fetchMock = fakeBackend({
      ...settings,
      consultaPesquisasAdmin: () => ok({ listPesquisas: [summary({})] }),
      encerraPesquisa: () => ok({ pesquisa: { ...summary({ status: 'Encerrada' }) } }),
      duplicaPesquisa: () => ({ status: 500, body: { message: 'Falhou', error_code: 'INTERNAL_ERROR' } }),
    });
    renderApp('/admin/pesquisas', { user: admin });
    const actions = within(await screen.findByRole('group', { name: 'Ações da pesquisa Clima' }));
    await userEvent.click(actions.getByRole('button', { name: 'Encerrar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Encerrar a pesquisa?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Encerrar' }));
    await waitFor(() => expect(calledNames(fetchMock)).toContain('encerraPesquisa'));
    expect((await screen.findAllByText('Pesquisa “Clima” encerrada.')).length).toBeGreaterThan(0);

    await userEvent.click(actions.getByRole('button', { name: 'Duplicar' }));
    expect((await screen.findAllByText('Falhou')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/pesquisas$/);
  });

  it('keeps the status filter and the search in the address', async () => {
    const asked: unknown[] = [];
    fakeBackend({
      ...settings,
      consultaPesquisasAdmin: (body) => {
        asked.push(body);
        return ok({
          listPesquisas: [summary({ idPesquisa: 2, titulo: 'Rascunho novo', status: 'Rascunho' })],
        });
      },
    });
    renderApp('/admin/pesquisas?status=Rascunho&busca=novo', { user: admin });
    await screen.findByRole('group', { name: 'Ações da pesquisa Rascunho novo' });
    expect(asked[0]).toEqual({ status: 'Rascunho', busca: 'novo' });
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveValue('Rascunho');
    expect(screen.getByRole('searchbox', { name: 'Buscar por título' })).toHaveValue('novo');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todas');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/pesquisas\?busca=novo$/),
    );
    await waitFor(() => expect(asked.at(-1)).toEqual({ busca: 'novo' }));
  });
  it('shows the hidden count of an anonymous survey as hidden, and still offers to delete it', async () => {
    fakeBackend({
      ...settings,
      consultaPesquisasAdmin: () =>
        ok({ listPesquisas: [summary({ titulo: 'Clima anônimo', flAnonima: 'S', qtdRespostas: null })] }),
    });
    renderApp('/admin/pesquisas', { user: admin });
    const actions = await screen.findByRole('group', { name: 'Ações da pesquisa Clima anônimo' });
    const row = actions.closest('tr')!;
    expect(within(row).getByText('Oculto (anonimato)')).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
  });

  it('says the minimum of respondents and changes it, refusing less than 3 in the contract’s words', async () => {
    const saved: unknown[] = [];
    fakeBackend({
      ...settings,
      consultaPesquisasAdmin: () => ok({ listPesquisas: [summary({})] }),
      salvaConfiguracoesPesquisasAdmin: (body) => {
        saved.push(body);
        const value = (body as { qtdMinimaRespondentes: number }).qtdMinimaRespondentes;
        return value === 99
          ? invalid({ qtdMinimaRespondentes: ['Recusado pelo servidor'] })
          : ok({ configuracoes: { qtdMinimaRespondentes: value } });
      },
    });
    renderApp('/admin/pesquisas', { user: admin });
    const section = within(await screen.findByRole('region', { name: 'Anonimato das pesquisas' }));
    expect(
      await section.findByText(
        'Pesquisas anônimas mostram resultados, contagens e exportações só quando pelo menos 5 pessoas responderam (o mesmo vale para cada recorte).',
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(section.getByRole('button', { name: 'Alterar mínimo' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mínimo de respostas das pesquisas anônimas' }));
    const field = dialog.getByRole('spinbutton', { name: /Mínimo de respostas/ });
    expect(field).toHaveValue(5);
    await user.clear(field);
    await user.type(field, '2');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(
      await dialog.findByText(
        'Informe de 3 a 100 respostas: com menos de 3, o anonimato não fica preservado',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
    // What the server refuses is said beside the field too.
    await user.clear(field);
    await user.type(field, '99');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(await dialog.findByText('Recusado pelo servidor')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '8');
    await user.click(dialog.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved.at(-1)).toEqual({ qtdMinimaRespondentes: 8 }));
    expect((await screen.findAllByText('Mínimo de respostas salvo: 8.')).length).toBeGreaterThan(0);
    expect(
      await section.findByText(
        'Pesquisas anônimas mostram resultados, contagens e exportações só quando pelo menos 8 pessoas responderam (o mesmo vale para cada recorte).',
      ),
    ).toBeInTheDocument();
  });

  it('shows a read-only administrator the minimum, with nothing to change it', async () => {
    fakeBackend({ ...settings, consultaPesquisasAdmin: () => ok({ listPesquisas: [] }) });
    renderApp('/admin/pesquisas', {
      user: makeLoggedUser({
        flAdministrador: true,
        permissoesAdmin: [{ permissao: 'ADMIN_PESQUISAS', status: 'L' }],
      }),
    });
    const section = within(await screen.findByRole('region', { name: 'Anonimato das pesquisas' }));
    expect(await section.findByText(/pelo menos 5 pessoas responderam/)).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Alterar mínimo' })).not.toBeInTheDocument();
  });
});
