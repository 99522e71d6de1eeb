import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
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
      groups.list(requireSession(context).companyId, input.busca || undefined, pageOf(input)),
    consultaGrupoAdmin: (input, context) => groups.get(requireSession(context).companyId, input.idGrupo),
    salvaGrupoAdmin: (input, context) => groups.save(input, context.files, requireActor(context)),
    excluiGrupoAdmin: (input, context) => groups.remove(input.idGrupo, requireActor(context)),
    consultaMembrosGrupoAdmin: (input, context) =>
      groups.members(
        requireSession(context).companyId,
        input.idGrupo,
        input.busca || undefined,
        pageOf(input),
      ),
    consultaCandidatosMembroGrupoAdmin: (input, context) =>
      groups.candidates(requireSession(context).companyId, input.idGrupo, input.busca || undefined),
    adicionaMembrosGrupoAdmin: (input, context) => groups.addMembers(input, requireActor(context)),
    alteraMembroGrupoAdmin: (input, context) => groups.updateMember(input, requireActor(context)),
    removeMembrosGrupoAdmin: (input, context) => groups.removeMembers(input, requireActor(context)),
    consultaRegrasGrupoAdmin: (input, context) =>
      groups.rules(requireSession(context).companyId, input.idGrupo),
    consultaOpcoesRegrasGrupoAdmin: (_input, context) =>
      groups.ruleOptions(requireSession(context).companyId),
    salvaRegrasGrupoAdmin: (input, context) => groups.saveRules(input, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
