import type { AdministradorResumo, Administrador } from '@elo/contract/calls/administrators';
import { adminPermissionCodes, AdminPermissionStatus, LoginType } from '@elo/contract/enums';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { AdministratorRow } from './repo.ts';

const flag = (value: boolean) => (value ? 'S' : 'N');

/** Whether a person is the company's master user (idUsuario = idUsuarioPai). */
export const isMasterUser = (row: { id: number; companyId: number }) => row.id === row.companyId;

/** What a person signs in with: their e-mail, or their matricula. */
export function loginOf(row: { loginType: string; email: string | null; matricula: string | null }): string {
  return (row.loginType === LoginType.matricula ? row.matricula : row.email) ?? '';
}

/** One row of the administrators table; the master holds every permission at E. */
export function presentAdministratorSummary(row: AdministratorRow): AdministradorResumo {
  const master = isMasterUser(row);
  return {
    idUsuario: row.id,
    nome: row.name,
    login: loginOf(row),
    email: row.email,
    urlFoto: mediaUrl(row.photoKey),
    flAprovado: flag(master || row.approved),
    flAtivo: flag(row.active),
    flMaster: flag(master),
    qtdPermissoesLeitura: master ? 0 : row.readCount,
    qtdPermissoesEdicao: master ? adminPermissionCodes.length : row.editCount,
    dtUltimoAcesso: row.lastAccessAt ? new Date(row.lastAccessAt).toISOString() : null,
  };
}

/** The administrator as the form edits them: every permission with its status, N included. */
export function presentAdministrator(
  row: AdministratorRow,
  assignments: { statuses: ReadonlyMap<string, 'L' | 'E'>; subjectIds: number[]; groupIds: number[] },
): Administrador {
  const master = isMasterUser(row);
  return {
    ...presentAdministratorSummary(row),
    permissoesAdmin: adminPermissionCodes.map((permissao) => ({
      permissao,
      status: master
        ? AdminPermissionStatus.edit
        : (assignments.statuses.get(permissao) ?? AdminPermissionStatus.none),
    })),
    idsAssuntosChamado: assignments.subjectIds,
    idsGruposChamado: assignments.groupIds,
    versao: row.version,
  };
}
