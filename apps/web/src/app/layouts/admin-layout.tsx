import '#lib/i18n/area-texts.ts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Breadcrumb } from '#ui/breadcrumb.tsx';
import type { AdminSection } from '../../features/admin/admin-sections.ts';
import { PageOutlet } from '../page-outlet.tsx';
import { paths } from '../paths.ts';
import { UserMenu } from '../user-menu.tsx';
import { CompanyMark } from './company-mark.tsx';
import { SkipLink } from '#ui/skip-link.tsx';

// The sidebar of spec section 2, in its order.
const sidebar: { section: AdminSection; to: string }[] = [
  { section: 'timeline', to: paths.admin.timeline },
  { section: 'publications', to: paths.admin.publications },
  { section: 'users', to: paths.admin.users },
  { section: 'groups', to: paths.admin.groups },
  { section: 'userSettings', to: paths.admin.userSettings },
  { section: 'appSettings', to: paths.admin.appSettings },
  { section: 'hrPortal', to: paths.admin.hrPortal },
  { section: 'announcements', to: paths.admin.announcements },
  { section: 'surveys', to: paths.admin.surveys },
];

// Every administration page by path, for the breadcrumb.
const sectionsByPath = new Map<string, AdminSection>([
  [paths.admin.root, 'dashboard'],
  ...sidebar.map((item): [string, AdminSection] => [item.to, item.section]),
  [paths.admin.corporateTv, 'corporateTv'],
]);

const sidebarLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'block rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-primary-600 text-on-primary' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The administration's frame (/admin): header, sidebar and breadcrumb. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || paths.admin.root;
  // A page inside a section (/admin/pesquisas/nova) is shown under that section.
  const current =
    sectionsByPath.get(path) ??
    [...sectionsByPath].find(
      ([sectionPath]) => sectionPath !== paths.admin.root && path.startsWith(`${sectionPath}/`),
    )?.[1];
  const crumbs = current && current !== 'dashboard' ? [{ label: t(`admin.sections.${current}`) }] : [];

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Link to={paths.admin.root} className="rounded-md">
              <CompanyMark />
            </Link>
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 uppercase">
              {t('admin.areaTitle')}
            </span>
          </div>
          <UserMenu area="admin" />
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label={t('admin.nav')}
          className="border-b border-slate-200 bg-white p-3 md:w-64 md:border-r md:border-b-0"
        >
          <ul className="flex flex-col gap-1">
            <li>
              <NavLink to={paths.admin.root} end className={sidebarLinkClass}>
                {t('admin.sections.dashboard')}
              </NavLink>
            </li>
            {sidebar.map((item) => (
              <li key={item.section}>
                <NavLink to={item.to} className={sidebarLinkClass}>
                  {t(`admin.sections.${item.section}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="conteudo" tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8">
          <div className="mb-4">
            <Breadcrumb homeTo={paths.admin.root} items={crumbs} />
          </div>
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}
