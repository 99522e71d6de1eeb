import type { PesquisaResumo } from '@elo/contract/calls/surveys-shapes';
import { Permission, SurveyAnswerStatus } from '@elo/contract/enums';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { formatDateTime } from '#lib/dates.ts';
import { useCompanyFunctionName, useFunctionName } from '#lib/function-names.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { useSurveyList } from '../hooks/use-surveys.ts';
import { LoadFailedAlert } from '#ui/load-failed-alert.tsx';

type ListStatus = 'closed' | 'answered' | 'inProgress' | 'notAnswered';

/** How the list words where the user stands with a survey. */
export function listStatusOf(survey: Pick<PesquisaResumo, 'situacao' | 'statusResposta'>): ListStatus {
  if (survey.statusResposta === SurveyAnswerStatus.finished) return 'answered';
  if (survey.situacao === 'ENCERRADA') return 'closed';
  if (survey.statusResposta === SurveyAnswerStatus.inProgress) return 'inProgress';
  return 'notAnswered';
}

const statusClasses: Record<ListStatus, string> = {
  closed: 'bg-slate-200 text-slate-800',
  answered: 'bg-green-100 text-green-900',
  inProgress: 'bg-amber-100 text-amber-950',
  notAnswered: 'bg-primary-50 text-primary-ink',
};

function SurveyCard({ survey }: { survey: PesquisaResumo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const status = listStatusOf(survey);
  const unread = survey.flLida === 'N';
  const closing = formatDateTime(survey.dtFimPesquisa, language);
  return (
    <li
      className={clsx(
        'rounded-lg border bg-white p-5 shadow-sm',
        unread ? 'border-primary-600 border-l-4' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="text-lg font-semibold">
          <Link
            to={generatePath(paths.portal.surveyAccess, { idPesquisa: String(survey.idPesquisa) })}
            className="text-primary-ink underline-offset-2 hover:underline"
          >
            {survey.titulo}
            {unread && <span className="sr-only"> ({t('portal.surveys.unread')})</span>}
          </Link>
        </h2>
        <div className="flex flex-wrap gap-2">
          {unread && (
            <span
              aria-hidden="true"
              className="rounded-full bg-primary-600 px-2 py-0.5 text-xs font-semibold text-on-primary"
            >
              {t('portal.surveys.unreadBadge')}
            </span>
          )}
          <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', statusClasses[status])}>
            {t(`portal.surveys.status.${status}`)}
          </span>
        </div>
      </div>
      {survey.descricao && (
        <p className="mt-2 line-clamp-2 text-sm text-font-secondary">{survey.descricao}</p>
      )}
      <p className="mt-3 text-sm text-font-secondary">
        {survey.situacao === 'ENCERRADA'
          ? t('portal.surveys.closedOn', { date: closing })
          : t('portal.surveys.closesOn', { date: closing })}
      </p>
    </li>
  );
}

/** The surveys list (/painel/pesquisas; needs ADMIN_VIEW_APP_ABA_PESQUISAS). */
export function SurveyListPage() {
  const { t } = useTranslation();
  const { data, error, isPending, refetch, isFetching } = useSurveyList();
  const title = useFunctionName(Permission.surveys, t('portal.surveys.listTitle'));
  const surveysName = useCompanyFunctionName(Permission.surveys);
  return (
    <>
      <PageHeading title={title} />
      {isPending ? (
        <PageSpinner label={t('portal.surveys.loadingList')} />
      ) : error ? (
        <LoadFailedAlert onRetry={() => void refetch()} retrying={isFetching}>
          {error.message}
        </LoadFailedAlert>
      ) : data.length === 0 ? (
        <EmptyState
          title={
            surveysName
              ? t('portal.surveys.listEmptyTitleNamed', { name: surveysName })
              : t('portal.surveys.listEmptyTitle')
          }
          description={t('portal.surveys.listEmptyDescription')}
        />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.map((survey) => (
            <SurveyCard key={survey.idPesquisa} survey={survey} />
          ))}
        </ul>
      )}
    </>
  );
}
