import type { GrupoAdmin, MembroGrupo, RegraGrupo } from '@elo/contract/calls/groups';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { GroupRow, MemberRow, RuleRow } from './repo.ts';

const flag = (value: boolean) => (value ? 'S' : 'N');

/** One group as the list and the form show it. */
export function presentGroup(row: GroupRow): GrupoAdmin {
  return {
    idGrupo: row.id,
    nome: row.name,
    sigla: row.abbreviation,
    urlFoto: mediaUrl(row.photoKey),
    flPadrao: flag(row.isDefault),
    qtdMembros: Number(row.members),
    qtdPublicacoes: Number(row.posts),
    versao: row.version,
  };
}

/** The group's fields the audit log shows. */
export function auditedGroupFields(row: GroupRow | undefined) {
  if (!row) return null;
  return {
    nome: row.name,
    sigla: row.abbreviation,
    foto: mediaUrl(row.photoKey),
    flPadrao: flag(row.isDefault),
  };
}

/** One member of a group with their roles and how they are in it. */
export function presentMember(row: MemberRow): MembroGrupo {
  return {
    idUsuario: row.id,
    nome: row.name,
    email: row.email,
    matricula: row.matricula,
    urlFoto: mediaUrl(row.photoKey),
    flAtivo: flag(row.active),
    flPermitePostar: flag(row.canPost),
    flAdministrador: flag(row.isAdmin),
    flManual: flag(row.byHand),
    flPorRegra: flag(row.byRule),
  };
}

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
