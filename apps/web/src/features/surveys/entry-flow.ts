import type { PesquisaResumo } from '@elo/contract/calls/surveys';
import { SurveyAnswerStatus } from '@elo/contract/enums';

/** Where the entry route sends the user (spec section 4, Survey entry). */
export type EntryStep =
  { kind: 'results' } | { kind: 'closed' } | { kind: 'continue'; idAplicacao: number } | { kind: 'start' };

type EntryFacts = Pick<
  PesquisaResumo,
  'situacao' | 'statusResposta' | 'idAplicacaoEmAndamento' | 'flPodeResponder' | 'flPodeVerResultado'
>;

/**
 * Decides the entry step from what the server says of the survey: a closed survey shows its
 * results (or the closed notice to someone who may not see them); an unfinished application is
 * continued; a finished one goes to results; otherwise a new application is started when answering
 * is allowed (limitarAUmaResposta is the server's flPodeResponder).
 */
export function decideEntry(survey: EntryFacts): EntryStep {
  const resultsOrClosed: EntryStep = survey.flPodeVerResultado ? { kind: 'results' } : { kind: 'closed' };
  if (survey.situacao === 'ENCERRADA') return resultsOrClosed;
  if (survey.idAplicacaoEmAndamento !== null && survey.flPodeResponder) {
    return { kind: 'continue', idAplicacao: survey.idAplicacaoEmAndamento };
  }
  if (survey.statusResposta === SurveyAnswerStatus.finished) return resultsOrClosed;
  if (survey.flPodeResponder) return { kind: 'start' };
  return resultsOrClosed;
}
