import { AdminPermission } from '@elo/contract/enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAdminAccess } from '#lib/admin-access.ts';
import { paths } from '#lib/paths.ts';
import { SectionLinks } from '#ui/section-links.tsx';

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
        <SectionLinks
          label={t('admin.appSettingsSections.label')}
          links={shown.map((section) => ({
            key: section.key,
            to: section.to,
            label: t(`admin.appSettingsSections.${section.key}`),
            current: section.key === current ? 'page' : undefined,
          }))}
        />
      )}
      {children}
    </>
  );
}
