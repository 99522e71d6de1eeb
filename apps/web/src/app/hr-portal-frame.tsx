import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '#lib/paths.ts';

const sections = [
  { key: 'tickets', to: paths.admin.hrPortal },
  { key: 'report', to: paths.admin.hrReport },
  { key: 'settings', to: paths.admin.hrSettings },
] as const;

/** The section a path of the HR portal is in: a ticket's page belongs to the tickets. */
function sectionOf(pathname: string): (typeof sections)[number]['key'] {
  const inside = (root: string) => pathname === root || pathname.startsWith(`${root}/`);
  if (inside(paths.admin.hrReport)) return 'report';
  if (inside(paths.admin.hrSettings)) return 'settings';
  return 'tickets';
}

/**
 * The HR portal's sections (tickets, SLA report, settings) above each of its pages: the pages come
 * from two features (the portal and its settings), so the links that join them live here.
 */
export function HrPortalFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = sectionOf(pathname.replace(/\/+$/, ''));
  return (
    <>
      <nav
        aria-label={t('hrTickets.admin.tabs.label')}
        className="mb-4 overflow-x-auto border-b border-slate-300"
      >
        <ul className="flex">
          {sections.map((section) => {
            const active = section.key === current;
            return (
              <li key={section.key} className="shrink-0">
                <Link
                  to={section.to}
                  // The section's own page is the page; a ticket's page is inside the tickets' section.
                  aria-current={active ? (pathname === section.to ? 'page' : 'true') : undefined}
                  className={clsx(
                    '-mb-px inline-flex min-h-10 items-center border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
                    'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary-500',
                    active
                      ? 'border-primary-600 text-primary-ink'
                      : 'border-transparent text-slate-700 hover:text-slate-900',
                  )}
                >
                  {t(`hrTickets.admin.tabs.${section.key}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </>
  );
}
