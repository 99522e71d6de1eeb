import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { fromFlag, pagedAnswer, pageQueryOf, presentGroupChoice } from '../../platform/http/wire.ts';
import { endUserSessions, saveUser, setUsersActive, uploadPhoto } from './editing.ts';
import { queueInvitations, type InvitationsService } from './invitations.ts';
import { exportUsers, getUser, groupChoices, masterOf, pageUsers, type UsersService } from './service.ts';
import {
  presentInvitations,
  presentUser,
  presentUserSummary,
  userFilterOf,
  userFormOf,
  usersExportTable,
} from './wire.ts';

/** The users administration's calls. Writes take the actor, recorded in the change's transaction. */
export function usersHandlers({
  users,
  invitations,
}: {
  users: UsersService;
  invitations: InvitationsService;
}) {
  return {
    consultaUsuariosAdmin: async (input, { session }) =>
      pagedAnswer(
        'listUsuarios',
        await pageUsers(users, session, userFilterOf(input), pageQueryOf(input)),
        presentUserSummary,
      ),
    consultaGruposUsuarioAdmin: async (_input, { session }) => ({
      listGrupos: (await groupChoices(users, session)).map(presentGroupChoice),
    }),
    consultaUsuarioAdmin: async (input, { session }) => ({
      usuario: presentUser(await getUser(users, session, input.idUsuario), masterOf(session.companyId)),
    }),
    salvaUsuarioAdmin: async (input, { session, actor, language }) => ({
      usuario: presentUser(
        await saveUser(users, session, userFormOf(input), actor, language),
        masterOf(session.companyId),
      ),
    }),
    enviaFotoUsuarioAdmin: async (input, { session, files, actor }) => ({
      urlFoto: mediaUrl(await uploadPhoto(users, session, input.idUsuario, files, actor))!,
    }),
    alteraSituacaoUsuariosAdmin: async (input, { session, actor }) => ({
      qtdAlterados: await setUsersActive(users, session, input.idsUsuarios, fromFlag(input.flAtivo), actor),
    }),
    enviaConvitesUsuariosAdmin: async (input, { session, actor, language }) =>
      presentInvitations(
        await queueInvitations(
          invitations,
          session,
          { userIds: input.idsUsuarios, smsWithoutEmail: fromFlag(input.flSmsSemEmail ?? 'N') },
          actor,
          language,
        ),
      ),
    encerraSessoesUsuarioAdmin: async (input, { session, actor }) => ({
      qtdSessoesEncerradas: await endUserSessions(users, session, input.idUsuario, actor),
    }),
  } satisfies Partial<CallHandlers>;
}

/** The users list's export: the filtered people as a table the binder writes as CSV or XLSX. */
export function usersDownloadHandlers({ users }: { users: UsersService }) {
  return {
    exportaUsuarios: async (input, { session, t }) => ({
      fileName: 'usuarios',
      table: usersExportTable(await exportUsers(users, session, userFilterOf(input)), t),
    }),
  } satisfies Partial<DownloadHandlers>;
}
