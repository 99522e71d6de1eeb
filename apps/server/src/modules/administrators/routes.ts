import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { AdministratorsService } from './service.ts';

/** The administrators area's calls (permission ADMIN_ADMINISTRADORES). */
export function administratorsHandlers({ administrators }: { administrators: AdministratorsService }) {
  return {
    consultaAdministradoresAdmin: (input, context) =>
      administrators.list(context.session.companyId, {
        search: input.busca || undefined,
        page: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    consultaAdministradorAdmin: (input, context) =>
      administrators.get(context.session.companyId, input.idUsuario),
    consultaOpcoesAdministradorAdmin: (_input, context) => administrators.options(context.session.companyId),
    consultaCandidatosAdministradorAdmin: (input, context) =>
      administrators.candidates(context.session.companyId, input.busca),
    // Writes are audited: each takes the actor, recorded in the change's own transaction.
    salvaAdministradorAdmin: (input, context) =>
      administrators.save(context.session.companyId, input, context.actor, recordActorOf(context.session)),
    removeAdministradorAdmin: (input, context) =>
      administrators.remove(context.session.companyId, input.idUsuario, context.actor),
  } satisfies Partial<CallHandlers>;
}
