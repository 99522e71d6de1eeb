import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { UserFilter } from './repo.ts';
import type { InvitationsService } from './invitations.ts';
import type { UsersService } from './service.ts';

/** The wire's filters in the repo's words (the export's ids come as text). */
const filterOf = (input: {
  busca?: string | undefined;
  flAtivo?: 'S' | 'N' | undefined;
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
    active: input.flAtivo === undefined ? undefined : input.flAtivo === 'S',
    unitId: id(input.idUnidade),
    branchId: id(input.idFilial),
    sectorId: id(input.idSetor),
    jobTitleId: id(input.idCargo),
    groupId: id(input.idGrupo),
  };
};

/** The users administration's calls. Writes take the actor, recorded in the change's transaction. */
export function usersHandlers({
  users,
  invitations,
}: {
  users: UsersService;
  invitations: InvitationsService;
}) {
  return {
    consultaUsuariosAdmin: (input, context) =>
      users.list(requireSession(context), filterOf(input), {
        number: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    consultaGruposUsuarioAdmin: (_input, context) => users.groups(requireSession(context)),
    consultaUsuarioAdmin: (input, context) => users.get(requireSession(context), input.idUsuario),
    salvaUsuarioAdmin: (input, context) =>
      users.save(requireSession(context), input, requireActor(context), context.language),
    enviaFotoUsuarioAdmin: (input, context) =>
      users.uploadPhoto(requireSession(context), input.idUsuario, context.files, requireActor(context)),
    alteraSituacaoUsuariosAdmin: (input, context) =>
      users.setActive(
        requireSession(context),
        input.idsUsuarios,
        input.flAtivo === 'S',
        requireActor(context),
      ),
    enviaConvitesUsuariosAdmin: (input, context) =>
      invitations.queue(requireSession(context), input.idsUsuarios, requireActor(context), context.language),
    encerraSessoesUsuarioAdmin: (input, context) =>
      users.endSessions(requireSession(context), input.idUsuario, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}

/** The users list's export: the filtered people as a table the binder writes as CSV or XLSX. */
export function usersDownloadHandlers({ users }: { users: UsersService }) {
  return {
    exportaUsuarios: async (input, context) => ({
      fileName: 'usuarios',
      table: await users.exportTable(context.session, filterOf(input), context.t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
