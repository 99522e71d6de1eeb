import { SurveyQuestionType } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import { answersFromApplication, toWireAnswer } from './answer-wire.ts';
import { makeQuestion } from './survey-fixtures.ts';

// makeQuestion gives choice question N the options N1 'Sim', N2 'Não' and N3 'Outro' (with text).

describe('answers on the wire', () => {
  it('sends each type in its own field', () => {
    const answer = {
      resposta: ' texto ',
      idsRespostas: [23],
      arquivos: [{ idMidia: 7, nomeArquivo: 'a.pdf', tamanhoBytes: 3 }],
    };
    expect(toWireAnswer(makeQuestion(1, SurveyQuestionType.openText), answer)).toEqual({
      idPesquisaQuestao: 1,
      resposta: 'texto',
    });
    expect(toWireAnswer(makeQuestion(2, SurveyQuestionType.multipleChoice), answer)).toEqual({
      idPesquisaQuestao: 2,
      idPesquisaResposta: 23,
      resposta: 'texto',
    });
    expect(
      toWireAnswer(makeQuestion(3, SurveyQuestionType.checkbox), { ...answer, idsRespostas: [31, 33] }),
    ).toEqual({
      idPesquisaQuestao: 3,
      idsPesquisaResposta: [31, 33],
      resposta: 'texto',
    });
    expect(toWireAnswer(makeQuestion(4, SurveyQuestionType.upload), answer)).toEqual({
      idPesquisaQuestao: 4,
      idsMidias: [7],
    });
  });

  it("drops the 'other' text once another option is chosen", () => {
    const answer = { resposta: 'antigo', idsRespostas: [21], arquivos: [] };
    expect(toWireAnswer(makeQuestion(2, SurveyQuestionType.multipleChoice), answer)).toMatchObject({
      resposta: '',
    });
  });

  it('restores saved answers by question, empty where nothing was saved', () => {
    const questions = [
      makeQuestion(1, SurveyQuestionType.multipleChoice),
      makeQuestion(2, SurveyQuestionType.openText),
    ];
    const answers = answersFromApplication(questions, [
      { idPesquisaQuestao: 1, idPesquisaResposta: 13, idsPesquisaResposta: [], resposta: 'RH', midias: [] },
    ]);
    expect(answers[1]).toEqual({ resposta: 'RH', idsRespostas: [13], arquivos: [] });
    expect(answers[2]).toEqual({ resposta: '', idsRespostas: [], arquivos: [] });
  });
});
