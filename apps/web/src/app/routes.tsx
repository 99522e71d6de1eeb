import { Permission } from '@elo/contract/enums';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppPortalRedirect } from './app-portal-redirect.tsx';
import { PublicOnly, RequireAdmin, RequirePermission, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { paths } from '#lib/paths.ts';
import { lazyPage } from './lazy-page.ts';
import { RootLayout } from './root-layout.tsx';

const LoginPage = lazyPage(
  () => import('../features/auth/pages/login-page.tsx'),
  (module) => module.LoginPage,
);
const FirstAccessPage = lazyPage(
  () => import('../features/account/pages/first-access-page.tsx'),
  (module) => module.FirstAccessPage,
);
const FirstAccessPhonePage = lazyPage(
  () => import('../features/account/pages/first-access-phone-page.tsx'),
  (module) => module.FirstAccessPhonePage,
);
const PasswordRequestEmailPage = lazyPage(
  () => import('../features/account/pages/password-request-email-page.tsx'),
  (module) => module.PasswordRequestEmailPage,
);
const PasswordRequestMatriculaPage = lazyPage(
  () => import('../features/account/pages/password-request-matricula-page.tsx'),
  (module) => module.PasswordRequestMatriculaPage,
);
const PasswordResetPage = lazyPage(
  () => import('../features/account/pages/password-reset-page.tsx'),
  (module) => module.PasswordResetPage,
);
const SsoCompletePage = lazyPage(
  () => import('../features/sso/pages/sso-complete-page.tsx'),
  (module) => module.SsoCompletePage,
);
const LanguagePage = lazyPage(
  () => import('../features/auth/pages/language-page.tsx'),
  (module) => module.LanguagePage,
);
const LogoutPage = lazyPage(
  () => import('../features/auth/pages/logout-page.tsx'),
  (module) => module.LogoutPage,
);
const PortalLayout = lazyPage(
  () => import('./layouts/portal-layout.tsx'),
  (module) => module.PortalLayout,
);
const DashboardPage = lazyPage(
  () => import('./portal-dashboard-page.tsx'),
  (module) => module.PortalDashboardPage,
);
const TimelinePage = lazyPage(
  () => import('../features/timeline/pages/timeline-page.tsx'),
  (module) => module.TimelinePage,
);
const HrContactPage = lazyPage(
  () => import('../features/hr-tickets/pages/hr-contact-page.tsx'),
  (module) => module.HrContactPage,
);
const ChatPage = lazyPage(
  () => import('../features/chat/pages/chat-page.tsx'),
  (module) => module.ChatPage,
);
const RemindersPage = lazyPage(
  () => import('../features/reminders/pages/reminders-page.tsx'),
  (module) => module.RemindersPage,
);
const SurveyListPage = lazyPage(
  () => import('../features/surveys/pages/survey-list-page.tsx'),
  (module) => module.SurveyListPage,
);
const SurveyAccessPage = lazyPage(
  () => import('../features/surveys/pages/survey-access-page.tsx'),
  (module) => module.SurveyAccessPage,
);
const SurveyAnswerPage = lazyPage(
  () => import('../features/surveys/pages/survey-answer-page.tsx'),
  (module) => module.SurveyAnswerPage,
);
const SurveyResultsPage = lazyPage(
  () => import('../features/surveys/pages/survey-results-page.tsx'),
  (module) => module.SurveyResultsPage,
);
const SearchPage = lazyPage(
  () => import('../features/search/pages/search-page.tsx'),
  (module) => module.SearchPage,
);
const MyAccountRoute = lazyPage(
  () => import('./my-account-route.tsx'),
  (module) => module.MyAccountRoute,
);
const AdminAreaRoutes = lazyPage(
  () => import('./admin-area-routes.tsx'),
  (module) => module.AdminAreaRoutes,
);
const AdminLayout = lazyPage(
  () => import('./layouts/admin-layout.tsx'),
  (module) => module.AdminLayout,
);
const TvScreenPage = lazyPage(
  () => import('../features/tv/pages/tv-screen-page.tsx'),
  (module) => module.TvScreenPage,
);
const NotFoundPage = lazyPage(
  () => import('./not-found-page.tsx'),
  (module) => module.NotFoundPage,
);

/** The app's route tree (spec section 2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: paths.login, element: <LoginPage /> },
              { path: paths.firstAccessStep1, element: <FirstAccessPage /> },
              { path: paths.firstAccessStep2, element: <FirstAccessPhonePage /> },
              { path: paths.passwordRequestEmail, element: <PasswordRequestEmailPage /> },
              { path: paths.passwordRequestMatricula, element: <PasswordRequestMatriculaPage /> },
              { path: paths.passwordReset, element: <PasswordResetPage /> },
              { path: paths.ssoComplete, element: <SsoCompletePage /> },
            ],
          },
        ],
      },
      { path: paths.language, element: <LanguagePage /> },
      { path: paths.logout, element: <LogoutPage /> },
      { path: paths.appPortal, element: <AppPortalRedirect /> },
      // Outside the guards and layouts: a lobby TV has no employee session and no sidebar.
      { path: paths.tv, element: <TvScreenPage /> },
      {
        path: paths.portal.root,
        element: <RequireUser />,
        children: [
          {
            element: <PortalLayout />,
            children: [
              { index: true, element: <Navigate to={paths.portal.timeline} replace /> },
              { path: paths.portal.dashboard, element: <DashboardPage /> },
              { path: paths.portal.timeline, element: <TimelinePage /> },
              { path: paths.portal.publication, element: <TimelinePage /> },
              { path: paths.portal.hrContact, element: <HrContactPage /> },
              { path: paths.portal.hrContactAlias, element: <HrContactPage /> },
              {
                element: <RequirePermission permission={Permission.chat} />,
                children: [{ path: paths.portal.chat, element: <ChatPage /> }],
              },
              { path: paths.portal.reminders, element: <RemindersPage /> },
              { path: paths.portal.myAccount, element: <MyAccountRoute /> },
              { path: paths.portal.search, element: <SearchPage /> },
              {
                path: paths.portal.surveys,
                element: <RequirePermission permission={Permission.surveys} />,
                children: [
                  { index: true, element: <SurveyListPage /> },
                  { path: paths.portal.surveyAccess, element: <SurveyAccessPage /> },
                  { path: paths.portal.surveyAnswer, element: <SurveyAnswerPage /> },
                  { path: paths.portal.surveyResults, element: <SurveyResultsPage /> },
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
                element: <AdminLayout />,
                children: [
                  // The areas' own routes load with the administration (admin-area-routes.tsx).
                  { index: true, element: <AdminAreaRoutes /> },
                  { path: '*', element: <AdminAreaRoutes /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Renders the route that matches the current location; used under BrowserRouter or MemoryRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
