import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { removeAdministrator, saveAdministrator } from './editing.ts';
import {
  assignmentOptions,
  getAdministrator,
  pageAdministrators,
  promotionCandidates,
  type AdministratorsService,
} from './service.ts';
import {
  administratorFormOf,
  presentAdministrator,
  presentAdministratorSummary,
  presentAssignmentOptions,
  presentCandidate,
} from './wire.ts';

/** The administrators area's calls (permission ADMIN_ADMINISTRADORES). */
export function administratorsHandlers({ administrators }: { administrators: AdministratorsService }) {
  return {
    consultaAdministradoresAdmin: async (input, { session }) =>
      pagedAnswer(
        'listAdministradores',
        await pageAdministrators(
          administrators,
          session.companyId,
          input.busca || undefined,
          pageQueryOf(input),
        ),
        presentAdministratorSummary,
      ),
    consultaAdministradorAdmin: async (input, { session }) => ({
      administrador: presentAdministrator(
        await getAdministrator(administrators, session.companyId, input.idUsuario),
      ),
    }),
    consultaOpcoesAdministradorAdmin: async (_input, { session }) =>
      presentAssignmentOptions(await assignmentOptions(administrators, session.companyId)),
    consultaCandidatosAdministradorAdmin: async (input, { session }) => ({
      listUsuarios: (await promotionCandidates(administrators, session.companyId, input.busca)).map(
        presentCandidate,
      ),
    }),
    // Writes are audited: each takes the actor, recorded in the change's own transaction.
    salvaAdministradorAdmin: async (input, { session, actor }) => ({
      administrador: presentAdministrator(
        await saveAdministrator(
          administrators,
          session.companyId,
          administratorFormOf(input),
          actor,
          recordActorOf(session),
        ),
      ),
    }),
    removeAdministradorAdmin: async (input, { session, actor }) => {
      await removeAdministrator(administrators, session.companyId, input.idUsuario, actor);
      return { ok: true as const };
    },
  } satisfies Partial<CallHandlers>;
}
