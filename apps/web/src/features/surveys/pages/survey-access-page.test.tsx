import { Permission } from '@elo/contract/enums';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { makeQuestion, makeSurvey } from '../survey-fixtures.ts';

const application = {
  pesquisa: makeSurvey({ flLida: 'S' }),
  questoes: [makeQuestion(1, 1)],
  aplicacao: {
    idAppPesquisaAplicacao: 31,
    statusResposta: 1,
    dtInicio: '2026-11-21T12:00:00.000Z',
    dtFinalizacao: null,
    respostasUsuario: [],
  },
};

// Whole-route renders load each page's chunk first; a busy machine needs more than 5 s.
describe('survey entry (spec section 4)', { timeout: 20_000 }, () => {
  it('marks an unread survey read, starts an application and opens it', async () => {
    const fetchMock = fakeBackend({
      consultaPesquisa: () => ok({ pesquisa: makeSurvey() }),
      marcaPesquisaLida: () => ok({ ok: true }),
      inicializaRespostaPesquisa: () => ok({ idAplicacao: 31 }),
      consultaAplicacaoPesquisa: () => ok(application),
      consultaPesquisas: () => ok({ listPesquisas: [] }),
    });
    renderApp('/painel/pesquisas/acessar/5', { user: makeLoggedUser() });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/painel/pesquisas/responder/5/aplicacao/31'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pesquisa de clima' })).toBeInTheDocument();
    // The survey calls in order (the header's bell asks its own alongside): read once, one
    // application started, then opened.
    expect(calledNames(fetchMock).filter((name) => name.includes('Pesquisa'))).toEqual([
      'consultaPesquisa',
      'marcaPesquisaLida',
      'inicializaRespostaPesquisa',
      'consultaAplicacaoPesquisa',
    ]);
  });

  it('continues the unfinished application without starting another', async () => {
    const fetchMock = fakeBackend({
      consultaPesquisa: () =>
        ok({ pesquisa: makeSurvey({ flLida: 'S', statusResposta: 1, idAplicacaoEmAndamento: 31 }) }),
      consultaAplicacaoPesquisa: () => ok(application),
    });
    renderApp('/painel/pesquisas/acessar/5', { user: makeLoggedUser() });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/painel/pesquisas/responder/5/aplicacao/31'),
    );
    expect(calledNames(fetchMock)).not.toContain('inicializaRespostaPesquisa');
    expect(calledNames(fetchMock)).not.toContain('marcaPesquisaLida');
  });

  it('shows the closed-survey notice when the survey is closed and its results are not for this user', async () => {
    fakeBackend({
      consultaPesquisa: () =>
        ok({ pesquisa: makeSurvey({ flLida: 'S', situacao: 'ENCERRADA', flPodeResponder: false }) }),
    });
    renderApp('/painel/pesquisas/acessar/5', { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { name: 'Esta pesquisa está encerrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para as pesquisas' })).toHaveAttribute(
      'href',
      '/painel/pesquisas',
    );
  });

  it('says the company’s own name for the surveys in the way back', async () => {
    fakeBackend({
      consultaPesquisa: () =>
        ok({ pesquisa: makeSurvey({ flLida: 'S', situacao: 'ENCERRADA', flPodeResponder: false }) }),
    });
    renderApp('/painel/pesquisas/acessar/5', {
      user: {
        ...makeLoggedUser(),
        atalhosPermissoes: [{ permissao: Permission.surveys, atalho: 'Enquetes' }],
      },
    });
    expect(await screen.findByRole('heading', { name: 'Esta pesquisa está encerrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Enquetes' })).toHaveAttribute(
      'href',
      '/painel/pesquisas',
    );
  });

  it.each([
    [404, 'SURVEY_NOT_FOUND', 'Pesquisa não encontrada ou não disponível.'],
    [403, 'SURVEY_ACCESS_DENIED', 'Você não tem acesso a esta pesquisa.'],
    [500, 'INTERNAL_ERROR', 'Erro ao acessar a pesquisa.'],
  ])('answers %i with its message and goes back to the list', async (status, code, message) => {
    fakeBackend({
      consultaPesquisa: () => ({ status, body: { message: 'x', error_code: code } }),
      consultaPesquisas: () => ok({ listPesquisas: [] }),
    });
    renderApp('/painel/pesquisas/acessar/5', { user: makeLoggedUser() });
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/painel\/pesquisas$/));
  });
});
