import type { z } from 'zod';
import type {
  AdministradorResumo,
  Administrador,
  salvaAdministradorAdminInputSchema,
} from '@elo/contract/calls/administrators';
import { adminPermissionCodes, AdminPermissionStatus, type AdminPermissionCode } from '@elo/contract/enums';
import {
  fromFlag,
  toFlag as flag,
  presentPersonSummary,
  toWireDateOrNull,
} from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { AdministratorRow } from './repo.ts';
import {
  isMasterUser,
  loginOf,
  type Administrator,
  type AdministratorForm,
  type Assignments,
} from './service.ts';

/** The administrator form's body in the domain's words (its defaults applied by the contract). */
export function administratorFormOf(
  input: z.output<typeof salvaAdministradorAdminInputSchema>,
): AdministratorForm {
  // Listed in order: a later entry for the same permission wins, and N takes the status away.
  const statuses = new Map<AdminPermissionCode, 'L' | 'E'>();
  for (const entry of input.permissoesAdmin) {
    if (entry.status === AdminPermissionStatus.none) statuses.delete(entry.permissao);
    else statuses.set(entry.permissao, entry.status);
  }
  return {
    id: input.idUsuario,
    version: input.versao,
    promote: fromFlag(input.flPromover),
    name: input.nome,
    login: input.login,
    email: input.email,
    password: input.senha,
    approved: fromFlag(input.flAprovado),
    statuses,
    subjectIds: input.idsAssuntosChamado,
    groupIds: input.idsGruposChamado,
  };
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
    dtUltimoAcesso: toWireDateOrNull(row.lastAccessAt),
  };
}

/** The administrator as the form edits them: every permission with its status, N included. */
export function presentAdministrator({ row, assignments }: Administrator): Administrador {
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

/** What the form offers to assign, as its choices list them. */
export const presentAssignmentOptions = (options: {
  subjects: { id: number; name: string; active: boolean }[];
  groups: { id: number; name: string }[];
}) => ({
  listAssuntos: options.subjects.map((item) => ({
    id: item.id,
    nome: item.name,
    flAtivo: flag(item.active),
  })),
  listGrupos: options.groups.map((group) => ({ idGrupo: group.id, nome: group.name })),
});

/** An employee who may be promoted, as the search lists them. */
export const presentCandidate = presentPersonSummary;

/** What the audit log records of an administrator: the form's fields, every permission with its status. */
export function auditedAdministrator(
  person: { name: string; email: string | null; login: string; approved: boolean },
  assignments: Assignments | null,
): Record<string, unknown> {
  const permissions = Object.fromEntries(
    adminPermissionCodes.map((code) => [
      `permissao.${code}`,
      assignments?.statuses.get(code) ?? AdminPermissionStatus.none,
    ]),
  );
  return {
    nome: person.name,
    login: person.login,
    email: person.email,
    flAprovado: flag(person.approved),
    ...permissions,
    idsAssuntosChamado: assignments?.subjectIds ?? [],
    idsGruposChamado: assignments?.groupIds ?? [],
  };
}

/** The master's permissions as the audit log shows them: every one at E, though none is stored. */
export const auditedMasterPermissions = () =>
  Object.fromEntries(adminPermissionCodes.map((code) => [`permissao.${code}`, AdminPermissionStatus.edit]));

/** A password the form set, as the audit log shows it: only that it was set. */
export const auditedPasswordSet = () => ({ senha: 'set' });

/** Whether the person is an administrator, as the audit log of a removal shows it. */
export const auditedRole = (isAdministrator: boolean) => ({ flAdministrador: flag(isAdministrator) });
