import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AdminPermission } from '@elo/contract/enums';
import { useAdminAccess } from '#lib/admin-access.ts';
import { paths } from '#lib/paths.ts';

/**
 * The users area's pages, side by side: the list, deletion requests and, for those who may change
 * people (E), the import; a read-only administrator could not open it.
 */
export function UsersAreaLinks() {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.users);
  const links = [
    { to: paths.admin.users, label: t('admin.usersAdmin.links.list') },
    { to: paths.admin.userDeletionRequests, label: t('admin.usersAdmin.links.deletionRequests') },
    ...(canEdit ? [{ to: paths.admin.userImport, label: t('admin.usersAdmin.links.import') }] : []),
  ];
  return (
    <nav aria-label={t('admin.usersAdmin.links.label')} className="mb-4 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-4">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                `inline-block border-b-2 px-1 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-500 ${
                  isActive
                    ? 'border-primary-600 text-primary-700'
                    : 'border-transparent text-slate-600 hover:text-slate-900'
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
