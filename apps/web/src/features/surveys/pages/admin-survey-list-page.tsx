import type { PesquisaAdminResumo } from '@elo/contract/calls/surveys';
import { SurveyStatus, type SurveyStatusName } from '@elo/contract/enums';
import { useState } from 'react';
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
import { useAdminSurveyList, useSurveyAction } from '../hooks/use-admin-surveys.ts';

type Action = 'duplicate' | 'publish' | 'close' | 'delete';
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
  const { data, error, isPending } = useAdminSurveyList(status);
  const action = useSurveyAction();
  const [confirm, setConfirm] = useState<{ action: 'close' | 'delete'; survey: PesquisaAdminResumo } | null>(
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
      <div className="mb-4 flex flex-col gap-1 sm:w-64">
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
      {isPending ? (
        <PageSpinner label={t('admin.surveys.loading')} />
      ) : error ? (
        <Alert type="error" title={t('apiErrors.loadData')}>
          {error.message}
        </Alert>
      ) : data.length === 0 ? (
        <EmptyState title={t('admin.surveys.emptyTitle')} description={t('admin.surveys.emptyDescription')} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.surveys.title')}</caption>
            <thead className="border-b border-slate-300 bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('admin.surveys.columns.title')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('admin.surveys.columns.status')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('admin.surveys.columns.period')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('admin.surveys.columns.groups')}
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  {t('admin.surveys.columns.answers')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('admin.surveys.columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <td className="px-4 py-3 text-right text-slate-900 tabular-nums">
                      {survey.qtdRespostas}
                    </td>
                    <td className="px-4 py-3">
                      <div
                        className="flex flex-wrap gap-2"
                        role="group"
                        aria-label={t('admin.surveys.actionsFor', { title: survey.titulo })}
                      >
                        <Link
                          to={generatePath(paths.admin.surveyEdit, { idPesquisa })}
                          className={buttonClassName({ size: 'sm', variant: 'secondary' })}
                        >
                          {t('admin.surveys.edit')}
                        </Link>
                        <Link
                          to={generatePath(paths.admin.surveyResults, { idPesquisa })}
                          className={buttonClassName({ size: 'sm', variant: 'secondary' })}
                        >
                          {t('admin.surveys.results')}
                        </Link>
                        <Button size="sm" variant="tertiary" onClick={() => run('duplicate', survey)}>
                          {t('admin.surveys.duplicate')}
                        </Button>
                        {survey.status === SurveyStatus.draft && (
                          <Button size="sm" variant="tertiary" onClick={() => run('publish', survey)}>
                            {t('admin.surveys.publish')}
                          </Button>
                        )}
                        {survey.status === SurveyStatus.published && (
                          <Button
                            size="sm"
                            variant="danger-tertiary"
                            onClick={() => setConfirm({ action: 'close', survey })}
                          >
                            {t('admin.surveys.close')}
                          </Button>
                        )}
                        {survey.qtdRespostas === 0 && (
                          <Button
                            size="sm"
                            variant="danger-tertiary"
                            onClick={() => setConfirm({ action: 'delete', survey })}
                          >
                            {t('admin.surveys.delete')}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
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
