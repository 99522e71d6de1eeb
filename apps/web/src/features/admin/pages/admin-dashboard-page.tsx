import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/paths.ts';
import { PageHeading } from '#ui/page-heading.tsx';

// The dashboard's quick access of spec section 2: publications, groups, users and corporate TV.
const quickAccess = [
  { section: 'publications', to: paths.admin.publications },
  { section: 'groups', to: paths.admin.groups },
  { section: 'users', to: paths.admin.users },
  { section: 'corporateTv', to: paths.admin.corporateTv },
] as const;

/** The administration's home (/admin). */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('admin.sections.dashboard')} />
      <section aria-labelledby="admin-quick-access">
        <h2 id="admin-quick-access" className="mb-3 text-lg font-semibold text-slate-900">
          {t('admin.quickAccess')}
        </h2>
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
      </section>
    </>
  );
}
