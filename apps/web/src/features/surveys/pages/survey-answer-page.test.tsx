import type { Pesquisa } from '@elo/contract/calls/surveys-shapes';
import { SurveyQuestionType } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { makeQuestion, makeSurvey } from '../survey-fixtures.ts';

function applicationWith(
  overrides: { autosaveOff?: boolean; saved?: unknown[]; survey?: Partial<Pesquisa> } = {},
) {
  return {
    pesquisa: makeSurvey({
      flLida: 'S',
      desabilitarSalvamentoAutomatico: overrides.autosaveOff ?? false,
      ...overrides.survey,
    }),
    questoes: [
      makeQuestion(1, SurveyQuestionType.multipleChoice, { titulo: 'Como está o clima?' }),
      makeQuestion(2, SurveyQuestionType.openText, { titulo: 'O que melhorar?', flObrigatoria: 'S' }),
    ],
    aplicacao: {
      idAppPesquisaAplicacao: 31,
      statusResposta: 1,
      dtInicio: '2026-11-21T12:00:00.000Z',
      dtFinalizacao: null,
      respostasUsuario: overrides.saved ?? [],
    },
  };
}

const path = '/painel/pesquisas/responder/5/aplicacao/31';

function bodiesOf(fetchMock: ReturnType<typeof fakeBackend>, name: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === `/backend/${name}`)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

