import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import { useKnownLoggedUser } from '#lib/session.ts';
import { adminStatus } from '#lib/admin-access.ts';
import { isQuickAccessSection, type AdminSection } from '../features/admin-dashboard/admin-sections.ts';
import {
  AdminDashboardPage,
  type DashboardFigure,
  type HrWorkFigure,
} from '../features/admin-dashboard/pages/admin-dashboard-page.tsx';
import { paths } from '#lib/paths.ts';

/** What the home page reads of an area of the registry (app/admin-areas.tsx, which hands them in). */
interface QuickAccessCandidate {
  section: AdminSection;
  path: string;
  permission: AdminPermissionCode | null;
  quickAccess: boolean;
}

/**
 * The administration's home with the quick access the registry names, for areas this administrator
 * may read. Each count leads to the page that lists what it counts, with the same filter in the
 * address, so the number on the card is the total the page shows.
 */
export function AdminHomePage({ areas }: { areas: readonly QuickAccessCandidate[] }) {
  const user = useKnownLoggedUser();
  const may = (permission: AdminPermissionCode) => adminStatus(user, permission) !== 'N';
  const quickAccess = areas.flatMap((area) => {
    const { section, permission } = area;
    if (!area.quickAccess || !isQuickAccessSection(section)) return [];
    if (permission === null || !may(permission)) return [];
    return [{ section, to: area.path }];
  });
  const figureLinks: Partial<Record<DashboardFigure, string>> = {
    ...(may(AdminPermission.users) ? { qtdUsuariosAtivos: `${paths.admin.users}?ativo=S` } : {}),
    ...(may(AdminPermission.publications)
      ? { qtdPostagens: `${paths.admin.publications}?status=Publicado` }
      : {}),
  };
  const openTickets = `${paths.admin.hrPortal}?abertos=S`;
  const hrWorkLinks: Record<HrWorkFigure, string> | null =
    may(AdminPermission.hrPortal) && user
      ? {
          qtdEmAberto: openTickets,
          qtdAtrasados: `${openTickets}&atrasados=S`,
          qtdAtribuidosAMim: `${openTickets}&responsavel=${user.usuario.idUsuario}`,
        }
      : null;
  return <AdminDashboardPage quickAccess={quickAccess} figureLinks={figureLinks} hrWorkLinks={hrWorkLinks} />;
}
