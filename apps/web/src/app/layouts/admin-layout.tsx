import '#lib/i18n/area-texts.ts';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Breadcrumb, TrailClaimProvider } from '#ui/breadcrumb.tsx';
import { adminStatus, isAnyAdministrator } from '#lib/admin-access.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { ChevronDownIcon } from '#ui/icons.tsx';
import { adminAreaOf, adminAreas } from '../admin-areas.tsx';
import { PageOutlet } from '../page-outlet.tsx';
import { paths } from '#lib/paths.ts';
import { UserMenu } from '../user-menu.tsx';
import { CompanyMark } from './company-mark.tsx';
import { SkipLink } from '#ui/skip-link.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';

const sidebarLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'block rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-primary-600 text-on-primary' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The administration's frame (/admin): header, sidebar and breadcrumb. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useKnownLoggedUser();
  const [menuOpen, setMenuOpen] = useState(false);
  // A page with a longer trail of its own (a group's members) shows it instead of the frame's.
  const [pageShowsTrail, setPageShowsTrail] = useState(false);
  // A page inside an area (/admin/pesquisas/nova) is shown under that area.
  const current = adminAreaOf(pathname)?.section;
  const crumbs = current && current !== 'dashboard' ? [{ label: t(`admin.sections.${current}`) }] : [];
  // Only the areas this administrator may read; the server refuses the rest anyway.
  const sidebar = adminAreas.filter(
    (area) =>
      area.sidebar &&
      (area.permission === null ? isAnyAdministrator(user) : adminStatus(user, area.permission) !== 'N'),
  );

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
          <div className="flex items-center gap-1">
            <NotificationBell />
            <UserMenu area="admin" />
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label={t('admin.nav')}
          className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-r md:border-b-0"
        >
          <button
            type="button"
            className="flex w-full items-center justify-between px-4 py-3 text-sm font-semibold text-slate-800 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {t('admin.menu')}
            <ChevronDownIcon className={clsx('transition-transform', menuOpen && 'rotate-180')} />
          </button>
          <ul id="admin-menu" className={clsx('flex-col gap-1 p-3 md:flex', menuOpen ? 'flex' : 'hidden')}>
            {sidebar.map((area) => (
              <li key={area.section}>
                {/* On a narrow screen the menu sits behind a button; following a link closes it. */}
                <NavLink
                  to={area.path}
                  end={area.path === paths.admin.root}
                  className={sidebarLinkClass}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(`admin.sections.${area.section}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* min-w-0: the page takes the width beside the sidebar, never its content's (a wide table
            fits itself to it), so the sidebar keeps its width and nothing pushes the page sideways. */}
        <main id="conteudo" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8">
          {!pageShowsTrail && (
            <div className="mb-4">
              <Breadcrumb homeTo={paths.admin.root} items={crumbs} />
            </div>
          )}
          <TrailClaimProvider value={setPageShowsTrail}>
            <PageOutlet />
          </TrailClaimProvider>
        </main>
      </div>
    </div>
  );
}
