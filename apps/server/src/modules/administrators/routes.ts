import { recordActorOf } from '../../platform/auth/record-policy.ts';
import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { AdministratorsService } from './service.ts';

/** The administrators area's calls (permission ADMIN_ADMINISTRADORES). */
export function administratorsHandlers({ administrators }: { administrators: AdministratorsService }) {
  return {
    consultaAdministradoresAdmin: (input, context) =>
      administrators.list(requireSession(context).companyId, {
        search: input.busca || undefined,
        page: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    consultaAdministradorAdmin: (input, context) =>
      administrators.get(requireSession(context).companyId, input.idUsuario),
    consultaOpcoesAdministradorAdmin: (_input, context) =>
      administrators.options(requireSession(context).companyId),
    consultaCandidatosAdministradorAdmin: (input, context) =>
      administrators.candidates(requireSession(context).companyId, input.busca),
    // Writes are audited: each takes the actor, recorded in the change's own transaction.
    salvaAdministradorAdmin: (input, context) =>
      administrators.save(
        requireSession(context).companyId,
        input,
        requireActor(context),
        recordActorOf(requireSession(context)),
      ),
    removeAdministradorAdmin: (input, context) =>
      administrators.remove(requireSession(context).companyId, input.idUsuario, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
