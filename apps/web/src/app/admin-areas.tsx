import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import type { ReactNode } from 'react';
import type { AdminSection } from '../features/admin/admin-sections.ts';
import { lazyPage } from './lazy-page.ts';
import { paths } from './paths.ts';

const AdminHomePage = lazyPage(
  () => import('./admin-home-page.tsx'),
  (module) => module.AdminHomePage,
);
const AdminSectionPage = lazyPage(
  () => import('../features/admin/pages/admin-section-page.tsx'),
  (module) => module.AdminSectionPage,
);
const AdminSurveyListPage = lazyPage(
  () => import('../features/surveys/pages/admin-survey-list-page.tsx'),
  (module) => module.AdminSurveyListPage,
);
const AdminSurveyEditorPage = lazyPage(
  () => import('../features/surveys/pages/admin-survey-editor-page.tsx'),
  (module) => module.AdminSurveyEditorPage,
);
const AdminSurveyResultsPage = lazyPage(
  () => import('../features/surveys/pages/admin-survey-results-page.tsx'),
  (module) => module.AdminSurveyResultsPage,
);
const AdminAuditPage = lazyPage(
  () => import('../features/audit/pages/admin-audit-page.tsx'),
  (module) => module.AdminAuditPage,
);

/** One area of the administration: where it lives, what it needs, where it shows. */
export interface AdminArea {
  section: AdminSection;
  path: string;
  /** The permission whose status (L or E) opens it; null for the dashboard, open to every administrator. */
  permission: AdminPermissionCode | null;
  /** Shown in the sidebar (in this order). */
  sidebar: boolean;
  /** Shown in the dashboard's quick access. */
  quickAccess: boolean;
  /** The area's pages: its own path first, then pages inside it; `edits` for those that need E. */
  pages: { path: string; element: ReactNode; edits?: boolean }[];
}

/** A placeholder page for an area whose screens come with its own issue. */
const soon = (section: AdminSection, path: string) => [
  { path, element: <AdminSectionPage section={section} /> },
];

/**
 * The administration's areas, in the sidebar's order (spec section 2): this one registry builds
 * the sidebar, the dashboard's quick access and the routes, each area behind its permission.
 */
export const adminAreas: readonly AdminArea[] = [
  {
    section: 'dashboard',
    path: paths.admin.root,
    permission: null,
    sidebar: true,
    quickAccess: false,
    pages: [{ path: paths.admin.root, element: <AdminHomePage /> }],
  },
  {
    section: 'timeline',
    path: paths.admin.timeline,
    permission: AdminPermission.publications,
    sidebar: true,
    quickAccess: false,
    pages: soon('timeline', paths.admin.timeline),
  },
  {
    section: 'publications',
    path: paths.admin.publications,
    permission: AdminPermission.publications,
    sidebar: true,
    quickAccess: true,
    pages: soon('publications', paths.admin.publications),
  },
  {
    section: 'users',
    path: paths.admin.users,
    permission: AdminPermission.users,
    sidebar: true,
    quickAccess: true,
    pages: soon('users', paths.admin.users),
  },
  {
    section: 'groups',
    path: paths.admin.groups,
    permission: AdminPermission.groups,
    sidebar: true,
    quickAccess: true,
    pages: soon('groups', paths.admin.groups),
  },
  {
    section: 'userSettings',
    path: paths.admin.userSettings,
    permission: AdminPermission.users,
    sidebar: true,
    quickAccess: false,
    pages: soon('userSettings', paths.admin.userSettings),
  },
  {
    section: 'appSettings',
    path: paths.admin.appSettings,
    permission: AdminPermission.appSettings,
    sidebar: true,
    quickAccess: false,
    pages: soon('appSettings', paths.admin.appSettings),
  },
  {
    section: 'hrPortal',
    path: paths.admin.hrPortal,
    permission: AdminPermission.hrPortal,
    sidebar: true,
    quickAccess: false,
    pages: soon('hrPortal', paths.admin.hrPortal),
  },
  {
    section: 'announcements',
    path: paths.admin.announcements,
    permission: AdminPermission.announcements,
    sidebar: true,
    quickAccess: false,
    pages: soon('announcements', paths.admin.announcements),
  },
  {
    section: 'surveys',
    path: paths.admin.surveys,
    permission: AdminPermission.surveys,
    sidebar: true,
    quickAccess: false,
    pages: [
      { path: paths.admin.surveys, element: <AdminSurveyListPage /> },
      { path: paths.admin.surveyNew, element: <AdminSurveyEditorPage />, edits: true },
      { path: paths.admin.surveyEdit, element: <AdminSurveyEditorPage />, edits: true },
      { path: paths.admin.surveyResults, element: <AdminSurveyResultsPage /> },
    ],
  },
  {
    section: 'corporateTv',
    path: paths.admin.corporateTv,
    permission: AdminPermission.corporateTv,
    // Not in the sidebar of spec section 2: the dashboard's quick access leads to it.
    sidebar: false,
    quickAccess: true,
    pages: soon('corporateTv', paths.admin.corporateTv),
  },
  {
    section: 'audit',
    path: paths.admin.audit,
    permission: AdminPermission.audit,
    sidebar: true,
    quickAccess: false,
    pages: [{ path: paths.admin.audit, element: <AdminAuditPage /> }],
  },
];

/** The area a path belongs to (a page inside an area, like /admin/pesquisas/nova, counts as it). */
export function adminAreaOf(pathname: string): AdminArea | undefined {
  const path = pathname.replace(/\/+$/, '') || paths.admin.root;
  return (
    adminAreas.find((area) => area.path === path) ??
    adminAreas.find((area) => area.path !== paths.admin.root && path.startsWith(`${area.path}/`))
  );
}
