import { type Pesquisa, type Questao } from '@elo/contract/calls/surveys-shapes';
import { isChoiceQuestion } from '@elo/contract/calls/surveys-rules';
import { SurveyQuestionType } from '@elo/contract/enums';

/** A survey as the server describes it to an employee, open and untouched unless overridden. */
export function makeSurvey(overrides: Partial<Pesquisa> = {}): Pesquisa {
  return {
    idPesquisa: 5,
    titulo: 'Pesquisa de clima',
    descricao: 'Conte como está o dia a dia.',
    imgCabecalho: null,
    dtInicioPesquisa: '2026-11-01T12:00:00.000Z',
    dtFimPesquisa: '2026-12-01T12:00:00.000Z',
    flLida: 'N',
    limitarAUmaResposta: true,
    desabilitarSalvamentoAutomatico: false,
    flAnonima: 'N',
    flQuiz: 'N',
    situacao: 'ABERTA',
    statusResposta: null,
    idAplicacaoEmAndamento: null,
    idAplicacaoFinalizada: null,
    qtdRespostasFinalizadas: 0,
    flPodeResponder: true,
    flPodeEditar: false,
    flPodeVerResultado: false,
    corPrincipal: '#0f766e',
    corFundo: '#f1f5f9',
    ...overrides,
  };
}

/** A question of a type, optional, with two plain options and an 'other' one for choices. */
export function makeQuestion(
  id: number,
  tipoQuestao: Questao['tipoQuestao'],
  overrides: Partial<Questao> = {},
): Questao {
  const choice = isChoiceQuestion(tipoQuestao);
  return {
    idPesquisaQuestao: id,
    titulo: `Pergunta ${id}`,
    descricao: null,
    tipoQuestao,
    flObrigatoria: 'N',
    ordem: id,
    qtdMaximoArquivo: tipoQuestao === SurveyQuestionType.upload ? 2 : null,
    limiteBytesUpload: tipoQuestao === SurveyQuestionType.upload ? 5 * 1024 * 1024 : null,
    formatosUploadPermitidos: [],
    flAceitarSomenteArquivosEspecificos: 'N',
    opcoes: choice
      ? [
          {
            idPesquisaResposta: id * 10 + 1,
            descricao: 'Sim',
            flOutro: 'N',
            flDissertacaoDisponivel: 'N',
            flDissertacaoObrigatoria: 'N',
            ordem: 1,
          },
          {
            idPesquisaResposta: id * 10 + 2,
            descricao: 'Não',
            flOutro: 'N',
            flDissertacaoDisponivel: 'N',
            flDissertacaoObrigatoria: 'N',
            ordem: 2,
          },
          {
            idPesquisaResposta: id * 10 + 3,
            descricao: 'Outro',
            flOutro: 'S',
            flDissertacaoDisponivel: 'S',
            flDissertacaoObrigatoria: 'S',
            ordem: 3,
          },
        ]
      : [],
    ...overrides,
  };
}
