import { Permission } from '@elo/contract/enums';
import type { consultaResultadoPesquisa } from '@elo/contract/calls/surveys';
import type { CallOutput } from '@elo/contract/define-call';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { paths, queryParams } from '#lib/paths.ts';
import { api } from '#lib/api.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { QuestionResultCard } from '../components/question-result.tsx';
import { SurveyFrame } from '../components/survey-frame.tsx';
import { useLeaveOnAccessFailure } from '../hooks/use-access-failure.ts';
import { useSurveyResults } from '../hooks/use-surveys.ts';
import { useFunctionText } from '#lib/function-names.ts';

type Results = CallOutput<typeof consultaResultadoPesquisa>;
type QuestionResult = Results['questoes'][number];

function OwnAnswer({ question }: { question: QuestionResult }) {
  const { t } = useTranslation();
  const own = question.respostaUsuario;
  if (!own) return <p className="text-sm text-slate-700">{t('portal.surveys.results.noOwnAnswer')}</p>;
  const chosen = question.opcoes
    .filter(
      (option) =>
        own.idPesquisaResposta === option.idPesquisaResposta ||
        own.idsPesquisaResposta.includes(option.idPesquisaResposta),
    )
    .map((option) => option.descricao);
  return (
    <div className="text-sm text-slate-900">
      <p className="font-medium">{t('portal.surveys.results.ownAnswer')}</p>
      {chosen.length > 0 && <p>{chosen.join(', ')}</p>}
      {own.resposta && <p className="whitespace-pre-line">{own.resposta}</p>}
      {own.midias.length > 0 && (
        <ul className="list-disc pl-5">
          {own.midias.map((file) => (
            <li key={file.idMidia}>
              <a href={file.url} target="_blank" rel="noreferrer" className="text-primary-ink underline">
                {file.nomeArquivo}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function QuestionResult({
  question,
  number,
  quiz,
}: {
  question: QuestionResult;
  number: number;
  quiz: boolean;
}) {
  const { t } = useTranslation();
  const own = question.respostaUsuario;
  const chosenIds = own
    ? [...own.idsPesquisaResposta, ...(own.idPesquisaResposta ? [own.idPesquisaResposta] : [])]
    : [];
  return (
    <QuestionResultCard question={question} number={number} quiz={quiz} chosenIds={chosenIds}>
      {quiz && question.flAcertou !== null && (
        <p
          className={
            question.flAcertou ? 'text-sm font-medium text-green-800' : 'text-sm font-medium text-red-700'
          }
        >
          {question.flAcertou ? t('portal.surveys.results.right') : t('portal.surveys.results.wrong')}
        </p>
      )}
      <OwnAnswer question={question} />
    </QuestionResultCard>
  );
}

/** A survey's results (/painel/pesquisas/respostas/{idPesquisa}). */
export function SurveyResultsPage() {
  const { t } = useTranslation();
  const backLabel = useFunctionText(Permission.surveys, t('portal.surveys.backToList'), (name) =>
    t('portal.surveys.backToListNamed', { name }),
  );
  const navigate = useNavigate();
  const idPesquisa = Number(useParams().idPesquisa);
  const { data, error, isPending } = useSurveyResults(idPesquisa);
  useLeaveOnAccessFailure(error);
  const answerAgain = useMutation({
    mutationFn: () => api.inicializaRespostaPesquisa({ idPesquisa }),
    onSuccess: ({ idAplicacao }) =>
      void navigate(
        generatePath(paths.portal.surveyAnswer, {
          idPesquisa: String(idPesquisa),
          idAplicacao: String(idAplicacao),
        }),
      ),
    onError: (failure) => showErrorToast(failure),
  });

  if (!data) {
    return (
      <>
        <PageHeading title={t('portal.surveys.resultsTitle')} />
        {isPending && <PageSpinner label={t('portal.surveys.loadingResults')} />}
      </>
    );
  }
  const { pesquisa } = data;
  const quiz = pesquisa.flQuiz === 'S';
  const editPath =
    pesquisa.flPodeEditar && pesquisa.idAplicacaoFinalizada !== null
      ? `${generatePath(paths.portal.surveyAnswer, {
          idPesquisa: String(idPesquisa),
          idAplicacao: String(pesquisa.idAplicacaoFinalizada),
        })}?${queryParams.editing}=S`
      : null;
  return (
    <SurveyFrame survey={pesquisa} title={t('portal.surveys.resultsTitle')}>
      <div className="flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm">
        {data.resultadoOculto ? (
          // An anonymous survey too few people answered yet: the person's own answers, no counts.
          <Alert type="info">{data.resultadoOculto.mensagem}</Alert>
        ) : (
          <p className="text-slate-900">
            {t('portal.surveys.results.applications', { count: data.qtdAplicacoes ?? 0 })}
          </p>
        )}
        {pesquisa.situacao === 'ENCERRADA' && (
          <p className="font-medium text-slate-900">{t('portal.surveys.closedTitle')}</p>
        )}
        {quiz && data.qtdQuestoesQuiz > 0 && (
          <p className="text-lg font-semibold text-slate-900">
            {t('portal.surveys.results.score', { right: data.qtdAcertos, total: data.qtdQuestoesQuiz })}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Link to={paths.portal.surveys} className={buttonClassName({ variant: 'tertiary' })}>
            {backLabel}
          </Link>
          {editPath && (
            <Link to={editPath} className={buttonClassName({ variant: 'secondary' })}>
              {t('portal.surveys.editAnswer')}
            </Link>
          )}
          {pesquisa.flPodeResponder && (
            <Button variant="secondary" loading={answerAgain.isPending} onClick={() => answerAgain.mutate()}>
              {t('portal.surveys.answerAgain')}
            </Button>
          )}
        </div>
      </div>
      {data.questoes.map((question, index) => (
        <QuestionResult key={question.idPesquisaQuestao} question={question} number={index + 1} quiz={quiz} />
      ))}
    </SurveyFrame>
  );
}
