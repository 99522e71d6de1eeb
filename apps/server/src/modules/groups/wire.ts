import type { GrupoAdmin, MembroGrupo, RegraGrupo } from '@elo/contract/calls/groups';
import {
  fromFlag,
  fromOptionalFlag,
  presentPersonSummary,
  toFlag,
  type CallInput,
  type Flag,
} from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { RuleOptions, RulesForm } from './audience-rules.ts';
import type { GroupForm } from './authoring.ts';
import type { MemberRoles } from './membership.ts';
import type { MemberRow } from './members-repo.ts';
import type { GroupRow } from './repo.ts';
import type { RuleRow } from './rules-repo.ts';

/** The group form as salvaGrupoAdmin sends it (its photo comes apart). */
export const groupFormOf = (input: CallInput<'salvaGrupoAdmin'>): GroupForm => ({
  id: input.idGrupo,
  version: input.versao,
  name: input.nome,
  abbreviation: input.sigla,
  isDefault: fromFlag(input.flPadrao),
  removePhoto: fromOptionalFlag(input.flRemoverFoto) ?? false,
});

/** A member's roles as the members' calls send them. */
export const memberRolesOf = (input: { flPermitePostar: Flag; flAdministrador: Flag }): MemberRoles => ({
  canPost: fromFlag(input.flPermitePostar),
  isAdmin: fromFlag(input.flAdministrador),
});

/** The rules as salvaRegrasGrupoAdmin sends them. */
export const rulesFormOf = (input: CallInput<'salvaRegrasGrupoAdmin'>): RulesForm => ({
  groupId: input.idGrupo,
  version: input.versao,
  rules: input.regras.map((rule) => ({
    unitId: rule.idUnidade ?? null,
    branchId: rule.idFilial ?? null,
    sectorId: rule.idSetor ?? null,
    jobTitleId: rule.idCargo ?? null,
  })),
});

/** One group as the list and the form show it. */
export function presentGroup(row: GroupRow): GrupoAdmin {
  return {
    idGrupo: row.id,
    nome: row.name,
    sigla: row.abbreviation,
    urlFoto: mediaUrl(row.photoKey),
    flPadrao: toFlag(row.isDefault),
    qtdMembros: Number(row.members),
    qtdPublicacoes: Number(row.posts),
    versao: row.version,
  };
}

/** One member of a group with their roles and how they are in it. */
export function presentMember(row: MemberRow): MembroGrupo {
  return {
    ...presentPersonSummary(row),
    flAtivo: toFlag(row.active),
    flPermitePostar: toFlag(row.canPost),
    flAdministrador: toFlag(row.isAdmin),
    flManual: toFlag(row.byHand),
    flPorRegra: toFlag(row.byRule),
  };
}

/** A person offered to add to a group. */
export const presentCandidate = (row: {
  id: number;
  name: string;
  email: string | null;
  matricula: string | null;
  photoKey: string | null;
  byRule: boolean;
}) => ({
  ...presentPersonSummary(row),
  flPorRegra: toFlag(row.byRule),
});

/** One audience rule with its items' names. */
export function presentRule(row: RuleRow): RegraGrupo {
  return {
    idRegra: row.id,
    idUnidade: row.unitId,
    unidade: row.unit,
    idFilial: row.branchId,
    filial: row.branch,
    idSetor: row.sectorId,
    setor: row.sector,
    idCargo: row.jobTitleId,
    cargo: row.jobTitle,
    qtdPessoas: Number(row.people),
  };
}

/** What a rule may name, by kind, as consultaOpcoesRegrasGrupoAdmin answers it. */
export function presentRuleOptions(options: RuleOptions) {
  const present = (items: RuleOptions['units']) =>
    items.map((item) => ({ id: item.id, nome: item.name, flAtivo: toFlag(item.active) }));
  return {
    listUnidades: present(options.units),
    listFiliais: present(options.branches),
    listSetores: present(options.sectors),
    listCargos: present(options.jobTitles),
  };
}

// Audit entries keep the wire's field names: the snapshots they compare are built here.

/** The group's fields the audit log shows. */
export function auditedGroupFields(row: GroupRow | undefined) {
  if (!row) return null;
  return {
    nome: row.name,
    sigla: row.abbreviation,
    foto: mediaUrl(row.photoKey),
    flPadrao: toFlag(row.isDefault),
  };
}

/** Whether a group is the default, as the audit log shows it. */
export const auditedDefault = (isDefault: boolean) => ({ flPadrao: toFlag(isDefault) });

/** What a group's deletion took with it, as the audit log shows it. */
export const auditedDeletedContent = (deletedPostIds: number[], deletedAnnouncements: number) => ({
  publicacoesExcluidas: { antes: null, depois: deletedPostIds },
  comunicadosExcluidos: { antes: null, depois: deletedAnnouncements },
});

/** People added by hand with these roles, as the audit log shows them. */
export const auditedMembersAdded = (userIds: number[], roles: MemberRoles) => ({
  membros: { antes: null, depois: userIds },
  flPermitePostar: { antes: null, depois: toFlag(roles.canPost) },
  flAdministrador: { antes: null, depois: toFlag(roles.isAdmin) },
});

/** A member's roles as the audit log compares them. */
export const auditedRoles = (roles: MemberRoles) => ({
  flPermitePostar: toFlag(roles.canPost),
  flAdministrador: toFlag(roles.isAdmin),
});

/** People taken out by hand, and those of them who stay by rule, as the audit log shows them. */
export const auditedMembersRemoved = (removed: number[], keptByRule: number[]) => ({
  membros: { antes: [...removed, ...keptByRule], depois: null },
  mantidosPorRegra: { antes: null, depois: keptByRule },
});

/** A group's rules as the audit log compares them: each rule's items' names. */
export const auditedRules = (rules: RuleRow[]) => ({
  regras: rules.map((rule) =>
    [rule.unit, rule.branch, rule.sector, rule.jobTitle].filter(Boolean).join(' + '),
  ),
});
