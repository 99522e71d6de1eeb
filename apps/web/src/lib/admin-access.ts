import type { LoggedUser } from '@elo/contract/calls/auth';
import {
  AdminPermissionStatus,
  type AdminPermissionCode,
  type AdminPermissionStatusValue,
} from '@elo/contract/enums';
import { useKnownLoggedUser } from './session.ts';

/**
 * The administrator's status for a permission, as the server sent it (`permissoesAdmin`). The web
 * only reflects it: the server refuses what the status does not allow, whatever the page shows.
 */
export function adminStatus(
  user: LoggedUser | undefined,
  code: AdminPermissionCode,
): AdminPermissionStatusValue {
  return (
    user?.permissoesAdmin.find((entry) => entry.permissao === code)?.status ?? AdminPermissionStatus.none
  );
}

/** Whether the user may open the administration at all: any permission at L or E. */
export function isAnyAdministrator(user: LoggedUser | undefined): boolean {
  return Boolean(user?.permissoesAdmin.some((entry) => entry.status !== AdminPermissionStatus.none));
}

/** Whether the user is an administrator still waiting for approval (flAprovado N): the administration stays closed. */
export function awaitsAdminApproval(user: LoggedUser | undefined): boolean {
  return Boolean(user?.usuario.flAdministrador && !user.usuario.flAdministradorAprovado);
}

/** What the signed-in administrator may do in an area: read it (L or E), change it (E). */
export function useAdminAccess(code: AdminPermissionCode | null): { canRead: boolean; canEdit: boolean } {
  const user = useKnownLoggedUser();
  if (code === null) return { canRead: isAnyAdministrator(user), canEdit: false };
  const status = adminStatus(user, code);
  return { canRead: status !== AdminPermissionStatus.none, canEdit: status === AdminPermissionStatus.edit };
}
