import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import type { ReactNode } from 'react';
import type { AdminSection } from '../features/admin-dashboard/admin-sections.ts';
import { AppSettingsFrame } from './app-settings-frame.tsx';
import { HrPortalFrame } from './hr-portal-frame.tsx';
import { lazyPage } from './lazy-page.ts';
import { paths } from '#lib/paths.ts';

const AdminHomePage = lazyPage(
  () => import('./admin-home-page.tsx'),
  (module) => module.AdminHomePage,
);
const AdminSurveyListPage = lazyPage(
  () => import('../features/surveys/admin/pages/admin-survey-list-page.tsx'),
  (module) => module.AdminSurveyListPage,
);
const AdminSurveyEditorPage = lazyPage(
  () => import('../features/surveys/admin/pages/admin-survey-editor-page.tsx'),
  (module) => module.AdminSurveyEditorPage,
);
const AdminSurveyResultsPage = lazyPage(
  () => import('../features/surveys/admin/pages/admin-survey-results-page.tsx'),
  (module) => module.AdminSurveyResultsPage,
);
const AdminAdministratorListPage = lazyPage(
  () => import('../features/administrators/pages/admin-administrator-list-page.tsx'),
  (module) => module.AdminAdministratorListPage,
);
const AdminAdministratorFormPage = lazyPage(
  () => import('../features/administrators/pages/admin-administrator-form-page.tsx'),
  (module) => module.AdminAdministratorFormPage,
);
const AdminDeletionRequestsPage = lazyPage(
  () => import('../features/my-account/admin/pages/admin-deletion-requests-page.tsx'),
  (module) => module.AdminDeletionRequestsPage,
);
const AdminAppSettingsPage = lazyPage(
  () => import('../features/app-settings/pages/admin-app-settings-page.tsx'),
  (module) => module.AdminAppSettingsPage,
);
// Corporate sign-in's page shows the SCIM provisioning card below the sign-in settings (another feature's).
const ScimProvisioningCard = lazyPage(
  () => import('../features/scim/components/scim-provisioning-card.tsx'),
  (module) => module.ScimProvisioningCard,
);
const AdminSsoSettingsPage = lazyPage(
  () => import('../features/sso/pages/admin-sso-settings-page.tsx'),
  (module) => module.AdminSsoSettingsPage,
);
const AdminUserSettingsPage = lazyPage(
  () => import('../features/catalog/pages/admin-user-settings-page.tsx'),
  (module) => module.AdminUserSettingsPage,
);
const AdminUserImportPage = lazyPage(
  () => import('../features/user-import/pages/admin-user-import-page.tsx'),
  (module) => module.AdminUserImportPage,
);
const AdminUserListPage = lazyPage(
  () => import('../features/users/pages/admin-user-list-page.tsx'),
  (module) => module.AdminUserListPage,
);
const AdminUserFormPage = lazyPage(
  () => import('../features/users/pages/admin-user-form-page.tsx'),
  (module) => module.AdminUserFormPage,
);
const AdminAnnouncementListPage = lazyPage(
  () => import('../features/announcements/pages/admin-announcement-list-page.tsx'),
  (module) => module.AdminAnnouncementListPage,
);
const AdminGroupListPage = lazyPage(
  () => import('../features/groups/pages/admin-group-list-page.tsx'),
  (module) => module.AdminGroupListPage,
);
const AdminGroupFormPage = lazyPage(
  () => import('../features/groups/pages/admin-group-form-page.tsx'),
  (module) => module.AdminGroupFormPage,
);
const AdminGroupMembersPage = lazyPage(
  () => import('../features/groups/pages/admin-group-members-page.tsx'),
  (module) => module.AdminGroupMembersPage,
);
const AdminPublicationListPage = lazyPage(
  () => import('../features/publications/pages/admin-publication-list-page.tsx'),
  (module) => module.AdminPublicationListPage,
);
const AdminPublicationFormPage = lazyPage(
  () => import('../features/publications/pages/admin-publication-form-page.tsx'),
  (module) => module.AdminPublicationFormPage,
);
const AdminPublicationPage = lazyPage(
  () => import('../features/publications/pages/admin-publication-page.tsx'),
  (module) => module.AdminPublicationPage,
);
const AdminTimelinePage = lazyPage(
  () => import('../features/moderation/pages/admin-timeline-page.tsx'),
  (module) => module.AdminTimelinePage,
);
// The portal's chat, inside the administration's layout (the chat socket lives above both).
const ChatPage = lazyPage(
  () => import('../features/chat/pages/chat-page.tsx'),
  (module) => module.ChatPage,
);
const AdminHrTicketListPage = lazyPage(
  () => import('../features/hr-tickets/admin/pages/admin-hr-ticket-list-page.tsx'),
  (module) => module.AdminHrTicketListPage,
);
const AdminHrTicketPage = lazyPage(
  () => import('../features/hr-tickets/admin/pages/admin-hr-ticket-page.tsx'),
  (module) => module.AdminHrTicketPage,
);
const AdminHrReportPage = lazyPage(
  () => import('../features/hr-tickets/admin/pages/admin-hr-report-page.tsx'),
  (module) => module.AdminHrReportPage,
);
const HrSettingsPage = lazyPage(
  () => import('../features/hr-settings/pages/hr-settings-page.tsx'),
  (module) => module.HrSettingsPage,
);
const AdminTvPage = lazyPage(
  () => import('../features/tv/pages/admin-tv-page.tsx'),
  (module) => module.AdminTvPage,
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

/** The areas after the dashboard, in the sidebar's order. */
const areasBelowDashboard: readonly AdminArea[] = [
  {
    section: 'timeline',
    path: paths.admin.timeline,
    permission: AdminPermission.publications,
    sidebar: true,
    quickAccess: false,
    pages: [{ path: paths.admin.timeline, element: <AdminTimelinePage /> }],
  },
  {
    section: 'publications',
    path: paths.admin.publications,
    permission: AdminPermission.publications,
    sidebar: true,
    quickAccess: true,
    pages: [
      { path: paths.admin.publications, element: <AdminPublicationListPage /> },
      { path: paths.admin.publicationNew, element: <AdminPublicationFormPage />, edits: true },
      { path: paths.admin.publicationEdit, element: <AdminPublicationFormPage />, edits: true },
      { path: paths.admin.publication, element: <AdminPublicationPage /> },
    ],
  },
  {
    section: 'users',
    path: paths.admin.users,
    permission: AdminPermission.users,
    sidebar: true,
    quickAccess: true,
    pages: [
      { path: paths.admin.users, element: <AdminUserListPage /> },
      { path: paths.admin.userNew, element: <AdminUserFormPage />, edits: true },
      // A read-only administrator (L) opens the same page to read a person's record.
      { path: paths.admin.userEdit, element: <AdminUserFormPage /> },
      { path: paths.admin.userDeletionRequests, element: <AdminDeletionRequestsPage /> },
      { path: paths.admin.userImport, element: <AdminUserImportPage />, edits: true },
    ],
  },
  {
    section: 'administrators',
    path: paths.admin.administrators,
    permission: AdminPermission.administrators,
    sidebar: true,
    quickAccess: false,
    pages: [
      { path: paths.admin.administrators, element: <AdminAdministratorListPage /> },
      { path: paths.admin.administratorNew, element: <AdminAdministratorFormPage />, edits: true },
      // A read-only administrator (L) opens the same page to read an administrator's permissions.
      { path: paths.admin.administratorEdit, element: <AdminAdministratorFormPage /> },
    ],
  },
  {
    section: 'groups',
    path: paths.admin.groups,
    permission: AdminPermission.groups,
    sidebar: true,
    quickAccess: true,
    pages: [
      { path: paths.admin.groups, element: <AdminGroupListPage /> },
      { path: paths.admin.groupNew, element: <AdminGroupFormPage />, edits: true },
      { path: paths.admin.groupEdit, element: <AdminGroupFormPage />, edits: true },
      // A read-only administrator (L) reads the members and rules without changing them.
      { path: paths.admin.groupMembers, element: <AdminGroupMembersPage /> },
    ],
  },
  {
    section: 'userSettings',
    path: paths.admin.userSettings,
    permission: AdminPermission.users,
    sidebar: true,
    quickAccess: false,
    pages: [{ path: paths.admin.userSettings, element: <AdminUserSettingsPage /> }],
  },
  {
    section: 'appSettings',
    path: paths.admin.appSettings,
    permission: AdminPermission.appSettings,
    sidebar: true,
    quickAccess: false,
    // The look and corporate sign-in come from two features; the frame's links join them.
    pages: [
      {
        path: paths.admin.appSettings,
        element: (
          <AppSettingsFrame>
            <AdminAppSettingsPage />
          </AppSettingsFrame>
        ),
      },
      {
        path: paths.admin.ssoSettings,
        element: (
          <AppSettingsFrame>
            <AdminSsoSettingsPage />
            <ScimProvisioningCard />
          </AppSettingsFrame>
        ),
      },
    ],
  },
  {
    section: 'hrPortal',
    path: paths.admin.hrPortal,
    permission: AdminPermission.hrPortal,
    sidebar: true,
    quickAccess: true,
    // The portal's pages and its settings come from two features; the frame's links join them.
    pages: [
      {
        path: paths.admin.hrPortal,
        element: (
          <HrPortalFrame>
            <AdminHrTicketListPage />
          </HrPortalFrame>
        ),
      },
      {
        path: paths.admin.hrTicket,
        element: (
          <HrPortalFrame>
            <AdminHrTicketPage />
          </HrPortalFrame>
        ),
      },
      {
        path: paths.admin.hrReport,
        element: (
          <HrPortalFrame>
            <AdminHrReportPage />
          </HrPortalFrame>
        ),
      },
      // Read-only administrators read the settings too; the page hides its controls from them.
      {
        path: paths.admin.hrSettings,
        element: (
          <HrPortalFrame>
            <HrSettingsPage />
          </HrPortalFrame>
        ),
      },
    ],
  },
  {
    section: 'announcements',
    path: paths.admin.announcements,
    permission: AdminPermission.announcements,
    sidebar: true,
    quickAccess: false,
    pages: [{ path: paths.admin.announcements, element: <AdminAnnouncementListPage /> }],
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
    // Beyond the sidebar of spec section 2 (issue 29): the screens are managed from here daily.
    sidebar: true,
    quickAccess: true,
    pages: [{ path: paths.admin.corporateTv, element: <AdminTvPage /> }],
  },
  {
    section: 'chat',
    path: paths.admin.chat,
    // Every administrator is also an employee who chats: any administrator opens it.
    permission: null,
    sidebar: true,
    quickAccess: false,
    pages: [{ path: paths.admin.chat, element: <ChatPage /> }],
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
    // The home page is handed the areas for its quick access rather than importing this registry,
    // which imports it (no import cycle); the dashboard itself is never a quick access.
    pages: [{ path: paths.admin.root, element: <AdminHomePage areas={areasBelowDashboard} /> }],
  },
  ...areasBelowDashboard,
];

/** The area a path belongs to (a page inside an area, like /admin/pesquisas/nova, counts as it). */
export function adminAreaOf(pathname: string): AdminArea | undefined {
  const path = pathname.replace(/\/+$/, '') || paths.admin.root;
  return (
    adminAreas.find((area) => area.path === path) ??
    adminAreas.find((area) => area.path !== paths.admin.root && path.startsWith(`${area.path}/`))
  );
}
