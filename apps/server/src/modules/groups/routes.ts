import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { getRules, listRuleOptions, saveRules } from './audience-rules.ts';
import { getGroup, pageGroups, removeGroup, saveGroup } from './authoring.ts';
import { addMembers, listMemberCandidates, pageMembers, removeMembers, updateMember } from './membership.ts';
import type { GroupsService } from './service.ts';
import {
  groupFormOf,
  memberRolesOf,
  presentCandidate,
  presentGroup,
  presentMember,
  presentRule,
  presentRuleOptions,
  rulesFormOf,
} from './wire.ts';

/** The groups administration's calls. Writes take the actor, recorded in the change's transaction. */
export function groupsHandlers({ groups }: { groups: GroupsService }) {
  return {
    consultaGruposAdmin: async (input, { session }) =>
      pagedAnswer(
        'listGrupos',
        await pageGroups(groups, session.companyId, input.busca || undefined, pageQueryOf(input)),
        presentGroup,
      ),
    consultaGrupoAdmin: async (input, { session }) => ({
      grupo: presentGroup(await getGroup(groups, session.companyId, input.idGrupo)),
    }),
    salvaGrupoAdmin: async (input, { files, actor }) => ({
      grupo: presentGroup(await saveGroup(groups, groupFormOf(input), files, actor)),
    }),
    excluiGrupoAdmin: async (input, { actor }) => {
      const deleted = await removeGroup(groups, input.idGrupo, actor);
      return {
        qtdPublicacoesExcluidas: deleted.deletedPosts,
        qtdComunicadosExcluidos: deleted.deletedAnnouncements,
      };
    },
    consultaMembrosGrupoAdmin: async (input, { session }) =>
      pagedAnswer(
        'listMembros',
        await pageMembers(groups, session.companyId, {
          groupId: input.idGrupo,
          search: input.busca || undefined,
          page: pageQueryOf(input),
        }),
        presentMember,
      ),
    consultaCandidatosMembroGrupoAdmin: async (input, { session }) => ({
      listUsuarios: (
        await listMemberCandidates(groups, session.companyId, input.idGrupo, input.busca || undefined)
      ).map(presentCandidate),
    }),
    adicionaMembrosGrupoAdmin: async (input, { actor }) => ({
      qtdAdicionados: await addMembers(
        groups,
        { groupId: input.idGrupo, userIds: input.idsUsuarios, roles: memberRolesOf(input) },
        actor,
      ),
    }),
    alteraMembroGrupoAdmin: async (input, { actor }) => ({
      membro: presentMember(
        await updateMember(
          groups,
          { groupId: input.idGrupo, userId: input.idUsuario, roles: memberRolesOf(input) },
          actor,
        ),
      ),
    }),
    removeMembrosGrupoAdmin: async (input, { actor }) => {
      const result = await removeMembers(
        groups,
        { groupId: input.idGrupo, userIds: input.idsUsuarios },
        actor,
      );
      return { qtdRemovidos: result.removed, qtdMantidosPorRegra: result.keptByRule };
    },
    consultaRegrasGrupoAdmin: async (input, { session }) => {
      const { rules, version } = await getRules(groups, session.companyId, input.idGrupo);
      return { regras: rules.map(presentRule), versao: version };
    },
    consultaOpcoesRegrasGrupoAdmin: async (_input, { session }) =>
      presentRuleOptions(await listRuleOptions(groups, session.companyId)),
    salvaRegrasGrupoAdmin: async (input, { actor }) => {
      const saved = await saveRules(groups, rulesFormOf(input), actor);
      return {
        regras: saved.rules.map(presentRule),
        qtdMembrosPorRegra: saved.ruleMemberCount,
        versao: saved.version,
      };
    },
  } satisfies Partial<CallHandlers>;
}
