import { SurveyAnswerStatus } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import { decideAnswerView, decideEntry } from './entry-flow.ts';

const open = {
  situacao: 'ABERTA',
  statusResposta: null,
  idAplicacaoEmAndamento: null,
  flPodeResponder: true,
  flPodeVerResultado: false,
} as const;

describe('survey entry (spec section 4)', () => {
  it('starts an application when none exists and answering is allowed', () => {
    expect(decideEntry(open)).toEqual({ kind: 'start' });
  });

  it('continues the unfinished application instead of starting another', () => {
    expect(
      decideEntry({ ...open, statusResposta: SurveyAnswerStatus.inProgress, idAplicacaoEmAndamento: 41 }),
    ).toEqual({
      kind: 'continue',
      idAplicacao: 41,
    });
  });

  it('sends a finished survey to its results', () => {
    expect(
      decideEntry({
        ...open,
        statusResposta: SurveyAnswerStatus.finished,
        flPodeResponder: false,
        flPodeVerResultado: true,
      }),
    ).toEqual({ kind: 'results' });
    // Even when another answer would be allowed: the results page offers it.
    expect(
      decideEntry({ ...open, statusResposta: SurveyAnswerStatus.finished, flPodeVerResultado: true }),
    ).toEqual({ kind: 'results' });
  });

  it('shows a closed survey’s results, or the closed notice to someone who cannot see them', () => {
    expect(
      decideEntry({ ...open, situacao: 'ENCERRADA', flPodeResponder: false, flPodeVerResultado: true }),
    ).toEqual({
      kind: 'results',
    });
    expect(decideEntry({ ...open, situacao: 'ENCERRADA', flPodeResponder: false })).toEqual({
      kind: 'closed',
    });
  });

  it('shows the closed notice when answering is not allowed and nothing was answered', () => {
    expect(decideEntry({ ...open, flPodeResponder: false })).toEqual({ kind: 'closed' });
  });
});

describe('the answer route opened by its URL', () => {
  const survey = {
    situacao: 'ABERTA',
    flPodeResponder: true,
    flPodeEditar: false,
    flPodeVerResultado: true,
  } as const;
  const unfinished = { statusResposta: SurveyAnswerStatus.inProgress };
  const finished = { statusResposta: SurveyAnswerStatus.finished };

  it('shows the form for an unfinished application of an open survey', () => {
    expect(decideAnswerView(survey, unfinished, false)).toBe('form');
  });

  it('sends a finished application to the results, unless editing is asked and allowed', () => {
    expect(decideAnswerView(survey, finished, false)).toBe('results');
    expect(decideAnswerView(survey, finished, true)).toBe('results');
    expect(decideAnswerView({ ...survey, flPodeEditar: true }, finished, true)).toBe('form');
  });

  it('shows the closed notice for a closed survey whose results the user may not see', () => {
    expect(
      decideAnswerView({ ...survey, situacao: 'ENCERRADA', flPodeVerResultado: false }, unfinished, false),
    ).toBe('closed');
  });
});
