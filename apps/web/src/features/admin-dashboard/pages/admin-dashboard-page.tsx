import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '#ui/load-failed-alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import type { QuickAccessSection } from '../admin-sections.ts';
import { useDashboardFigures } from '../hooks/use-dashboard-figures.ts';

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

/**
 * The administration's home (/admin): quick access to the areas the administrator may open (the
 * spec's publications, groups, users and corporate TV) and the company's key figures, each shown
 * only to those who may read its area (the server sends null for the others).
 */
export function AdminDashboardPage({
  quickAccess,
  figureLinks = {},
}: {
  quickAccess: { section: QuickAccessSection; to: string }[];
  /** Where a figure leads (the posts to the publications, the comments to the timeline), when the administrator may go. */
  figureLinks?: Partial<Record<DashboardFigure, string>>;
}) {
  const { t, i18n } = useTranslation();
  const figures = useDashboardFigures();
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
      <TitledSection title={t('admin.figures.title')} id="admin-figures" headingGap>
        {figures.isPending && <Spinner label={t('admin.figures.loading')} />}
        {figures.isError && (
          <LoadFailedAlert onRetry={() => void figures.refetch()}>{figures.error.message}</LoadFailedAlert>
        )}
        {figures.data && (
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((field) => (
              <div key={field} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                <dt className="text-sm text-slate-700">{t(`admin.figures.${field}`)}</dt>
                <dd className="mt-1 text-3xl font-semibold text-slate-900">
                  {number.format(figures.data[field]!)}
                </dd>
                {figureLinks[field] && (
                  <dd className="mt-2 text-sm">
                    <Link
                      to={figureLinks[field]}
                      className="text-primary-700 underline hover:text-primary-800"
                    >
                      {t(`admin.figures.links.${field as 'qtdPostagens' | 'qtdComentarios'}`)}
                    </Link>
                  </dd>
                )}
              </div>
            ))}
          </dl>
        )}
      </TitledSection>
    </>
  );
}
