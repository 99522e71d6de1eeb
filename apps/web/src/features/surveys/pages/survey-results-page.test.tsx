import type { consultaResultadoPesquisa } from '@elo/contract/calls/surveys';
import type { CallOutput } from '@elo/contract/define-call';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { makeQuestion, makeSurvey } from '../survey-fixtures.ts';

type Results = CallOutput<typeof consultaResultadoPesquisa>;

const hiddenMessage =
  'Os resultados aparecem quando houver pelo menos 5 respostas, para preservar o anonimato.';

/** An anonymous survey's results for someone who answered 'Sim'; hidden unless told otherwise. */
function results(hidden: boolean): Results {
  const question = makeQuestion(1, 2);
  return {
    pesquisa: makeSurvey({ flAnonima: 'S', flPodeResponder: false, flPodeVerResultado: true }),
    qtdAplicacoes: hidden ? null : 6,
    resultadoOculto: hidden
      ? { motivo: 'POUCOS_RESPONDENTES', qtdMinimaRespondentes: 5, mensagem: hiddenMessage }
      : null,
    questoes: [
      {
        idPesquisaQuestao: question.idPesquisaQuestao,
        titulo: question.titulo,
        tipoQuestao: 2,
        ordem: 1,
        qtdRespostas: hidden ? null : 6,
        opcoes: question.opcoes.map((option, index) => ({
          ...option,
          flCorreta: 'N',
          qtd: hidden ? null : [4, 2, 0][index]!,
          percentual: hidden ? null : [66.7, 33.3, 0][index]!,
        })),
        respostaUsuario: {
          idPesquisaQuestao: 1,
          idPesquisaResposta: 11,
          idsPesquisaResposta: [],
          resposta: '',
          midias: [],
        },
        flAcertou: null,
      },
    ],
    qtdQuestoesQuiz: 0,
    qtdAcertos: 0,
  };
}

describe('survey results for the employee', { timeout: firstLoad }, () => {
  it('shows an anonymous survey’s reason instead of its counts, and the person’s own answer', async () => {
    fakeBackend({ consultaResultadoPesquisa: () => ok(results(true)) });
    renderApp('/painel/pesquisas/respostas/5', { user: makeLoggedUser() });
    expect(await screen.findByText(hiddenMessage)).toBeInTheDocument();
    expect(screen.getByText('Sua resposta').parentElement).toHaveTextContent('Sim');
    expect(screen.queryByText(/enviadas? até agora/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^\d+ respostas?$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the counts once they show', async () => {
    fakeBackend({ consultaResultadoPesquisa: () => ok(results(false)) });
    renderApp('/painel/pesquisas/respostas/5', { user: makeLoggedUser() });
    expect(await screen.findByText('6 respostas enviadas até agora.')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(hiddenMessage)).not.toBeInTheDocument();
  });
});
