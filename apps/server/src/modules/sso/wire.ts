import type { CallOutput } from '@elo/contract/define-call';
import type { Calls } from '@elo/contract/calls/registry';
import { toFlag } from '@elo/contract/wire';
import type { SsoCheck } from './settings.ts';
import type { readSsoSettings } from './settings.ts';
import { ssoUrls } from './service.ts';

type SettingsAnswer = CallOutput<Calls['consultaConfiguracaoSsoAdmin']>;

/** The settings as the administration reads them: never the client secret, only whether one is stored. */
export function presentSettings(
  data: Awaited<ReturnType<typeof readSsoSettings>>,
  publicUrl: string,
  companyId: number,
): SettingsAnswer {
  const urls = ssoUrls(publicUrl, companyId);
  const { config } = data;
  return {
    configuracao: config && {
      protocolo: config.protocol === 'SAML' ? 'SAML' : 'OIDC',
      flAtivo: toFlag(config.active),
      dominiosEmail: config.domains,
      emissor: config.issuer,
      clientId: config.clientId,
      flClientSecretDefinido: toFlag(Boolean(config.clientSecret)),
      metadadosSaml: config.samlMetadata,
      claimLogin: config.loginClaim,
      claimGrupos: config.groupsClaim,
      mapeamentoGrupos: config.groupMappings.map((mapping) => ({
        valor: mapping.value,
        idGrupo: mapping.groupId,
      })),
      flCriarUsuarios: toFlag(config.createUsers),
      flSomenteSso: toFlag(config.ssoOnly),
      idsUsuariosExcecao: config.exceptionUserIds,
      versao: config.version,
    },
    urls: {
      urlInicio: urls.start,
      urlRetornoOidc: urls.oidcReturn,
      urlPosSaida: urls.postLogout,
      urlAcsSaml: urls.samlAcs,
      entityIdSaml: urls.samlEntityId,
      urlMetadadosSaml: urls.samlMetadata,
    },
    listGrupos: data.groups.map((group) => ({ idGrupo: group.id, nome: group.name })),
    listAdministradores: data.administrators.map((person) => ({
      idUsuario: person.id,
      nome: person.name,
      email: person.email,
    })),
  };
}

/** The test's checks, in words. */
export function presentChecks(checks: SsoCheck[]): CallOutput<Calls['testaConfiguracaoSsoAdmin']> {
  return {
    flOk: toFlag(checks.every((check) => check.ok)),
    listVerificacoes: checks.map((check) => ({
      item: check.item,
      flOk: toFlag(check.ok),
      mensagem: check.message,
    })),
  };
}
