import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Navigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { api } from '#lib/api.ts';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { SurveyClosedNotice } from '../components/survey-closed-notice.tsx';
import { decideEntry } from '../entry-flow.ts';
import { surveyKeys } from '../hooks/use-surveys.ts';
import { useLeaveOnAccessFailure } from '../hooks/use-access-failure.ts';

type Outcome =
  { kind: 'go'; to: string } | { kind: 'closed'; titulo: string } | { kind: 'failed'; error: unknown };

/**
 * Runs the entry of spec section 4 once: read the survey, mark it read, then go to its results,
 * show the closed notice, continue the unfinished application or start a new one.
 */
async function enterSurvey(idPesquisa: number): Promise<Outcome> {
  const { pesquisa } = await api.consultaPesquisa({ idPesquisa });
  if (pesquisa.flLida === 'N') await api.marcaPesquisaLida({ idPesquisa });
  const step = decideEntry(pesquisa);
  const answerPath = (idAplicacao: number) =>
    generatePath(paths.portal.surveyAnswer, {
      idPesquisa: String(idPesquisa),
      idAplicacao: String(idAplicacao),
    });
  switch (step.kind) {
    case 'results':
      return { kind: 'go', to: generatePath(paths.portal.surveyResults, { idPesquisa: String(idPesquisa) }) };
    case 'closed':
      return { kind: 'closed', titulo: pesquisa.titulo };
    case 'continue':
      return { kind: 'go', to: answerPath(step.idAplicacao) };
    case 'start': {
      const { idAplicacao } = await api.inicializaRespostaPesquisa({ idPesquisa });
      return { kind: 'go', to: answerPath(idAplicacao) };
    }
  }
}

/** Entry to one survey (/painel/pesquisas/acessar/{idPesquisa}). */
export function SurveyAccessPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const idPesquisa = Number(useParams().idPesquisa);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef<number | null>(null);

  useEffect(() => {
    // Strict mode mounts twice; the entry (which may create an application) runs once per survey.
    if (started.current === idPesquisa) return;
    started.current = idPesquisa;
    enterSurvey(idPesquisa)
      .then((result) => {
        // The list shows it read now.
        void queryClient.invalidateQueries({ queryKey: surveyKeys.list });
        setOutcome(result);
      })
      .catch((error: unknown) => setOutcome({ kind: 'failed', error }));
  }, [idPesquisa, queryClient]);

  useLeaveOnAccessFailure(outcome?.kind === 'failed' ? outcome.error : null);

  if (outcome?.kind === 'go') return <Navigate to={outcome.to} replace />;
  if (outcome?.kind === 'closed') return <SurveyClosedNotice titulo={outcome.titulo} />;
  return (
    <>
      <PageHeading title={t('portal.surveys.accessTitle')} />
      <PageSpinner label={t('portal.surveys.opening')} />
    </>
  );
}
