import { AdminPermission } from '@elo/contract/enums';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAdminAccess } from '#lib/admin-access.ts';
import { paths } from '#lib/paths.ts';

const sections = [
  { key: 'look', to: paths.admin.appSettings },
  { key: 'sso', to: paths.admin.ssoSettings },
] as const;

/**
 * The app settings' sections (the look, corporate sign-in) above each of their pages: they come
 * from two features, so the links that join them live here. Corporate sign-in shows only to those
 * who hold the administrators' permission too (it decides who signs in and as whom).
 */
export function AppSettingsFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const administrators = useAdminAccess(AdminPermission.administrators);
  const current = pathname.replace(/\/+$/, '') === paths.admin.ssoSettings ? 'sso' : 'look';
  const shown = sections.filter((section) => section.key !== 'sso' || administrators.canRead);
  return (
    <>
      {shown.length > 1 && (
        <nav
          aria-label={t('admin.appSettingsSections.label')}
          className="mb-4 overflow-x-auto border-b border-slate-300"
        >
          <ul className="flex">
            {shown.map((section) => {
              const active = section.key === current;
              return (
                <li key={section.key} className="shrink-0">
                  <Link
                    to={section.to}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      '-mb-px inline-flex min-h-10 items-center border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
                      'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary-500',
                      active
                        ? 'border-primary-600 text-primary-ink'
                        : 'border-transparent text-slate-700 hover:text-slate-900',
                    )}
                  >
                    {t(`admin.appSettingsSections.${section.key}`)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {children}
    </>
  );
}
