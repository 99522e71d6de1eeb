import type { z } from 'zod';
import type { Logger } from '../../platform/logger.ts';
import { AuditAction } from '@elo/contract/calls/audit';
import { CatalogKind } from '@elo/contract/calls/people';
import type { salvaGrupoAdmin, salvaRegrasGrupoAdmin } from '@elo/contract/calls/groups';
import { limits } from '@elo/contract/limits';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { mediaUrl, type MediaStorage } from '../../platform/storage/media-storage.ts';
import type { AnnouncementsService } from '../announcements/service.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { TimelineService } from '../timeline/service.ts';
import { auditedGroupFields, presentGroup, presentMember, presentRule } from './presenter.ts';
import {
  addHandMembers,
  clearDefault,
  countGroups,
  countGroupsWithRulesNaming as countRulesNaming,
  countMembers,
  countRuleMembers,
  deleteGroup,
  findCatalogItems,
  bumpRulesVersion,
  findGroup,
  findHandMemberIds,
  findMember,
  findPeople,
  insertGroup,
  listCandidates,
  listGroups,
  listMembers,
  listPlacementItems,
  listRules,
  lockCompanyDefault,
  removeHandMembers,
  replaceRules,
  syncRuleMembers,
  updateGroup,
  updateMemberRoles,
  type RuleValues,
} from './repo.ts';

/**
 * Brings these people's memberships by rule up to date with every group's rules, in the caller's
 * transaction: the users, import and account-erasure modules call it whenever a person is
 * created, moved (unit, branch, sector, position), activated, deactivated or erased.
 */
export async function refreshRuleMembershipsOf(tx: Database, companyId: number, userIds: readonly number[]) {
  await syncRuleMembers(tx, companyId, { userIds: [...new Set(userIds)] });
}

/** Brings a group's members by rule up to date with its rules (the demo seed sets rules directly). */
export async function refreshRuleMembershipsOfGroup(tx: Database, companyId: number, groupId: number) {
  await syncRuleMembers(tx, companyId, { groupId });
}

/** How many groups' audience rules name a catalogue item (it cannot be deleted while any does). */
export async function countGroupsWithRulesNaming(tx: Database, companyId: number, itemId: number) {
  return countRulesNaming(tx, companyId, itemId);
}

/** A page asked for. */
interface Page {
  number: number;
  size: number;
}

const pageOf = (page: Page) => ({ limit: page.size, offset: (page.number - 1) * page.size });

/** Candidates offered to add, at most. */
const candidatesMax = 20;

/** The image types a group photo may be (by content). */
const photoTypes = new Set(['image/png', 'image/jpeg']);

export type SaveGroupInput = z.output<(typeof salvaGrupoAdmin)['input']>;
export type SaveRulesInput = z.output<(typeof salvaRegrasGrupoAdmin)['input']>;

/** The catalogue kind each criterion of a rule points at. */
const ruleCriteria = [
  ['idUnidade', 'unitId', CatalogKind.unit],
  ['idFilial', 'branchId', CatalogKind.branch],
  ['idSetor', 'sectorId', CatalogKind.sector],
  ['idCargo', 'jobTitleId', CatalogKind.jobTitle],
] as const;

export type GroupsService = ReturnType<typeof createGroupsService>;