// Whole-route renders load each page's chunk first; a busy machine needs more than 5 s.
describe('answering a survey', { timeout: 20_000 }, () => {
  it('restores saved answers and autosaves a choice at once', async () => {
    const fetchMock = fakeBackend({
      consultaAplicacaoPesquisa: () =>
        ok(
          applicationWith({
            saved: [
              {
                idPesquisaQuestao: 2,
                idPesquisaResposta: null,
                idsPesquisaResposta: [],
                resposta: 'Mais café',
                midias: [],
              },
            ],
          }),
        ),
      salvaRespostaQuestaoPesquisa: () =>
        ok({
          resposta: {
            idPesquisaQuestao: 1,
            idPesquisaResposta: 11,
            idsPesquisaResposta: [],
            resposta: '',
            midias: [],
          },
        }),
    });
    renderApp(path, { user: makeLoggedUser() });
    const improve = await screen.findByRole('group', { name: /O que melhorar\?/ });
    expect(within(improve).getByRole('textbox')).toHaveValue('Mais café');
    await userEvent.click(screen.getByRole('radio', { name: 'Sim' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'salvaRespostaQuestaoPesquisa')).toEqual([
        { idPesquisaQuestao: 1, idPesquisaResposta: 11, resposta: '', idPesquisa: 5, idAplicacao: 31 },
      ]),
    );
    expect(await screen.findByText('Respostas salvas automaticamente.')).toBeInTheDocument();
  });

  it('saves a text once the user leaves the field, with what was typed last', async () => {
    const fetchMock = fakeBackend({
      consultaAplicacaoPesquisa: () => ok(applicationWith()),
      salvaRespostaQuestaoPesquisa: () =>
        ok({
          resposta: {
            idPesquisaQuestao: 2,
            idPesquisaResposta: null,
            idsPesquisaResposta: [],
            resposta: 'x',
            midias: [],
          },
        }),
    });
    renderApp(path, { user: makeLoggedUser() });
    const improve = await screen.findByRole('group', { name: /O que melhorar\?/ });
    await userEvent.type(within(improve).getByRole('textbox'), 'Mais café');
    await userEvent.tab();
    // Pauses while typing may save a part of it; what leaving the field saves is the whole text.
    await waitFor(() =>
      expect(bodiesOf(fetchMock, 'salvaRespostaQuestaoPesquisa').at(-1)).toEqual({
        idPesquisaQuestao: 2,
        resposta: 'Mais café',
        idPesquisa: 5,
        idAplicacao: 31,
      }),
    );
  });

  it('on submit names every problem and focuses the first invalid question, sending nothing', async () => {
    const fetchMock = fakeBackend({
      consultaAplicacaoPesquisa: () => ok(applicationWith({ autosaveOff: true })),
    });
    renderApp(path, { user: makeLoggedUser() });
    const climate = await screen.findByRole('group', { name: /Como está o clima\?/ });
    await userEvent.click(within(climate).getByRole('radio', { name: 'Outro' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(
      within(climate).getByText('Escreva a sua resposta no campo de texto da opção escolhida'),
    ).toBeInTheDocument();
    const improve = screen.getByRole('group', { name: /O que melhorar\?/ });
    expect(within(improve).getByText('Esta pergunta é obrigatória')).toBeInTheDocument();
    // The first invalid question is the first in order: its first control has the focus.
    expect(within(climate).getByRole('radio', { name: 'Sim' })).toHaveFocus();
    expect(within(improve).getByRole('textbox')).toHaveAccessibleDescription(/Esta pergunta é obrigatória/);
    expect(calledNames(fetchMock)).not.toContain('salvaRespostasDaPesquisa');
    expect(calledNames(fetchMock)).not.toContain('salvaRespostaQuestaoPesquisa');
  });

  it('sends every answer, finishes the application and shows the server’s question errors when refused', async () => {
    let refuse = true;
    const fetchMock = fakeBackend({
      consultaAplicacaoPesquisa: () => ok(applicationWith({ autosaveOff: true })),
      salvaRespostasDaPesquisa: () =>
        refuse
          ? {
              status: 422,
              body: { message: 'x', errors: { 'questoes.2': ['Permitido no máximo 500 caracteres'] } },
            }
          : ok({ ok: true }),
      finalizaRespostaPesquisa: () => ok({ statusResposta: 3 }),
      consultaResultadoPesquisa: () => ({
        status: 500,
        body: { message: 'x', error_code: 'INTERNAL_ERROR' },
      }),
      consultaPesquisas: () => ok({ listPesquisas: [] }),
    });
    renderApp(path, { user: makeLoggedUser() });
    const improve = await screen.findByRole('group', { name: /O que melhorar\?/ });
    await userEvent.type(within(improve).getByRole('textbox'), 'Mais pausas');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    expect(await within(improve).findByText('Permitido no máximo 500 caracteres')).toBeInTheDocument();
    expect(within(improve).getByRole('textbox')).toHaveFocus();
    expect(calledNames(fetchMock)).not.toContain('finalizaRespostaPesquisa');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Enviar respostas' }));
    await waitFor(() => expect(calledNames(fetchMock)).toContain('finalizaRespostaPesquisa'));
    expect(bodiesOf(fetchMock, 'salvaRespostasDaPesquisa').at(-1)).toEqual({
      idPesquisa: 5,
      idAplicacao: 31,
      isEdicaoResposta: false,
      respostas: [
        { idPesquisaQuestao: 1, idPesquisaResposta: null, resposta: '' },
        { idPesquisaQuestao: 2, resposta: 'Mais pausas' },
      ],
    });
  });

  it('edits a finished answer (editando=S): no autosave, saved with isEdicaoResposta and not finished again', async () => {
    const fetchMock = fakeBackend({
      consultaAplicacaoPesquisa: () =>
        ok({
          ...applicationWith({
            survey: { flPodeEditar: true, flPodeVerResultado: true, statusResposta: 3 },
            saved: [
              {
                idPesquisaQuestao: 2,
                idPesquisaResposta: null,
                idsPesquisaResposta: [],
                resposta: 'Antes',
                midias: [],
              },
            ],
          }),
          aplicacao: {
            idAppPesquisaAplicacao: 31,
            statusResposta: 3,
            dtInicio: '2026-11-21T12:00:00.000Z',
            dtFinalizacao: '2026-11-21T12:10:00.000Z',
            respostasUsuario: [
              {
                idPesquisaQuestao: 2,
                idPesquisaResposta: null,
                idsPesquisaResposta: [],
                resposta: 'Antes',
                midias: [],
              },
            ],
          },
        }),
      salvaRespostasDaPesquisa: () => ok({ ok: true }),
      consultaResultadoPesquisa: () => ({
        status: 500,
        body: { message: 'x', error_code: 'INTERNAL_ERROR' },
      }),
      consultaPesquisas: () => ok({ listPesquisas: [] }),
    });
    renderApp(`${path}?editando=S`, { user: makeLoggedUser() });
    expect(await screen.findByText(/Você está alterando uma resposta já enviada/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Limpar formulário' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Não' }));
    const improve = screen.getByRole('group', { name: /O que melhorar\?/ });
    await userEvent.type(within(improve).getByRole('textbox'), ' e depois');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(calledNames(fetchMock)).toContain('salvaRespostasDaPesquisa'));
    expect(bodiesOf(fetchMock, 'salvaRespostasDaPesquisa')[0]).toMatchObject({
      isEdicaoResposta: true,
      respostas: [
        { idPesquisaQuestao: 1, idPesquisaResposta: 12 },
        { idPesquisaQuestao: 2, resposta: 'Antes e depois' },
      ],
    });
    expect(calledNames(fetchMock)).not.toContain('salvaRespostaQuestaoPesquisa');
    expect(calledNames(fetchMock)).not.toContain('finalizaRespostaPesquisa');
  });

  it('opens the results of a finished application opened by its answer URL, with no form and no error', async () => {
    const fetchMock = fakeBackend({
      consultaAplicacaoPesquisa: () =>
        ok({
          ...applicationWith({
            survey: { statusResposta: 3, flPodeResponder: false, flPodeVerResultado: true },
          }),
          aplicacao: {
            idAppPesquisaAplicacao: 31,
            statusResposta: 3,
            dtInicio: '2026-11-21T12:00:00.000Z',
            dtFinalizacao: '2026-11-21T12:10:00.000Z',
            respostasUsuario: [],
          },
        }),
      consultaResultadoPesquisa: () => ok({ pesquisa: makeSurvey({ flLida: 'S' }), questoes: [] }),
    });
    renderApp(path, { user: makeLoggedUser() });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/painel/pesquisas/respostas/5'),
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(calledNames(fetchMock)).not.toContain('salvaRespostaQuestaoPesquisa');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the closed notice for a closed survey whose results the user may not see', async () => {
    fakeBackend({
      consultaAplicacaoPesquisa: () =>
        ok(applicationWith({ survey: { situacao: 'ENCERRADA', flPodeResponder: false } })),
    });
    renderApp(path, { user: makeLoggedUser() });
    expect(await screen.findByText('Esta pesquisa está encerrada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pesquisa de clima' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
