import { Permission } from '@elo/contract/enums';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { AdminSection } from '../features/admin/admin-sections.ts';
import type { PendingAccessFlow } from '../features/auth/pages/pending-access-page.tsx';
import { AppPortalRedirect } from './app-portal-redirect.tsx';
import { PublicOnly, RequireAdmin, RequirePermission, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { paths } from './paths.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

// Each page is its own chunk, fetched when its route matches: the login page stays small.
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const pendingAccessPage = (flow: PendingAccessFlow) => async () => {
  const { PendingAccessPage } = await import('../features/auth/pages/pending-access-page.tsx');
  return { element: <PendingAccessPage flow={flow} /> };
};

const adminSectionRoute = (path: string, section: AdminSection): RouteObject => ({
  path,
  handle: { adminSection: section },
  lazy: async () => {
    const { AdminSectionPage } = await import('../features/admin/pages/admin-section-page.tsx');
    return { element: <AdminSectionPage section={section} /> };
  },
});

const timelinePage = page(
  () => import('../features/timeline/pages/timeline-page.tsx'),
  (module) => module.TimelinePage,
);
const hrContactPage = page(
  () => import('../features/hr-contact/pages/hr-contact-page.tsx'),
  (module) => module.HrContactPage,
);

/** The app's route tree (spec section 2), shared by the browser router and the tests. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => null,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: paths.login,
                lazy: page(
                  () => import('../features/auth/pages/login-page.tsx'),
                  (module) => module.LoginPage,
                ),
              },
              { path: paths.firstAccessStep1, lazy: pendingAccessPage('firstAccessStep1') },
              { path: paths.firstAccessStep2, lazy: pendingAccessPage('firstAccessStep2') },
              { path: paths.passwordRequestEmail, lazy: pendingAccessPage('passwordByEmail') },
              { path: paths.passwordRequestMatricula, lazy: pendingAccessPage('passwordByMatricula') },
              { path: paths.passwordReset, lazy: pendingAccessPage('passwordReset') },
            ],
          },
        ],
      },
      {
        path: paths.language,
        lazy: page(
          () => import('../features/auth/pages/language-page.tsx'),
          (module) => module.LanguagePage,
        ),
      },
      {
        path: paths.logout,
        lazy: page(
          () => import('../features/auth/pages/logout-page.tsx'),
          (module) => module.LogoutPage,
        ),
      },
      { path: paths.appPortal, element: <AppPortalRedirect /> },
      {
        path: paths.portal.root,
        element: <RequireUser />,
        children: [
          {
            lazy: page(
              () => import('./layouts/portal-layout.tsx'),
              (module) => module.PortalLayout,
            ),
            children: [
              { index: true, element: <Navigate to={paths.portal.timeline} replace /> },
              {
                path: paths.portal.dashboard,
                lazy: page(
                  () => import('../features/dashboard/pages/dashboard-page.tsx'),
                  (module) => module.DashboardPage,
                ),
              },
              { path: paths.portal.timeline, lazy: timelinePage },
              { path: paths.portal.publication, lazy: timelinePage },
              { path: paths.portal.hrContact, lazy: hrContactPage },
              { path: paths.portal.hrContactAlias, lazy: hrContactPage },
              {
                element: <RequirePermission permission={Permission.chat} />,
                children: [
                  {
                    path: paths.portal.chat,
                    lazy: page(
                      () => import('../features/chat/pages/chat-page.tsx'),
                      (module) => module.ChatPage,
                    ),
                  },
                ],
              },
              {
                path: paths.portal.reminders,
                lazy: page(
                  () => import('../features/reminders/pages/reminders-page.tsx'),
                  (module) => module.RemindersPage,
                ),
              },
              {
                path: paths.portal.surveys,
                element: <RequirePermission permission={Permission.surveys} />,
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/surveys/pages/survey-list-page.tsx'),
                      (module) => module.SurveyListPage,
                    ),
                  },
                  {
                    path: paths.portal.surveyAccess,
                    lazy: page(
                      () => import('../features/surveys/pages/survey-access-page.tsx'),
                      (module) => module.SurveyAccessPage,
                    ),
                  },
                  {
                    path: paths.portal.surveyAnswer,
                    lazy: page(
                      () => import('../features/surveys/pages/survey-answer-page.tsx'),
                      (module) => module.SurveyAnswerPage,
                    ),
                  },
                  {
                    path: paths.portal.surveyResults,
                    lazy: page(
                      () => import('../features/surveys/pages/survey-results-page.tsx'),
                      (module) => module.SurveyResultsPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: paths.admin.root,
        element: <RequireUser />,
        children: [
          {
            element: <RequireAdmin />,
            children: [
              {
                lazy: page(
                  () => import('./layouts/admin-layout.tsx'),
                  (module) => module.AdminLayout,
                ),
                children: [
                  {
                    index: true,
                    handle: { adminSection: 'dashboard' },
                    lazy: page(
                      () => import('../features/admin/pages/admin-dashboard-page.tsx'),
                      (module) => module.AdminDashboardPage,
                    ),
                  },
                  adminSectionRoute(paths.admin.timeline, 'timeline'),
                  adminSectionRoute(paths.admin.publications, 'publications'),
                  adminSectionRoute(paths.admin.users, 'users'),
                  adminSectionRoute(paths.admin.groups, 'groups'),
                  adminSectionRoute(paths.admin.userSettings, 'userSettings'),
                  adminSectionRoute(paths.admin.appSettings, 'appSettings'),
                  adminSectionRoute(paths.admin.hrPortal, 'hrPortal'),
                  adminSectionRoute(paths.admin.announcements, 'announcements'),
                  adminSectionRoute(paths.admin.corporateTv, 'corporateTv'),
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: page(
          () => import('./not-found-page.tsx'),
          (module) => module.NotFoundPage,
        ),
      },
    ],
  },
];

