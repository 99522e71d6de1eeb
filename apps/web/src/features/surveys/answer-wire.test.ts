import type { Questao } from '@elo/contract/calls/surveys';
import { SurveyQuestionType } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import { answersFromApplication, toWireAnswer } from './answer-wire.ts';

function question(id: number, tipoQuestao: Questao['tipoQuestao']): Questao {
  return {
    idPesquisaQuestao: id,
    titulo: `Pergunta ${id}`,
    descricao: null,
    tipoQuestao,
    flObrigatoria: 'N',
    ordem: id,
    qtdMaximoArquivo: null,
    limiteBytesUpload: null,
    formatosUploadPermitidos: [],
    flAceitarSomenteArquivosEspecificos: 'N',
    opcoes: [
      {
        idPesquisaResposta: 1,
        descricao: 'Sim',
        flOutro: 'N',
        flDissertacaoDisponivel: 'N',
        flDissertacaoObrigatoria: 'N',
        ordem: 1,
      },
      {
        idPesquisaResposta: 2,
        descricao: 'Outro',
        flOutro: 'S',
        flDissertacaoDisponivel: 'S',
        flDissertacaoObrigatoria: 'S',
        ordem: 2,
      },
    ],
  };
}

describe('answers on the wire', () => {
  it('sends each type in its own field', () => {
    const answer = {
      resposta: ' texto ',
      idsRespostas: [2],
      arquivos: [{ idMidia: 7, nomeArquivo: 'a.pdf', tamanhoBytes: 3 }],
    };
    expect(toWireAnswer(question(1, SurveyQuestionType.openText), answer)).toEqual({
      idPesquisaQuestao: 1,
      resposta: 'texto',
    });
    expect(toWireAnswer(question(2, SurveyQuestionType.multipleChoice), answer)).toEqual({
      idPesquisaQuestao: 2,
      idPesquisaResposta: 2,
      resposta: 'texto',
    });
    expect(
      toWireAnswer(question(3, SurveyQuestionType.checkbox), { ...answer, idsRespostas: [1, 2] }),
    ).toEqual({
      idPesquisaQuestao: 3,
      idsPesquisaResposta: [1, 2],
      resposta: 'texto',
    });
    expect(toWireAnswer(question(4, SurveyQuestionType.upload), answer)).toEqual({
      idPesquisaQuestao: 4,
      idsMidias: [7],
    });
  });

  it("drops the 'other' text once another option is chosen", () => {
    const answer = { resposta: 'antigo', idsRespostas: [1], arquivos: [] };
    expect(toWireAnswer(question(2, SurveyQuestionType.multipleChoice), answer)).toMatchObject({
      resposta: '',
    });
  });

  it('restores saved answers by question, empty where nothing was saved', () => {
    const questions = [
      question(1, SurveyQuestionType.multipleChoice),
      question(2, SurveyQuestionType.openText),
    ];
    const answers = answersFromApplication(questions, [
      { idPesquisaQuestao: 1, idPesquisaResposta: 2, idsPesquisaResposta: [], resposta: 'RH', midias: [] },
    ]);
    expect(answers[1]).toEqual({ resposta: 'RH', idsRespostas: [2], arquivos: [] });
    expect(answers[2]).toEqual({ resposta: '', idsRespostas: [], arquivos: [] });
  });
});
