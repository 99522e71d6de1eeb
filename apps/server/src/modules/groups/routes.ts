import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { GroupsService } from './service.ts';

const pageOf = (input: { idPaginaAtual: number; qtdRegistrosPorPagina: number }) => ({
  number: input.idPaginaAtual,
  size: input.qtdRegistrosPorPagina,
});

/** The groups administration's calls. Writes take the actor, recorded in the change's transaction. */
export function groupsHandlers({ groups }: { groups: GroupsService }) {
  return {
    consultaGruposAdmin: (input, context) =>
      groups.list(context.session.companyId, input.busca || undefined, pageOf(input)),
    consultaGrupoAdmin: (input, context) => groups.get(context.session.companyId, input.idGrupo),
    salvaGrupoAdmin: (input, context) => groups.save(input, context.files, context.actor),
    excluiGrupoAdmin: (input, context) => groups.remove(input.idGrupo, context.actor),
    consultaMembrosGrupoAdmin: (input, context) =>
      groups.members(context.session.companyId, input.idGrupo, input.busca || undefined, pageOf(input)),
    consultaCandidatosMembroGrupoAdmin: (input, context) =>
      groups.candidates(context.session.companyId, input.idGrupo, input.busca || undefined),
    adicionaMembrosGrupoAdmin: (input, context) => groups.addMembers(input, context.actor),
    alteraMembroGrupoAdmin: (input, context) => groups.updateMember(input, context.actor),
    removeMembrosGrupoAdmin: (input, context) => groups.removeMembers(input, context.actor),
    consultaRegrasGrupoAdmin: (input, context) => groups.rules(context.session.companyId, input.idGrupo),
    consultaOpcoesRegrasGrupoAdmin: (_input, context) => groups.ruleOptions(context.session.companyId),
    salvaRegrasGrupoAdmin: (input, context) => groups.saveRules(input, context.actor),
  } satisfies Partial<CallHandlers>;
}
