import { AdminPermission } from '@elo/contract/enums';
import { useKnownLoggedUser } from '#lib/session.ts';
import { adminStatus } from '#lib/admin-access.ts';
import { isQuickAccessSection } from '../features/admin/admin-sections.ts';
import { AdminDashboardPage } from '../features/admin/pages/admin-dashboard-page.tsx';
import { adminAreas } from './admin-areas.tsx';
import { paths } from '#lib/paths.ts';

/** The administration's home with the quick access the registry names, for areas this administrator may read. */
export function AdminHomePage() {
  const user = useKnownLoggedUser();
  const quickAccess = adminAreas.flatMap((area) => {
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
