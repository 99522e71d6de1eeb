import type { UsuarioAdmin, UsuarioAdminResumo } from '@elo/contract/calls/people';
import type { LoginTypeValue } from '@elo/contract/enums';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { formatExportDate } from '../../platform/table-file.ts';
import type { UserRow, UserSummaryRow } from './repo.ts';

const flag = (value: boolean) => (value ? 'S' : 'N');

/** One row of the users table. */
export function presentUserSummary(row: UserSummaryRow): UsuarioAdminResumo {
  return {
    idUsuario: row.id,
    nome: row.name,
    matricula: row.matricula,
    email: row.email,
    urlFoto: mediaUrl(row.photoKey),
    unidade: row.unit,
    filial: row.branch,
    setor: row.sector,
    cargo: row.jobTitle,
    flAtivo: flag(row.active),
    dtUltimoAcesso: row.lastAccessAt?.toISOString() ?? null,
  };
}

/** The fields of the user form that the form and the audit log show alike. */
function editedFields(row: UserRow) {
  return {
    nome: row.name,
    tipoLogin: row.loginType as LoginTypeValue,
    email: row.email,
    matricula: row.matricula,
    celular: row.mobilePhone,
    idUnidade: row.unitId,
    idFilial: row.branchId,
    idSetor: row.sectorId,
    idCargo: row.jobTitleId,
    dtNascimento: row.birthDate,
    dtAdmissao: row.admissionDate,
    textoPerfil: row.profileText,
  };
}

/** A person as the user form edits them. */
export function presentUser(row: UserRow, masterUserId: number): UsuarioAdmin {
  return {
    idUsuario: row.id,
    ...editedFields(row),
    urlFoto: mediaUrl(row.photoKey),
    idsGrupos: row.groupIds,
    flAtivo: flag(row.active),
    flPrimeiroAcessoPendente: flag(row.firstAccessPending),
    flAdministrador: flag(row.isAdministrator || row.id === masterUserId),
    dtUltimoAcesso: row.lastAccessAt?.toISOString() ?? null,
    dtCriacao: row.createdAt.toISOString(),
    versao: row.version,
  };
}

/** What the audit log keeps of a person's record (no password, no photo bytes). */
export function auditedFields(row: UserRow | null) {
  if (!row) return null;
  return {
    ...editedFields(row),
    idsGrupos: row.groupIds,
    flAtivo: flag(row.active),
  };
}

/** One line of the export, in the header's order. */
export function exportLine(row: UserSummaryRow, yes: string, no: string): string[] {
  return [
    row.name,
    row.matricula ?? '',
    row.email ?? '',
    row.unit ?? '',
    row.branch ?? '',
    row.sector ?? '',
    row.jobTitle ?? '',
    row.active ? yes : no,
    row.lastAccessAt ? formatExportDate(row.lastAccessAt) : '',
  ];
}
