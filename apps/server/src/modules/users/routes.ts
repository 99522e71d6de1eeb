import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
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
      users.list(context.session, filterOf(input), {
        number: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    consultaGruposUsuarioAdmin: (_input, context) => users.groups(context.session),
    consultaUsuarioAdmin: (input, context) => users.get(context.session, input.idUsuario),
    salvaUsuarioAdmin: (input, context) =>
      users.save(context.session, input, context.actor, context.language),
    enviaFotoUsuarioAdmin: (input, context) =>
      users.uploadPhoto(context.session, input.idUsuario, context.files, context.actor),
    alteraSituacaoUsuariosAdmin: (input, context) =>
      users.setActive(context.session, input.idsUsuarios, input.flAtivo === 'S', context.actor),
    enviaConvitesUsuariosAdmin: (input, context) =>
      invitations.queue(context.session, input.idsUsuarios, context.actor, context.language),
    encerraSessoesUsuarioAdmin: (input, context) =>
      users.endSessions(context.session, input.idUsuario, context.actor),
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
