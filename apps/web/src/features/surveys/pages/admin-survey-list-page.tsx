import type { PesquisaAdminResumo } from '@elo/contract/calls/surveys';
import { SurveyStatus, type SurveyStatusName } from '@elo/contract/enums';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate } from 'react-router';
import { paths } from '#app/paths.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { Modal } from '#ui/modal.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { DataTable } from '../components/data-table.tsx';
import { useAdminSurveyList, useSurveyAction } from '../hooks/use-admin-surveys.ts';

type Action = 'duplicate' | 'publish' | 'close' | 'delete';
type ConfirmedAction = Extract<Action, 'close' | 'delete'>;

/** The pages a survey's row links to, with their label keys. */
const rowLinks = [
  ['surveyEdit', 'edit'],
  ['surveyResults', 'results'],
] as const;

/** The destructive actions ask for a confirmation first. */
function asksFirst(kind: Action): kind is ConfirmedAction {
  return kind === 'close' || kind === 'delete';
}

/** The life-cycle actions a survey's row offers, by its status and answers. */
function actionsFor(survey: PesquisaAdminResumo): Action[] {
  return [
    'duplicate',
    ...(survey.status === SurveyStatus.draft ? (['publish'] as const) : []),
    ...(survey.status === SurveyStatus.published ? (['close'] as const) : []),
    ...(survey.qtdRespostas === 0 ? (['delete'] as const) : []),
  ];
}
const statusKeys = {
  [SurveyStatus.draft]: 'draft',
  [SurveyStatus.published]: 'published',
  [SurveyStatus.closed]: 'closed',
} as const;

/** The administration's surveys (/admin/pesquisas): list, filter and life-cycle actions. */
export function AdminSurveyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const showToast = useToastStore((state) => state.showToast);
  const [status, setStatus] = useState<SurveyStatusName | null>(null);
  const [search, setSearch] = useState('');
  // Typing stays responsive; the list follows what was typed once React has a moment.
  const deferredSearch = useDeferredValue(search.trim());
  const { data, error, isPending } = useAdminSurveyList(status, deferredSearch);
  const action = useSurveyAction();
  const [confirm, setConfirm] = useState<{ action: ConfirmedAction; survey: PesquisaAdminResumo } | null>(
    null,
  );

  const run = (kind: Action, survey: PesquisaAdminResumo) => {
    action.mutate(
      { action: kind, idPesquisa: survey.idPesquisa },
      {
        onSuccess: (result) => {
          setConfirm(null);
          showToast({ type: 'success', message: t(`admin.surveys.done.${kind}`, { title: survey.titulo }) });
          if (kind === 'duplicate' && result) {
            void navigate(generatePath(paths.admin.surveyEdit, { idPesquisa: String(result.idPesquisa) }));
          }
        },
        onError: (failure) => {
          setConfirm(null);
          showErrorToast(failure);
        },
      },
    );
  };

  return (
    <>
      <PageHeading title={t('admin.surveys.title')}>
        <Link to={paths.admin.surveyNew} className={buttonClassName()}>
          {t('admin.surveys.new')}
        </Link>
      </PageHeading>
      <div className="mb-4 flex flex-col gap-4 sm:flex-row">
        <div className="flex flex-col gap-1 sm:w-72">
          <label htmlFor="survey-title-search" className="text-sm font-medium text-slate-800">
            {t('admin.surveys.searchTitle')}
          </label>
          <input
            id="survey-title-search"
            type="search"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-10 rounded-md border border-slate-400 bg-white px-3"
          />
        </div>
        <div className="flex flex-col gap-1 sm:w-64">
          <label htmlFor="survey-status-filter" className="text-sm font-medium text-slate-800">
            {t('admin.surveys.filterStatus')}
          </label>
          <select
            id="survey-status-filter"
            value={status ?? ''}
            onChange={(event) => setStatus((event.target.value || null) as SurveyStatusName | null)}
            className="min-h-10 rounded-md border border-slate-400 bg-white px-3"
          >
            <option value="">{t('admin.surveys.allStatuses')}</option>
            {Object.values(SurveyStatus).map((value) => (
              <option key={value} value={value}>
                {t(`admin.surveys.status.${statusKeys[value]}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isPending ? (
        <PageSpinner label={t('admin.surveys.loading')} />
      ) : error ? (
        <Alert type="error" title={t('apiErrors.loadData')}>
          {error.message}
        </Alert>
      ) : data.length === 0 ? (
        <EmptyState title={t('admin.surveys.emptyTitle')} description={t('admin.surveys.emptyDescription')} />
      ) : (
        <DataTable
          className="rounded-lg border border-slate-200 bg-white"
          caption={t('admin.surveys.title')}
          headClassName="border-b border-slate-300 bg-slate-50 text-slate-800"
          headingClassName="px-4 py-3 font-semibold"
          columns={[
            { label: t('admin.surveys.columns.title') },
            { label: t('admin.surveys.columns.status') },
            { label: t('admin.surveys.columns.period') },
            { label: t('admin.surveys.columns.groups') },
            { label: t('admin.surveys.columns.answers'), className: 'text-right' },
            { label: t('admin.surveys.columns.actions') },
          ]}
        >
          {data.map((survey) => {
            const idPesquisa = String(survey.idPesquisa);
            return (
              <tr key={survey.idPesquisa} className="border-b border-slate-100 align-top">
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {survey.titulo}
                </th>
                <td className="px-4 py-3 text-slate-800">
                  {t(`admin.surveys.status.${statusKeys[survey.status]}`)}
                </td>
                <td className="px-4 py-3 text-slate-800">
                  {formatDateTime(survey.dtInicioPesquisa, language)} –{' '}
                  {formatDateTime(survey.dtFimPesquisa, language)}
                </td>
                <td className="px-4 py-3 text-slate-800">
                  {survey.grupos.map((group) => group.nome).join(', ')}
                </td>
                <td className="px-4 py-3 text-right text-slate-900 tabular-nums">{survey.qtdRespostas}</td>
                <td className="px-4 py-3">
                  <div
                    className="flex flex-wrap gap-2"
                    role="group"
                    aria-label={t('admin.surveys.actionsFor', { title: survey.titulo })}
                  >
                    {rowLinks.map(([page, label]) => (
                      <Link
                        key={page}
                        to={generatePath(paths.admin[page], { idPesquisa })}
                        className={buttonClassName({ size: 'sm', variant: 'secondary' })}
                      >
                        {t(`admin.surveys.${label}`)}
                      </Link>
                    ))}
                    {actionsFor(survey).map((kind) => (
                      <Button
                        key={kind}
                        size="sm"
                        variant={asksFirst(kind) ? 'danger-tertiary' : 'tertiary'}
                        onClick={() =>
                          asksFirst(kind) ? setConfirm({ action: kind, survey }) : run(kind, survey)
                        }
                      >
                        {t(`admin.surveys.${kind}`)}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Modal
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        size="sm"
        title={confirm ? t(`admin.surveys.confirm.${confirm.action}Title`) : ''}
        description={
          confirm
            ? t(`admin.surveys.confirm.${confirm.action}Description`, { title: confirm.survey.titulo })
            : ''
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={action.isPending}
              onClick={() => confirm && run(confirm.action, confirm.survey)}
            >
              {confirm ? t(`admin.surveys.${confirm.action}`) : ''}
            </Button>
          </>
        }
      />
    </>
  );
}
