import type { PesquisaAdminResumo } from '@elo/contract/calls/surveys-admin';
import { AdminPermission, SurveyStatus } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { choiceFilter, useUrlFilters } from '#lib/url-filters.ts';
import { FilterPanel } from '#ui/filter-panel.tsx';
import { Button, buttonClassName } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { PageHeader } from '#ui/page-header.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { AnonymitySettings } from '../../components/anonymity-settings.tsx';
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

/**
 * The life-cycle actions a survey's row offers, by its status and answers. An anonymous survey's
 * hidden count (null) may be none: deleting is offered, and the server refuses it if answers exist.
 */
function actionsFor(survey: PesquisaAdminResumo): Action[] {
  return [
    'duplicate',
    ...(survey.status === SurveyStatus.draft ? (['publish'] as const) : []),
    ...(survey.status === SurveyStatus.published ? (['close'] as const) : []),
    ...(survey.qtdRespostas === 0 || survey.qtdRespostas === null ? (['delete'] as const) : []),
  ];
}
const statusKeys = {
  [SurveyStatus.draft]: 'draft',
  [SurveyStatus.published]: 'published',
  [SurveyStatus.closed]: 'closed',
} as const;

// The list's filters in the URL (?status=Publicada&busca=clima&pagina=2): a link shows the same list.
const filterDefinitions = { status: choiceFilter(Object.values(SurveyStatus)) };

/** The administration's surveys (/admin/pesquisas): list, filter and life-cycle actions. */
export function AdminSurveyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const showToast = useToastStore((state) => state.showToast);
  const { filters, search, page, setFilter, setSearch, setPage } = useUrlFilters(filterDefinitions);
  // A read-only administrator (L) sees the surveys and their results, and no control that changes them.
  const { canEdit } = useAdminAccess(AdminPermission.surveys);
  const listQuery = useAdminSurveyList(filters.status, search);
  const { data } = listQuery;
  const action = useSurveyAction();
  const [confirm, setConfirm] = useState<{ action: ConfirmedAction; survey: PesquisaAdminResumo } | null>(
    null,
  );

  const run = (kind: Action, survey: PesquisaAdminResumo) =>
    action.mutateAsync({ action: kind, idPesquisa: survey.idPesquisa }).then(
      (result) => {
        showToast({ type: 'success', message: t(`admin.surveys.done.${kind}`, { title: survey.titulo }) });
        if (kind === 'duplicate' && result) {
          void navigate(generatePath(paths.admin.surveyEdit, { idPesquisa: String(result.idPesquisa) }));
        }
      },
      (failure: unknown) => showErrorToast(failure),
    );

  const columns: DataColumn<PesquisaAdminResumo>[] = [
    {
      id: 'title',
      header: t('admin.surveys.columns.title'),
      cell: (survey) => survey.titulo,
      sortValue: (survey) => survey.titulo,
      rowHeader: true,
    },
    {
      id: 'status',
      header: t('admin.surveys.columns.status'),
      cell: (survey) => t(`admin.surveys.status.${statusKeys[survey.status]}`),
    },
    {
      id: 'period',
      header: t('admin.surveys.columns.period'),
      cell: (survey) =>
        `${formatDateTime(survey.dtInicioPesquisa, language)} – ${formatDateTime(survey.dtFimPesquisa, language)}`,
      sortValue: (survey) => survey.dtInicioPesquisa,
    },
    {
      id: 'groups',
      header: t('admin.surveys.columns.groups'),
      cell: (survey) => survey.grupos.map((group) => group.nome).join(', '),
    },
    {
      id: 'answers',
      header: t('admin.surveys.columns.answers'),
      // An anonymous survey too few people answered yet: its count would tell who answered, and when.
      cell: (survey) => survey.qtdRespostas ?? t('admin.surveys.answersHidden'),
      sortValue: (survey) => survey.qtdRespostas ?? -1,
      align: 'end',
    },
  ];

  return (
    <>
      <PageHeader
        title={t('admin.surveys.title')}
        actions={
          canEdit && (
            <Link to={paths.admin.surveyNew} className={buttonClassName()}>
              {t('admin.surveys.new')}
            </Link>
          )
        }
      />
      <AnonymitySettings canEdit={canEdit} className="mb-4" />
      <FilterPanel>
        <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          <SearchField
            label={t('admin.surveys.searchTitle')}
            value={search}
            onSearch={setSearch}
            className="sm:w-72"
          />
          <SelectField
            label={t('admin.surveys.filterStatus')}
            placeholder={t('admin.surveys.allStatuses')}
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilter('status', filterDefinitions.status.parse(event.target.value) ?? null)
            }
            options={Object.values(SurveyStatus).map((value) => ({
              value,
              label: t(`admin.surveys.status.${statusKeys[value]}`),
            }))}
            className="sm:w-64"
          />
        </div>
      </FilterPanel>
      <DataTable
        caption={t('admin.surveys.title')}
        columns={columns}
        rows={data ?? []}
        getRowId={(survey) => String(survey.idPesquisa)}
        rowName={(survey) => survey.titulo}
        {...tableStateOf(listQuery)}
        empty={
          <>
            <span className="block font-semibold text-slate-900">{t('admin.surveys.emptyTitle')}</span>
            {t('admin.surveys.emptyDescription')}
          </>
        }
        pagination={{ page, pageSize: limits.pageSize.admin, onPageChange: setPage }}
        rowActionsLabel={(survey) => t('admin.surveys.actionsFor', { title: survey.titulo })}
        rowActions={(survey) => {
          const idPesquisa = String(survey.idPesquisa);
          return (
            <>
              {rowLinks
                .filter(([page]) => canEdit || page !== 'surveyEdit')
                .map(([page, label]) => (
                  <Link
                    key={page}
                    to={generatePath(paths.admin[page], { idPesquisa })}
                    className={buttonClassName({ size: 'sm', variant: 'secondary' })}
                  >
                    {t(`admin.surveys.${label}`)}
                  </Link>
                ))}
              {(canEdit ? actionsFor(survey) : []).map((kind) => (
                <Button
                  key={kind}
                  size="sm"
                  variant={asksFirst(kind) ? 'danger-tertiary' : 'tertiary'}
                  loading={
                    !asksFirst(kind) &&
                    action.isPending &&
                    action.variables?.idPesquisa === survey.idPesquisa &&
                    action.variables.action === kind
                  }
                  onClick={() =>
                    asksFirst(kind) ? setConfirm({ action: kind, survey }) : void run(kind, survey)
                  }
                >
                  {t(`admin.surveys.${kind}`)}
                </Button>
              ))}
            </>
          );
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        variant="danger"
        title={confirm ? t(`admin.surveys.confirm.${confirm.action}Title`) : ''}
        description={
          confirm
            ? t(`admin.surveys.confirm.${confirm.action}Description`, { title: confirm.survey.titulo })
            : ''
        }
        confirmLabel={confirm ? t(`admin.surveys.${confirm.action}`) : undefined}
        onConfirm={() => confirm && run(confirm.action, confirm.survey)}
      />
    </>
  );
}
