import { AdminPermission } from '@elo/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { momentToCalendarDay } from '#lib/date-input.ts';
import { tableStateOf } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { Tabs } from '#ui/tabs.tsx';
import { CalendarTab } from '../components/calendar-tab.tsx';
import { CannedAnswersTab } from '../components/canned-answers-tab.tsx';
import { SubjectsTab } from '../components/subjects-tab.tsx';
import { useHrSettings } from '../hooks/use-hr-settings.ts';

const tabs = ['assuntos', 'calendario', 'respostas'] as const;
type Tab = (typeof tabs)[number];
const tabLabels = {
  assuntos: 'hrSettings.tabs.subjects',
  calendario: 'hrSettings.tabs.calendar',
  respostas: 'hrSettings.tabs.canned',
} as const satisfies Record<Tab, string>;

/**
 * The HR portal's settings (/admin/portal-rh/configuracoes): ticket subjects with confidentiality
 * and SLA targets, the working calendar and holidays, and canned answers. The open tab and the
 * holidays' year live in the URL (?aba=calendario&ano=2027). Read-only administrators see no
 * control that changes anything.
 */
export function HrSettingsPage() {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.hrPortal);
  const [params, setParams] = useSearchParams();
  const requested = params.get('aba') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'assuntos';
  // This year in São Paulo, the year before and the next three.
  const thisYear = Number(momentToCalendarDay(new Date().toISOString())!.slice(0, 4));
  const years = [thisYear - 1, thisYear, thisYear + 1, thisYear + 2, thisYear + 3];
  const requestedYear = Number(params.get('ano'));
  const year =
    Number.isInteger(requestedYear) && requestedYear >= 2000 && requestedYear <= 2100
      ? requestedYear
      : thisYear;
  const shownYears = years.includes(year) ? years : [...years, year].sort((a, b) => a - b);
  const listQuery = useHrSettings(year);
  const { data, isPending, isFetching, refetch } = listQuery;

  const change = (next: { aba?: Tab; ano?: number }) => {
    const query = new URLSearchParams(params);
    if (next.aba) query.set('aba', next.aba);
    if (next.ano !== undefined) query.set('ano', String(next.ano));
    setParams(query, { replace: true });
  };

  const subjects = data?.listAssuntos ?? [];
  const content: Record<Tab, ReactNode> = {
    assuntos: (
      <SubjectsTab
        subjects={subjects}
        {...tableStateOf(listQuery)}
        reload={async () => (await refetch()).data?.listAssuntos}
        canEdit={canEdit}
      />
    ),
    calendario: (
      <CalendarTab
        calendar={data?.calendario}
        holidays={data?.listFeriados ?? []}
        year={year}
        years={shownYears}
        onYearChange={(ano) => change({ ano })}
        loading={isPending || isFetching}
        reloadCalendar={async () => (await refetch()).data?.calendario}
        canEdit={canEdit}
      />
    ),
    respostas: <CannedAnswersTab subjects={subjects} canEdit={canEdit} />,
  };

  return (
    <>
      <PageHeader
        title={t('hrSettings.title')}
        description={t('hrSettings.description')}
        breadcrumb={adminBreadcrumb(t('hrSettings.title'), {
          label: t('hrTickets.admin.title'),
          to: paths.admin.hrPortal,
        })}
      />
      <Tabs
        label={t('hrSettings.tabsLabel')}
        value={tab}
        onValueChange={(value) => change({ aba: value as Tab })}
        items={tabs.map((value) => ({ value, label: t(tabLabels[value]), content: content[value] }))}
      />
    </>
  );
}
