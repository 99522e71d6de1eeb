import type { PesquisaResumo } from '@elo/contract/calls/surveys-shapes';
import { SurveyAnswerStatus } from '@elo/contract/enums';

/** Where the entry route sends the user (spec section 4, Survey entry). */
export type EntryStep =
  { kind: 'results' } | { kind: 'closed' } | { kind: 'continue'; idAplicacao: number } | { kind: 'start' };

/** What the answer route shows for one application. */
export type AnswerView = 'form' | 'results' | 'closed';

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

/**
 * Whether the answer route (opened by its URL, perhaps long after) may show the form: a finished
 * application only with editando=S while editing is allowed, an unfinished one while answering is
 * allowed. Otherwise it goes where the entry would send it: results, or the closed notice.
 */
export function decideAnswerView(
  survey: Pick<PesquisaResumo, 'situacao' | 'flPodeResponder' | 'flPodeEditar' | 'flPodeVerResultado'>,
  application: { statusResposta: number },
  editing: boolean,
): AnswerView {
  const finished = application.statusResposta === SurveyAnswerStatus.finished;
  const open = survey.situacao !== 'ENCERRADA';
  const allowed = finished ? editing && survey.flPodeEditar : survey.flPodeResponder;
  if (open && allowed) return 'form';
  return survey.flPodeVerResultado ? 'results' : 'closed';
}
