import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import { useKnownLoggedUser } from '#lib/session.ts';
import { adminStatus } from '#lib/admin-access.ts';
import { isQuickAccessSection, type AdminSection } from '../features/admin-dashboard/admin-sections.ts';
import { AdminDashboardPage } from '../features/admin-dashboard/pages/admin-dashboard-page.tsx';
import { paths } from '#lib/paths.ts';

/** What the home page reads of an area of the registry (app/admin-areas.tsx, which hands them in). */
interface QuickAccessCandidate {
  section: AdminSection;
  path: string;
  permission: AdminPermissionCode | null;
  quickAccess: boolean;
}

/** The administration's home with the quick access the registry names, for areas this administrator may read. */
export function AdminHomePage({ areas }: { areas: readonly QuickAccessCandidate[] }) {
  const user = useKnownLoggedUser();
  const quickAccess = areas.flatMap((area) => {
    const { section, permission } = area;
    if (!area.quickAccess || !isQuickAccessSection(section)) return [];
    if (permission === null || adminStatus(user, permission) === 'N') return [];
    return [{ section, to: area.path }];
  });
  // The posts and comments figures lead to the publications list and the timeline.
  const figureLinks =
    adminStatus(user, AdminPermission.publications) === 'N'
      ? {}
      : { qtdPostagens: paths.admin.publications, qtdComentarios: paths.admin.timeline };
  return <AdminDashboardPage quickAccess={quickAccess} figureLinks={figureLinks} />;
}
