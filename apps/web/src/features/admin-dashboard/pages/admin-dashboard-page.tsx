import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '#ui/load-failed-alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import type { QuickAccessSection } from '../admin-sections.ts';
import { useDashboardFigures, useHrWorkSummary } from '../hooks/use-dashboard-figures.ts';

/** The figures in the order shown, by their field in consultaDashboardAdmin's answer. */
const figureFields = [
  'qtdUsuariosAtivos',
  'qtdAcessos7Dias',
  'qtdPostagens',
  'qtdComentarios',
  'qtdMensagensChat',
  'qtdRespostasPesquisa',
] as const;
export type DashboardFigure = (typeof figureFields)[number];

/** The HR administrator's counts, by their field in consultaResumoRhAdmin's answer. */
const hrWorkFields = ['qtdEmAberto', 'qtdAtrasados', 'qtdAtribuidosAMim'] as const;
export type HrWorkFigure = (typeof hrWorkFields)[number];

const cardClass = 'rounded-lg border border-slate-200 bg-white p-5 shadow-sm';
const linkClass = 'text-primary-700 underline hover:text-primary-800';

/**
 * The administration's home (/admin): quick access to the areas the administrator may open (the
 * spec's publications, groups, users and corporate TV, and the HR portal), the HR administrator's
 * open work, and the company's key figures, each shown only to those who may read its area (the
 * server sends null for the others; a section with nothing to show is left out).
 */
export function AdminDashboardPage({
  quickAccess,
  figureLinks = {},
  hrWorkLinks = null,
}: {
  quickAccess: { section: QuickAccessSection; to: string }[];
  /** Where a figure leads: the page listing what it counts, with the same filter. */
  figureLinks?: Partial<Record<DashboardFigure, string>>;
  /** Where each HR count leads (the HR portal filtered alike); null for those without the HR portal. */
  hrWorkLinks?: Record<HrWorkFigure, string> | null;
}) {
  const { t, i18n } = useTranslation();
  const figures = useDashboardFigures();
  const hrWork = useHrWorkSummary(hrWorkLinks !== null);
  const number = new Intl.NumberFormat(i18n.language);
  const shown = figures.data ? figureFields.filter((field) => figures.data[field] !== null) : [];

  return (
    <>
      <PageHeading title={t('admin.sections.dashboard')} />
      {quickAccess.length > 0 && (
        <TitledSection title={t('admin.quickAccess')} id="admin-quick-access" headingGap className="mb-8">
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {quickAccess.map((item) => (
              <li key={item.section}>
                <Link
                  to={item.to}
                  className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-primary-600 hover:bg-primary-50"
                >
                  <span className="text-base font-semibold text-primary-ink">
                    {t(`admin.sections.${item.section}`)}
                  </span>
                  <span className="text-sm text-slate-700">{t(`admin.quickAccessHint.${item.section}`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
      {hrWorkLinks && (
        <TitledSection title={t('admin.hrWork.title')} id="admin-hr-work" headingGap className="mb-8">
          {hrWork.isPending && <Spinner label={t('admin.hrWork.loading')} />}
          {hrWork.isError && (
            <LoadFailedAlert onRetry={() => void hrWork.refetch()}>{hrWork.error.message}</LoadFailedAlert>
          )}
          {hrWork.data && (
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {hrWorkFields.map((field) => (
                <div key={field} className={cardClass}>
                  <dt className="text-sm text-slate-700">{t(`admin.hrWork.${field}`)}</dt>
                  <dd className="mt-1 text-3xl font-semibold text-slate-900">
                    {number.format(hrWork.data[field])}
                  </dd>
                  <dd className="mt-2 text-sm">
                    <Link to={hrWorkLinks[field]} className={linkClass}>
                      {t(`admin.hrWork.links.${field}`)}
                    </Link>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </TitledSection>
      )}
      {figures.isPending && <Spinner label={t('admin.figures.loading')} />}
      {(figures.isError || shown.length > 0) && (
        <TitledSection title={t('admin.figures.title')} id="admin-figures" headingGap>
          {figures.isError && (
            <LoadFailedAlert onRetry={() => void figures.refetch()}>{figures.error.message}</LoadFailedAlert>
          )}
          {figures.data && (
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((field) => {
                const link = figureLinks[field];
                return (
                  <div key={field} className={cardClass}>
                    <dt className="text-sm text-slate-700">{t(`admin.figures.${field}`)}</dt>
                    <dd className="mt-1 text-3xl font-semibold text-slate-900">
                      {number.format(figures.data[field]!)}
                    </dd>
                    {link && (
                      <dd className="mt-2 text-sm">
                        <Link to={link} className={linkClass}>
                          {t(`admin.figures.links.${field as 'qtdPostagens' | 'qtdUsuariosAtivos'}`)}
                        </Link>
                      </dd>
                    )}
                  </div>
                );
              })}
            </dl>
          )}
        </TitledSection>
      )}
    </>
  );
}
