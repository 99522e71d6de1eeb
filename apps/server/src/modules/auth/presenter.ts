import type { CallOutput } from '@elo/contract/define-call';
import type { recuperaDadosUsuarioLogado, recuperaPermissoesUsuario } from '@elo/contract/calls/auth';
import { adminPermissionCodes, type LoginTypeValue } from '@elo/contract/enums';
import { adminStatusOf, awaitsAdminApproval } from '../../platform/auth/policy.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { LoggedUserData } from './service.ts';

type LoggedUserWire = CallOutput<typeof recuperaDadosUsuarioLogado>;
type PermissionsWire = CallOutput<typeof recuperaPermissoesUsuario>;

/** The permissions part of the logged user, as recuperaPermissoesUsuario answers it. */
export function presentPermissions(data: LoggedUserData): PermissionsWire {
  return {
    permissoes: data.permissions,
    // Every administration permission with its status, for an administrator; none for others.
    permissoesAdmin:
      data.adminStatuses.size === 0 && !data.user.isAdministrator
        ? []
        : adminPermissionCodes.map((permissao) => ({
            permissao,
            status: adminStatusOf(data.adminStatuses, permissao),
          })),
    // The names by language travel only when the company gave some (the portal falls back to atalho).
    atalhosPermissoes: data.permissionNames.map((row) => ({
      permissao: row.permission,
      atalho: row.name,
      ...(Object.keys(row.byLanguage).length > 0 ? { atalhosPorIdioma: row.byLanguage } : {}),
    })),
    idsGruposAdm: data.memberships.filter((m) => m.isAdmin).map((m) => m.group.id),
    idsGruposPermitePostar: data.memberships.filter((m) => m.canPost).map((m) => m.group.id),
    maximoCaracteres: data.company.maxPostChars,
  };
}

/** The signed-in user as the portal reads it. */
export function presentLoggedUser(data: LoggedUserData): LoggedUserWire {
  const { user, company } = data;
  return {
    usuario: {
      idUsuario: user.id,
      idUsuarioPai: user.companyId,
      nome: user.name,
      email: user.email,
      matricula: user.matricula,
      tipoLogin: user.loginType as LoginTypeValue,
      urlFoto: mediaUrl(user.photoKey),
      textoPerfil: user.profileText,
      unidade: data.placement.unit,
      filial: data.placement.branch,
      setor: data.placement.sector,
      cargo: data.placement.jobTitle,
      flAdministrador: user.isAdministrator,
      flAdministradorAprovado: !awaitsAdminApproval({ ...user, userId: user.id }),
    },
    empresa: {
      idEmpresa: company.id,
      nome: company.name,
      urlLogo: mediaUrl(company.logoKey),
      corPrincipal: company.mainColor,
      corFontePrimaria: company.fontPrimaryColor,
      corFonteSecundaria: company.fontSecondaryColor,
    },
    listGrupo: data.memberships.map(({ group }) => ({
      idGrupo: group.id,
      nome: group.name,
      sigla: group.abbreviation,
      urlFoto: mediaUrl(group.photoKey),
      flPadrao: group.isDefault ? 'S' : 'N',
    })),
    qtdChamadosComMensagemNaoLida: data.unreadTickets,
    ...presentPermissions(data),
  };
}
