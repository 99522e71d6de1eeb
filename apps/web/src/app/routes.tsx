import { Permission } from '@elo/contract/enums';
import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppPortalRedirect } from './app-portal-redirect.tsx';
import { PublicOnly, RequireAdmin, RequirePermission, RequireUser } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { paths } from './paths.ts';
import { RootLayout } from './root-layout.tsx';

// Every page and the two private areas are their own chunks, fetched when first shown, so the
// login page loads only what it needs (issue budget: 170 KiB gzipped).
function lazyPage<Props extends object, Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LoginPage = lazyPage(
  () => import('../features/auth/pages/login-page.tsx'),
  (module) => module.LoginPage,
);
const FirstAccessPage = lazyPage(
  () => import('../features/auth/pages/first-access-page.tsx'),
  (module) => module.FirstAccessPage,
);
const FirstAccessPhonePage = lazyPage(
  () => import('../features/auth/pages/first-access-phone-page.tsx'),
  (module) => module.FirstAccessPhonePage,
);
const PasswordRequestEmailPage = lazyPage(
  () => import('../features/auth/pages/password-request-email-page.tsx'),
  (module) => module.PasswordRequestEmailPage,
);
const PasswordRequestMatriculaPage = lazyPage(
  () => import('../features/auth/pages/password-request-matricula-page.tsx'),
  (module) => module.PasswordRequestMatriculaPage,
);
const PasswordResetPage = lazyPage(
  () => import('../features/auth/pages/password-reset-page.tsx'),
  (module) => module.PasswordResetPage,
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
  () => import('../features/hr-contact/pages/hr-contact-page.tsx'),
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
const AdminLayout = lazyPage(
  () => import('./layouts/admin-layout.tsx'),
  (module) => module.AdminLayout,
);
const AdminDashboardPage = lazyPage(
  () => import('../features/admin/pages/admin-dashboard-page.tsx'),
  (module) => module.AdminDashboardPage,
);
const AdminSectionPage = lazyPage(
  () => import('../features/admin/pages/admin-section-page.tsx'),
  (module) => module.AdminSectionPage,
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
            ],
          },
        ],
      },
      { path: paths.language, element: <LanguagePage /> },
      { path: paths.logout, element: <LogoutPage /> },
      { path: paths.appPortal, element: <AppPortalRedirect /> },
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
                  { index: true, element: <AdminDashboardPage /> },
                  { path: paths.admin.timeline, element: <AdminSectionPage section="timeline" /> },
                  { path: paths.admin.publications, element: <AdminSectionPage section="publications" /> },
                  { path: paths.admin.users, element: <AdminSectionPage section="users" /> },
                  { path: paths.admin.groups, element: <AdminSectionPage section="groups" /> },
                  { path: paths.admin.userSettings, element: <AdminSectionPage section="userSettings" /> },
                  { path: paths.admin.appSettings, element: <AdminSectionPage section="appSettings" /> },
                  { path: paths.admin.hrPortal, element: <AdminSectionPage section="hrPortal" /> },
                  { path: paths.admin.announcements, element: <AdminSectionPage section="announcements" /> },
                  { path: paths.admin.corporateTv, element: <AdminSectionPage section="corporateTv" /> },
                  { path: paths.admin.surveys, element: <AdminSurveyListPage /> },
                  { path: paths.admin.surveyNew, element: <AdminSurveyEditorPage /> },
                  { path: paths.admin.surveyEdit, element: <AdminSurveyEditorPage /> },
                  { path: paths.admin.surveyResults, element: <AdminSurveyResultsPage /> },
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
