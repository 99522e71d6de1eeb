import type { consultaResultadoPesquisaAdmin } from '@elo/contract/calls/surveys-admin';
import type { CallName } from '@elo/contract/calls/registry';
import type { CallOutput } from '@elo/contract/define-call';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledNames, fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

type Results = CallOutput<typeof consultaResultadoPesquisaAdmin>;

const hiddenMessage =
  'Os resultados aparecem quando houver pelo menos 5 respostas, para preservar o anonimato.';

const question = (hidden: boolean): Results['questoes'][number] => ({
  idPesquisaQuestao: 31,
  titulo: 'Recomendaria a empresa?',
  tipoQuestao: 2,
  ordem: 0,
  qtdRespostas: hidden ? null : 6,
  opcoes: [
    {
      idPesquisaResposta: 311,
      descricao: 'Sim',
      flOutro: 'N',
      flDissertacaoDisponivel: 'N',
      flDissertacaoObrigatoria: 'N',
      ordem: 0,
      flCorreta: 'N',
      qtd: hidden ? null : 4,
      percentual: hidden ? null : 66.7,
    },
  ],
  textos: hidden ? [] : ['abacaxi', 'Zebra'],
});

/** The results of an anonymous survey: hidden (2 answered) unless told otherwise. */
function results(overrides: Partial<Results> = {}, hidden = true): Results {
  return {
    pesquisa: {
      idPesquisa: 5,
      titulo: 'Clima anônimo',
      status: 'Publicada',
      dtInicioPesquisa: '2026-11-01T12:00:00.000Z',
      dtFimPesquisa: '2026-12-01T12:00:00.000Z',
      dtCriacao: '2026-10-30T12:00:00.000Z',
      grupos: [{ idGrupo: 10, nome: 'Equipe', sigla: 'EQP' }],
      flAnonima: 'S',
      flQuiz: 'N',
      qtdRespostas: hidden ? null : 6,
    },
    qtdPublicoAlvo: 11,
    qtdRespondentes: hidden ? null : 6,
    taxaResposta: hidden ? null : 54.5,
    qtdAplicacoes: hidden ? null : 6,
    questoes: [question(hidden)],
    respostasIndividuais: [],
    qtdMinimaRespondentes: 5,
    resultadoOculto: hidden
      ? { motivo: 'POUCOS_RESPONDENTES', qtdMinimaRespondentes: 5, mensagem: hiddenMessage }
      : null,
    recorte: null,
    recortes: [
      { tipo: 'GRUPO', id: 10, nome: 'Equipe' },
      { tipo: 'SETOR', id: 3, nome: 'Vendas' },
    ],
    ...overrides,
  };
}

const admin = {
  ...makeLoggedUser({ flAdministrador: true }),
  permissoesAdmin: [{ permissao: 'ADMIN_PESQUISAS' as const, status: 'L' as const }],
};

/** The export's address, answered by the fake backend like a call (it strips /backend/). */
const exportCall = (path: string) => path as CallName;

afterEach(() => vi.restoreAllMocks());

describe('administration survey results', { timeout: firstLoad }, () => {
  it('shows the server’s reason in place of the figures and charts while they are hidden', async () => {
    fakeBackend({ consultaResultadoPesquisaAdmin: () => ok(results()) });
    renderApp('/admin/pesquisas/5/resultados', { user: admin });
    const reason = (await screen.findByText(hiddenMessage)).closest('[role="status"]');
    expect(reason).toHaveTextContent('Resultados ocultos');
    expect(screen.queryByText('Taxa de resposta')).not.toBeInTheDocument();
    expect(screen.queryByText('Respostas enviadas')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Recomendaria a empresa\?/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows figures, charts and texts once they show', async () => {
    fakeBackend({ consultaResultadoPesquisaAdmin: () => ok(results({}, false)) });
    renderApp('/admin/pesquisas/5/resultados', { user: admin });
    expect(await screen.findByText('Taxa de resposta')).toBeInTheDocument();
    expect(screen.queryByText(hiddenMessage)).not.toBeInTheDocument();
    const card = within(
      screen.getByRole('heading', { name: '1. Recomendaria a empresa?' }).closest('section')!,
    );
    expect(card.getByRole('row', { name: /Sim/ })).toHaveTextContent('4');
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['abacaxi', 'Zebra']);
  });

  it('says why an export was refused instead of saving the error as a file', async () => {
    const fetchMock = fakeBackend({
      consultaResultadoPesquisaAdmin: () => ok(results()),
      [exportCall('pesquisas/5/exportacao.csv')]: () => ({
        status: 409,
        body: { message: hiddenMessage, error_code: 'SURVEY_RESULTS_HIDDEN' },
      }),
    });
    const createUrl = vi.spyOn(URL, 'createObjectURL');
    renderApp('/admin/pesquisas/5/resultados', { user: admin });
    await userEvent.click(await screen.findByRole('link', { name: 'Exportar CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível exportar');
    expect(alert).toHaveTextContent(hiddenMessage);
    expect(calledNames(fetchMock)).toContain('pesquisas/5/exportacao.csv');
    expect(createUrl).not.toHaveBeenCalled();
  });

  it('downloads an export the server gives, under the server’s file name', async () => {
    fakeBackend({ consultaResultadoPesquisaAdmin: () => ok(results({}, false)) });
    const fakeFetch = vi.mocked(fetch);
    const backend = fakeFetch.getMockImplementation()!;
    fakeFetch.mockImplementation(async (url, init) =>
      String(url).includes('exportacao.xlsx')
        ? new Response('PK', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="pesquisa-5.xlsx"' },
          })
        : backend(url, init),
    );
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:pesquisa');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    renderApp('/admin/pesquisas/5/resultados', { user: admin });
    await userEvent.click(await screen.findByRole('link', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(clicked).toEqual(['pesquisa-5.xlsx blob:pesquisa']));
    // The file's bytes, as the server sent them.
    expect(createUrl.mock.calls[0]![0]).toHaveProperty('size', 2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for a slice, keeps it in the address, and exports that slice', async () => {
    const asked: unknown[] = [];
    const fetchMock = fakeBackend({
      consultaResultadoPesquisaAdmin: (body) => {
        asked.push(body);
        const recorte = (body as { recorte?: { tipo: string; id: number } }).recorte;
        return ok(
          recorte ? results({ recorte: { tipo: 'SETOR', id: 3, nome: 'Vendas' } }) : results({}, false),
        );
      },
      [exportCall('pesquisas/5/exportacao.csv?tipoRecorte=SETOR&idRecorte=3')]: () => ({
        status: 409,
        body: { message: hiddenMessage, error_code: 'SURVEY_RESULTS_HIDDEN' },
      }),
    });
    renderApp('/admin/pesquisas/5/resultados', { user: admin });
    const select = await screen.findByRole('combobox', { name: 'Recorte' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos os respondentes', 'Grupo Equipe', 'Setor Vendas']);
    await userEvent.selectOptions(select, 'Setor Vendas');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/admin/pesquisas/5/resultados?recorte=SETOR%3A3',
      ),
    );
    expect(asked.at(-1)).toEqual({ idPesquisa: 5, recorte: { tipo: 'SETOR', id: 3 } });
    expect(await screen.findByText('Recorte: Setor Vendas')).toBeInTheDocument();
    expect(await screen.findByText(hiddenMessage)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Exportar CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(hiddenMessage);
    expect(calledNames(fetchMock)).toContain('pesquisas/5/exportacao.csv?tipoRecorte=SETOR&idRecorte=3');
  });
});
