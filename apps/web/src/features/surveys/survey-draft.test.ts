import { SurveyQuestionType } from '@elo/contract/enums';
import { salvaPesquisaInputSchema } from '@elo/contract/calls/surveys-admin';
import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  moveItem,
  newDraft,
  newOption,
  newQuestion,
  toLocalInput,
  toSaveInput,
} from './survey-draft.ts';

describe('survey draft', () => {
  it('reads and writes dates in the company time zone (America/Sao_Paulo)', () => {
    expect(fromLocalInput('2026-11-21T09:30')).toBe('2026-11-21T12:30:00.000Z');
    expect(toLocalInput('2026-11-21T12:30:00.000Z')).toBe('2026-11-21T09:30');
    expect(fromLocalInput('2026-11-21')).toBeNull();
  });

  it('moves questions up, down and across', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('builds an input the contract accepts, with each type keeping only its own settings', () => {
    const draft = newDraft(new Date('2026-11-21T12:00:00Z'));
    draft.titulo = 'Clima';
    draft.idsGrupos = [3];
    draft.flQuiz = 'S';
    const choice = newQuestion(SurveyQuestionType.multipleChoice);
    choice.titulo = 'Gosta do trabalho?';
    choice.opcoes = [
      { ...newOption('Sim'), flCorreta: 'S' },
      { ...newOption('Outro'), flOutro: 'S' },
    ];
    const upload = newQuestion(SurveyQuestionType.upload);
    upload.titulo = 'Envie um comprovante';
    upload.limiteMegabytes = 2;
    upload.formatosUploadPermitidos = ['PDF'];
    upload.flAceitarSomenteArquivosEspecificos = 'S';
    draft.questoes = [choice, upload];
    draft.questoes[0]!.opcoes.push(newOption('Não'));

    const input = toSaveInput(draft);
    expect(salvaPesquisaInputSchema.safeParse(input).success).toBe(true);
    expect(input.dtInicioPesquisa).toBe('2026-11-21T12:00:00.000Z');
    expect(input.questoes[0]).toMatchObject({ qtdMaximoArquivo: null, limiteBytesUpload: null });
    expect(input.questoes[0]!.opcoes?.[1]).toMatchObject({
      flOutro: 'S',
      flDissertacaoDisponivel: 'S',
      flDissertacaoObrigatoria: 'S',
    });
    expect(input.questoes[0]!.opcoes?.[0]).toMatchObject({ flCorreta: 'S' });
    expect(input.questoes[1]).toMatchObject({
      limiteBytesUpload: 2 * 1024 * 1024,
      formatosUploadPermitidos: ['PDF'],
      opcoes: [],
    });
  });

  it('drops correct marks when the survey is not a quiz', () => {
    const draft = newDraft();
    const choice = newQuestion(SurveyQuestionType.checkbox);
    choice.opcoes = [{ ...newOption('A'), flCorreta: 'S' }];
    draft.questoes = [choice];
    expect(toSaveInput(draft).questoes[0]!.opcoes?.[0]).toMatchObject({ flCorreta: 'N' });
  });
});