/** The groups administration: groups, their members by hand and their audiences by rule. */
export function createGroupsService(deps: {
  db: Database;
  storage: MediaStorage;
  log: Logger;
  /** Deletes the posts only a group being deleted held, in the groups' transaction. */
  timeline: Pick<TimelineService, 'deleteGroupPosts'>;
  /** Deletes (audited) the announcements only for a group being deleted, in the groups' transaction. */
  announcements: Pick<AnnouncementsService, 'deleteGroupAnnouncements'>;
}) {
  const { db } = deps;

  async function requireGroup(within: Database, companyId: number, groupId: number, lock = false) {
    const row = await findGroup(within, companyId, groupId, lock);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Removes stored files no longer referenced; a failure only leaves an orphan behind. */
  async function removeFiles(keys: (string | null)[]) {
    for (const key of keys) {
      if (!key) continue;
      await deps.storage.remove(key).catch((error: unknown) => {
        deps.log.warn({ err: error, key }, 'stored file not removed');
      });
    }
  }

  return {
    /** A page of the company's groups, default first. */
    async list(companyId: number, search: string | undefined, page: Page) {
      const [rows, total] = await Promise.all([
        listGroups(db, companyId, search, pageOf(page)),
        countGroups(db, companyId, search),
      ]);
      return {
        listGrupos: rows.map(presentGroup),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    async get(companyId: number, groupId: number) {
      return { grupo: presentGroup(await requireGroup(db, companyId, groupId)) };
    },

    /**
     * Creates or edits a group. The photo (already stored by the upload) is checked by content
     * and size and replaces the old one in the transaction; the old file is removed only after
     * the commit, and a refused save leaves the old photo as it was (the binder removes the new
     * file); `flRemoverFoto` S clears the saved photo the same way. A new default clears the old
     * one in the same transaction, under the company's lock.
     */
    async save(input: SaveGroupInput, files: UploadedFile[], actor: Actor) {
      const { companyId } = actor;
      const photo = files.find((file) => file.field === 'foto');
      if (photo) {
        const errors: FieldMessage[] = [];
        if (!photoTypes.has(photo.mimeType) || photo.width === null)
          errors.push('validation.fileFormatInvalid');
        else if (photo.width !== limits.groupPhotoPx || photo.height !== limits.groupPhotoPx)
          errors.push({
            key: 'validation.imageExactSize',
            params: { width: limits.groupPhotoPx, height: limits.groupPhotoPx },
          });
        if (errors.length > 0) throw invalidFields({ foto: errors });
      }
      const creating = input.idGrupo === undefined;
      const isDefault = input.flPadrao === 'S';
      const removingPhoto = !photo && input.flRemoverFoto === 'S';
      const result = await db.transaction(async (tx) => {
        // Two admins making two groups default at once: the company's lock makes the second wait
        // for the first to commit and then take the default over (never two defaults, never a 500).
        if (isDefault) await lockCompanyDefault(tx, companyId);
        const before = creating ? undefined : await requireGroup(tx, companyId, input.idGrupo!, true);
        // A stale versao (someone saved the group since this copy was read) writes nothing.
        if (before && input.versao !== undefined && input.versao !== before.version)
          throw new AppError('REGISTRO_ALTERADO');
        if (before?.isDefault && !isDefault)
          throw invalidFields({ flPadrao: ['validation.groupDefaultRequired'] });
        const previousDefault = isDefault ? await clearDefault(tx, companyId, input.idGrupo) : undefined;
        const values = {
          name: input.nome,
          abbreviation: input.sigla,
          isDefault,
          ...(photo ? { photoKey: photo.key } : removingPhoto ? { photoKey: null } : {}),
        };
        let groupId: number;
        if (creating) groupId = await insertGroup(tx, companyId, values);
        else if (await updateGroup(tx, companyId, input.idGrupo!, values, input.versao))
          groupId = input.idGrupo!;
        else throw new AppError('REGISTRO_ALTERADO');
        const after = await requireGroup(tx, companyId, groupId);
        await recordAudit(tx, actor, {
          action: creating ? AuditAction.groupCreate : AuditAction.groupUpdate,
          target: { type: 'group', id: groupId, name: after.name },
          changes: changedFields(auditedGroupFields(before), auditedGroupFields(after)),
        });
        if (previousDefault) {
          await recordAudit(tx, actor, {
            action: AuditAction.groupUpdate,
            target: { type: 'group', id: previousDefault.id, name: previousDefault.name },
            changes: changedFields({ flPadrao: 'S' }, { flPadrao: 'N' }),
          });
        }
        return {
          after,
          replacedPhoto: (photo || removingPhoto) && before?.photoKey ? before.photoKey : null,
        };
      });
      await removeFiles([result.replacedPhoto]);
      return { grupo: presentGroup(result.after) };
    },

    /**
     * Deletes a group that is not the default, with what only it held: its posts published to no
     * other group nor the wall (the timeline deletes them) and its announcements for no other group
     * (the announcements module deletes and audits them; their images go once committed). Its
     * memberships, rules and place in other posts, announcements and surveys go with it.
     */
    async remove(groupId: number, actor: Actor) {
      const { companyId } = actor;
      const result = await db.transaction(async (tx) => {
        const group = await requireGroup(tx, companyId, groupId, true);
        if (group.isDefault) throw new AppError('GROUP_DEFAULT_UNDELETABLE');
        const deleted = {
          postIds: await deps.timeline.deleteGroupPosts(tx, companyId, groupId),
          announcementImageKeys: await deps.announcements.deleteGroupAnnouncements(
            tx,
            companyId,
            groupId,
            actor,
          ),
        };
        await deleteGroup(tx, companyId, groupId);
        await recordAudit(tx, actor, {
          action: AuditAction.groupDelete,
          target: { type: 'group', id: groupId, name: group.name },
          changes: {
            ...changedFields(auditedGroupFields(group), null),
            publicacoesExcluidas: { antes: null, depois: deleted.postIds },
            comunicadosExcluidos: { antes: null, depois: deleted.announcementImageKeys.length },
          },
        });
        return { group, deleted };
      });
      await removeFiles([result.group.photoKey, ...result.deleted.announcementImageKeys]);
      return {
        qtdPublicacoesExcluidas: result.deleted.postIds.length,
        qtdComunicadosExcluidos: result.deleted.announcementImageKeys.length,
      };
    },

    /** A page of the group's members. */
    async members(companyId: number, groupId: number, search: string | undefined, page: Page) {
      await requireGroup(db, companyId, groupId);
      const [rows, total] = await Promise.all([
        listMembers(db, companyId, groupId, search, pageOf(page)),
        countMembers(db, companyId, groupId, search),
      ]);
      return {
        listMembros: rows.map(presentMember),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /** People to add: not in the group by hand yet, matching the words. */
    async candidates(companyId: number, groupId: number, search: string | undefined) {
      await requireGroup(db, companyId, groupId);
      const rows = await listCandidates(db, companyId, groupId, search, candidatesMax);
      return {
        listUsuarios: rows.map((row) => ({
          idUsuario: row.id,
          nome: row.name,
          email: row.email,
          matricula: row.matricula,
          urlFoto: mediaUrl(row.photoKey),
          flPorRegra: row.byRule ? ('S' as const) : ('N' as const),
        })),
      };
    },

    /** Adds people by hand with these roles. */
    async addMembers(
      input: {
        idGrupo: number;
        idsUsuarios: number[];
        flPermitePostar: 'S' | 'N';
        flAdministrador: 'S' | 'N';
      },
      actor: Actor,
    ) {
      const { companyId } = actor;
      const ids = [...new Set(input.idsUsuarios)];
      return db.transaction(async (tx) => {
        const group = await requireGroup(tx, companyId, input.idGrupo, true);
        const people = await findPeople(tx, companyId, ids);
        if (people.length !== ids.length)
          throw invalidFields({ idsUsuarios: ['validation.groupMembersInvalid'] });
        const already = await findHandMemberIds(tx, companyId, input.idGrupo, ids);
        const roles = { canPost: input.flPermitePostar === 'S', isAdmin: input.flAdministrador === 'S' };
        await addHandMembers(tx, companyId, input.idGrupo, ids, roles);
        await recordAudit(tx, actor, {
          action: AuditAction.groupMembersAdd,
          target: { type: 'group', id: group.id, name: group.name },
          changes: {
            membros: { antes: null, depois: ids },
            flPermitePostar: { antes: null, depois: input.flPermitePostar },
            flAdministrador: { antes: null, depois: input.flAdministrador },
          },
        });
        return { qtdAdicionados: ids.filter((id) => !already.has(id)).length };
      });
    },

    /** Changes a member's roles. */
    async updateMember(
      input: { idGrupo: number; idUsuario: number; flPermitePostar: 'S' | 'N'; flAdministrador: 'S' | 'N' },
      actor: Actor,
    ) {
      const { companyId } = actor;
      return db.transaction(async (tx) => {
        const group = await requireGroup(tx, companyId, input.idGrupo, true);
        const before = await findMember(tx, companyId, input.idGrupo, input.idUsuario);
        if (!before) throw new AppError('NOT_FOUND');
        const roles = { canPost: input.flPermitePostar === 'S', isAdmin: input.flAdministrador === 'S' };
        await updateMemberRoles(tx, companyId, input.idGrupo, input.idUsuario, roles);
        const after = (await findMember(tx, companyId, input.idGrupo, input.idUsuario))!;
        await recordAudit(tx, actor, {
          action: AuditAction.groupMemberUpdate,
          target: { type: 'group', id: group.id, name: group.name },
          changes: {
            membro: { antes: null, depois: input.idUsuario },
            ...changedFields(
              {
                flPermitePostar: presentMember(before).flPermitePostar,
                flAdministrador: presentMember(before).flAdministrador,
              },
              { flPermitePostar: input.flPermitePostar, flAdministrador: input.flAdministrador },
            ),
          },
        });
        return { membro: presentMember(after) };
      });
    },

    /** Takes people out by hand; those also in by rule stay, by rule. */
    async removeMembers(input: { idGrupo: number; idsUsuarios: number[] }, actor: Actor) {
      const { companyId } = actor;
      const ids = [...new Set(input.idsUsuarios)];
      return db.transaction(async (tx) => {
        const group = await requireGroup(tx, companyId, input.idGrupo, true);
        const { removed, keptByRule } = await removeHandMembers(tx, companyId, input.idGrupo, ids);
        await recordAudit(tx, actor, {
          action: AuditAction.groupMembersRemove,
          target: { type: 'group', id: group.id, name: group.name },
          changes: {
            membros: { antes: [...removed, ...keptByRule], depois: null },
            mantidosPorRegra: { antes: null, depois: keptByRule },
          },
        });
        return { qtdRemovidos: removed.length, qtdMantidosPorRegra: keptByRule.length };
      });
    },

    async rules(companyId: number, groupId: number) {
      const group = await requireGroup(db, companyId, groupId);
      return {
        regras: (await listRules(db, companyId, groupId)).map(presentRule),
        versao: group.rulesVersion,
      };
    },

    /** What a rule may name, by kind. */
    async ruleOptions(companyId: number) {
      const items = await listPlacementItems(db, companyId);
      const of = (kind: string) =>
        items
          .filter((item) => item.kind === kind)
          .map((item) => ({
            id: item.id,
            nome: item.name,
            flAtivo: item.active ? ('S' as const) : ('N' as const),
          }));
      return {
        listUnidades: of(CatalogKind.unit),
        listFiliais: of(CatalogKind.branch),
        listSetores: of(CatalogKind.sector),
        listCargos: of(CatalogKind.jobTitle),
      };
    },

    /**
     * Replaces the rules and brings the members by rule up to date in the same transaction. With a
     * stale versao (someone saved the rules since this copy was read) it writes nothing.
     */
    async saveRules(input: SaveRulesInput, actor: Actor) {
      const { companyId } = actor;
      const rules: RuleValues[] = input.regras.map((rule) => ({
        unitId: rule.idUnidade ?? null,
        branchId: rule.idFilial ?? null,
        sectorId: rule.idSetor ?? null,
        jobTitleId: rule.idCargo ?? null,
      }));
      // The same rule twice adds nothing.
      const unique = [...new Map(rules.map((rule) => [JSON.stringify(rule), rule])).values()];
      return db.transaction(async (tx) => {
        const group = await requireGroup(tx, companyId, input.idGrupo, true);
        if (input.versao !== undefined && input.versao !== group.rulesVersion)
          throw new AppError('REGISTRO_ALTERADO');
        const wanted = unique
          .flatMap((rule) => ruleCriteria.map(([, field]) => rule[field]))
          .filter((id): id is number => id !== null);
        const found = new Map(
          (await findCatalogItems(tx, companyId, wanted)).map((item) => [item.id, item.kind]),
        );
        const invalid = unique.some((rule) =>
          ruleCriteria.some(([, field, kind]) => rule[field] !== null && found.get(rule[field]!) !== kind),
        );
        if (invalid) throw invalidFields({ regras: ['validation.groupRuleItemInvalid'] });
        const before = (await listRules(tx, companyId, input.idGrupo)).map(presentRule);
        if (!(await bumpRulesVersion(tx, companyId, input.idGrupo, input.versao)))
          throw new AppError('REGISTRO_ALTERADO');
        await replaceRules(tx, companyId, input.idGrupo, unique);
        await syncRuleMembers(tx, companyId, { groupId: input.idGrupo });
        const after = (await listRules(tx, companyId, input.idGrupo)).map(presentRule);
        const describe = (list: typeof after) =>
          list.map((rule) => [rule.unidade, rule.filial, rule.setor, rule.cargo].filter(Boolean).join(' + '));
        await recordAudit(tx, actor, {
          action: AuditAction.groupRulesUpdate,
          target: { type: 'group', id: group.id, name: group.name },
          changes: changedFields({ regras: describe(before) }, { regras: describe(after) }),
        });
        return {
          regras: after,
          qtdMembrosPorRegra: await countRuleMembers(tx, companyId, input.idGrupo),
          versao: (await requireGroup(tx, companyId, input.idGrupo)).rulesVersion,
        };
      });
    },
  };
}
