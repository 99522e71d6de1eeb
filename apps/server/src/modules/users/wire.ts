import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type {
  salvaUsuarioAdminInputSchema,
  UsuarioAdmin,
  UsuarioAdminResumo,
} from '@elo/contract/calls/users';
import { importColumns, importFileRules } from '@elo/contract/calls/user-import';
import type { LoginTypeValue } from '@elo/contract/enums';
import {
  fromFlag,
  toFlag as flag,
  toWireDate,
  toWireDateOrNull,
  type Flag,
} from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { ExportCell, ExportTable } from '../../platform/table-file.ts';
import type { InvitationChannel, SkippedInvitee } from './invitations.ts';
import type { UserExportRow, UserFilter, UserRow, UserSummaryRow } from './repo.ts';
import type { UserRecord } from './service.ts';
import { usersExportLimit, type UserForm } from './service.ts';

/** The wire's filters in the repo's words (the export's ids come as text). */
export const userFilterOf = (input: {
  busca?: string | undefined;
  flAtivo?: Flag | undefined;
  idUnidade?: number | string | undefined;
  idFilial?: number | string | undefined;
  idSetor?: number | string | undefined;
  idCargo?: number | string | undefined;
  idGrupo?: number | string | undefined;
}): UserFilter => {
  const id = (value: number | string | undefined) =>
    value === undefined || value === '' ? undefined : Number(value);
  return {
    search: input.busca || undefined,
    active: input.flAtivo === undefined ? undefined : fromFlag(input.flAtivo),
    unitId: id(input.idUnidade),
    branchId: id(input.idFilial),
    sectorId: id(input.idSetor),
    jobTitleId: id(input.idCargo),
    groupId: id(input.idGrupo),
  };
};

/** The user form's body in the domain's words. */
export const userFormOf = (input: z.output<typeof salvaUsuarioAdminInputSchema>): UserForm => ({
  id: input.idUsuario,
  version: input.versao,
  name: input.nome,
  loginType: input.tipoLogin,
  email: input.email,
  matricula: input.matricula,
  mobilePhone: input.celular,
  unitId: input.idUnidade,
  branchId: input.idFilial,
  sectorId: input.idSetor,
  jobTitleId: input.idCargo,
  birthDate: input.dtNascimento,
  admissionDate: input.dtAdmissao,
  profileText: input.textoPerfil,
  groupIds: input.idsGrupos,
  active: fromFlag(input.flAtivo),
  password: input.senha,
  sendInvitation: fromFlag(input.flEnviarConvite),
});

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
    dtUltimoAcesso: toWireDateOrNull(row.lastAccessAt),
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
export function presentUser(row: UserRecord, masterUserId: number): UsuarioAdmin {
  return {
    idUsuario: row.id,
    ...editedFields(row),
    urlFoto: mediaUrl(row.photoKey),
    idsGrupos: row.groupIds,
    listGruposPorRegra: row.ruleGroups.map((group) => ({
      idGrupo: group.groupId,
      nome: group.groupName,
      regras: group.rules.map((rule) => ({
        unidade: rule.unit,
        filial: rule.branch,
        setor: rule.sector,
        cargo: rule.jobTitle,
      })),
    })),
    flAtivo: flag(row.active),
    flPrimeiroAcessoPendente: flag(row.firstAccessPending),
    flAdministrador: flag(row.isAdministrator || row.id === masterUserId),
    dtUltimoAcesso: toWireDateOrNull(row.lastAccessAt),
    dtCriacao: toWireDate(row.createdAt),
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

/** A password set, as the audit log shows it: masked on both sides. */
export const auditedPasswordChange = () => ({ senha: { antes: '***', depois: '***' } });

/** A bulk invitation, as the audit log shows it: the password masked and how it went (EMAIL or SMS). */
export const auditedInvitation = (channel: InvitationChannel) => ({
  ...auditedPasswordChange(),
  canal: { antes: null, depois: channel === 'sms' ? 'SMS' : 'EMAIL' },
});

/** A person's photo, as the audit log shows it: its address. */
export const auditedPhoto = (key: string | null) => ({ foto: mediaUrl(key) });

/** Whether the person is active, as the audit log of a bulk (de)activation shows it. */
export const auditedActive = (active: boolean) => ({ flAtivo: flag(active) });

/**
 * One line of the export in the import template's columns and forms: dates as days (written as
 * the reader's language writes them, which the import reads), groups as the import lists them.
 */
function exportLine(row: UserExportRow): ExportCell[] {
  const day = (value: string | null): ExportCell => (value ? { day: value } : '');
  const cells: Record<(typeof importColumns)[number], ExportCell> = {
    matricula: row.matricula ?? '',
    nome: row.name,
    email: row.email ?? '',
    tipoLogin: row.loginType,
    celular: row.mobilePhone ?? '',
    dtNascimento: day(row.birthDate),
    dtAdmissao: day(row.admissionDate),
    unidade: row.unit ?? '',
    filial: row.branch ?? '',
    setor: row.sector ?? '',
    cargo: row.jobTitle ?? '',
    grupos: row.groupNames.join(importFileRules.listSeparator),
  };
  return importColumns.map((column) => cells[column]);
}

/**
 * The filtered list as a table to download, with the import template's header (the same columns
 * in the same order), so an export edited and imported back changes exactly what was edited; a
 * last line says when more matched than it holds.
 */
export function usersExportTable(
  users: { rows: UserExportRow[]; truncated: boolean },
  t: TFunction,
): ExportTable {
  const lines = users.rows.map(exportLine);
  if (users.truncated) {
    lines.push([t('audit.export.truncated', { limite: usersExportLimit })]);
  }
  return { title: t('usersAdmin.export.title'), header: [...importColumns], lines };
}

/** The answer of queued invitations: how many, and who was skipped and why. */
export const presentInvitations = (result: {
  byEmail: number;
  bySms: number;
  skipped: SkippedInvitee[];
}) => ({
  qtdEnviados: result.byEmail + result.bySms,
  qtdEnviadosEmail: result.byEmail,
  qtdEnviadosSms: result.bySms,
  listIgnorados: result.skipped.map((person) => ({
    idUsuario: person.userId,
    nome: person.name,
    motivo: person.reason,
  })),
});
