import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '#lib/paths.ts';
import { SectionLinks } from '#ui/section-links.tsx';

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
      <SectionLinks
        label={t('hrTickets.admin.tabs.label')}
        links={sections.map((section) => ({
          key: section.key,
          to: section.to,
          label: t(`hrTickets.admin.tabs.${section.key}`),
          // The section's own page is the page; a ticket's page is inside the tickets' section.
          current: section.key === current ? (pathname === section.to ? 'page' : 'true') : undefined,
        }))}
      />
      {children}
    </>
  );
}
