import { AuditAction } from '@elo/contract/calls/audit';
import type { Language } from '@elo/contract/enums';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { translatorFor } from '../../platform/i18n.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { InsecureIssuerError } from './oidc.ts';
import {
  findDomainsOfOthers,
  findGroupIds,
  findSsoConfig,
  listAdministrators,
  listGroups,
  replaceDomains,
  writeSsoConfig,
  type SsoConfig,
  type SsoGroupMapping,
} from './repo.ts';
import { readIdpMetadata } from './saml.ts';
import type { SsoService } from './service.ts';

/** The settings form, in domain words. */
export interface SsoSettingsForm {
  protocol: 'OIDC' | 'SAML';
  active: boolean;
  domains: string[];
  issuer: string | undefined;
  clientId: string | undefined;
  /** Undefined or '': keep the stored secret. */
  clientSecret: string | undefined;
  samlMetadata: string | undefined;
  loginClaim: string;
  groupsClaim: string;
  groupMappings: SsoGroupMapping[];
  createUsers: boolean;
  ssoOnly: boolean;
  exceptionUserIds: number[];
  version: number | undefined;
}

/** The company's settings with what the form's pickers offer. */
export async function readSsoSettings(sso: SsoService, companyId: number) {
  const [config, groups, administrators] = await Promise.all([
    findSsoConfig(sso.db, companyId),
    listGroups(sso.db, companyId),
    listAdministrators(sso.db, companyId),
  ]);
  return { config: config ?? null, groups, administrators };
}

/** What the audit log shows of the settings: the secret only as whether it changed. */
function audited(config: Omit<SsoConfig, 'companyId' | 'updatedAt' | 'version'> | undefined) {
  if (!config) return null;
  return {
    protocolo: config.protocol,
    flAtivo: config.active,
    dominiosEmail: config.domains,
    emissor: config.issuer,
    clientId: config.clientId,
    // changedFields shows a changed secret as '***' on both sides.
    clientSecret: config.clientSecret,
    metadadosSaml: config.samlMetadata,
    claimLogin: config.loginClaim,
    claimGrupos: config.groupsClaim,
    mapeamentoGrupos: config.groupMappings,
    flCriarUsuarios: config.createUsers,
    flSomenteSso: config.ssoOnly,
    idsUsuariosExcecao: config.exceptionUserIds,
  };
}

/**
 * Saves the company's settings, audited in the same transaction (the secret as '***'). Refuses a
 * domain another company holds, a plain-http issuer (unless the server allows it), metadata that
 * is not an identity provider's, a group of another company, and break-glass people who are not
 * the company's administrators.
 */
export async function saveSsoSettings(
  sso: SsoService,
  companyId: number,
  form: SsoSettingsForm,
  actor: Actor,
): Promise<void> {
  const errors: Record<string, FieldMessage[]> = {};
  if (form.protocol === 'OIDC' && form.issuer && !sso.oidc.acceptsIssuer(form.issuer)) {
    errors.emissor = ['validation.ssoIssuerInsecure'];
  }
  if (form.protocol === 'SAML' && form.samlMetadata) {
    try {
      const metadata = readIdpMetadata(form.samlMetadata);
      if (metadata.certificates.length === 0 || !metadata.signOnUrl) throw new Error('incomplete');
    } catch {
      errors.metadadosSaml = ['validation.ssoMetadataInvalid'];
    }
  }
  await sso.db.transaction(async (tx) => {
    const before = await findSsoConfig(tx, companyId, { lock: true });
    if (before && form.version !== undefined && form.version !== before.version) {
      throw new AppError('REGISTRO_ALTERADO');
    }
    const taken = new Set(await findDomainsOfOthers(tx, companyId, form.domains));
    form.domains.forEach((domain, index) => {
      if (taken.has(domain)) errors[`dominiosEmail.${index}`] = ['validation.ssoDomainTaken'];
    });
    const groupIds = new Set(
      await findGroupIds(
        tx,
        companyId,
        form.groupMappings.map((mapping) => mapping.groupId),
      ),
    );
    form.groupMappings.forEach((mapping, index) => {
      if (!groupIds.has(mapping.groupId))
        errors[`mapeamentoGrupos.${index}.idGrupo`] = ['validation.ssoGroupUnknown'];
    });
    const administrators = new Set((await listAdministrators(tx, companyId)).map((person) => person.id));
    form.exceptionUserIds.forEach((userId, index) => {
      if (!administrators.has(userId))
        errors[`idsUsuariosExcecao.${index}`] = ['validation.ssoExceptionNotAdmin'];
    });
    if (Object.keys(errors).length > 0) throw invalidFields(errors);

    const oidc = form.protocol === 'OIDC';
    const values = {
      protocol: form.protocol,
      active: form.active,
      issuer: oidc ? (form.issuer ?? null) : null,
      clientId: oidc ? (form.clientId ?? null) : null,
      clientSecret: oidc ? form.clientSecret || before?.clientSecret || null : null,
      samlMetadata: oidc ? null : (form.samlMetadata ?? null),
      loginClaim: form.loginClaim,
      groupsClaim: form.groupsClaim,
      groupMappings: form.groupMappings,
      createUsers: form.createUsers,
      ssoOnly: form.ssoOnly,
      exceptionUserIds: [...new Set(form.exceptionUserIds)],
    };
    const version = await writeSsoConfig(tx, companyId, values, form.version, before !== undefined);
    if (version === undefined) throw new AppError('REGISTRO_ALTERADO');
    const domains = [...new Set(form.domains)].sort();
    await replaceDomains(tx, companyId, domains);
    await recordAudit(tx, actor, {
      action: AuditAction.ssoSettingsUpdate,
      target: { type: 'sso_settings', id: companyId },
      changes: changedFields(audited(before), audited({ ...values, domains })),
    });
  });
  sso.oidc.forget(companyId);
}

/** One check of the settings' test. */
export interface SsoCheck {
  item: string;
  ok: boolean;
  message: string;
}

/**
 * Checks the saved settings against the provider without signing anyone in: OIDC discovery
 * (issuer, endpoints, PKCE S256, sign-out), or the SAML metadata (entity, sign-in address,
 * signing certificate); and whether it is on, with domains.
 */
export async function testSsoSettings(sso: SsoService, companyId: number, language: Language) {
  const t = translatorFor(language);
  const say = (key: string, params?: Record<string, unknown>) => t(`sso.${key}`, params ?? {});
  const config = await findSsoConfig(sso.db, companyId);
  if (!config) return [{ item: say('itemActive'), ok: false, message: say('notSaved') }];
  const checks: SsoCheck[] = [
    {
      item: say('itemActive'),
      ok: config.active,
      message: config.active ? say('activeOk') : say('inactive'),
    },
    {
      item: say('itemDomains'),
      ok: config.domains.length > 0,
      message:
        config.domains.length > 0
          ? say('domainsOk', { dominios: config.domains.join(', ') })
          : say('domainsMissing'),
    },
  ];
  if (config.protocol === 'OIDC') checks.push(...(await testOidc(sso, config, say)));
  else checks.push(...testSaml(config, say));
  return checks;
}

async function testOidc(
  sso: SsoService,
  config: SsoConfig,
  say: (key: string, params?: Record<string, unknown>) => string,
): Promise<SsoCheck[]> {
  const issuer = config.issuer ?? '';
  const item = say('itemIssuer');
  let discovered;
  try {
    discovered = await sso.oidc.discover({
      issuer,
      clientId: config.clientId ?? '',
      clientSecret: config.clientSecret,
    });
  } catch (error) {
    if (error instanceof InsecureIssuerError) return [{ item, ok: false, message: say('issuerInsecure') }];
    const reason = error instanceof Error ? error.message : String(error);
    // openid-client refuses a discovery document naming another issuer with this wording.
    if (/issuer/i.test(reason) && /mismatch|unexpected|does not match/i.test(reason)) {
      return [{ item, ok: false, message: say('issuerMismatch', { emissor: reason }) }];
    }
    return [{ item, ok: false, message: say('issuerUnreachable', { url: issuer, motivo: reason }) }];
  }
  const metadata = discovered.serverMetadata();
  const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter(
    (key) => !metadata[key],
  );
  const pkce = metadata.code_challenge_methods_supported?.includes('S256') ?? false;
  const logout = Boolean(metadata.end_session_endpoint);
  return [
    { item, ok: true, message: say('issuerOk', { url: metadata.issuer }) },
    {
      item: say('itemEndpoints'),
      ok: missing.length === 0,
      message:
        missing.length === 0 ? say('endpointsOk') : say('endpointsMissing', { faltam: missing.join(', ') }),
    },
    { item: say('itemPkce'), ok: pkce, message: pkce ? say('pkceOk') : say('pkceMissing') },
    // A provider without RP-initiated logout still signs people in: reported, not failed.
    { item: say('itemLogout'), ok: true, message: logout ? say('logoutOk') : say('logoutMissing') },
  ];
}

function testSaml(
  config: SsoConfig,
  say: (key: string, params?: Record<string, unknown>) => string,
): SsoCheck[] {
  const item = say('itemMetadata');
  let metadata;
  try {
    metadata = readIdpMetadata(config.samlMetadata ?? '');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{ item, ok: false, message: say('metadataInvalid', { motivo: reason }) }];
  }
  return [
    { item, ok: true, message: say('metadataOk', { entidade: metadata.entityId }) },
    {
      item: say('itemSamlSignOn'),
      ok: metadata.signOnUrl !== null,
      message: metadata.signOnUrl
        ? say('samlSignOnOk', { url: metadata.signOnUrl })
        : say('samlSignOnMissing'),
    },
    {
      item: say('itemCertificate'),
      ok: metadata.certificates.length > 0,
      message:
        metadata.certificates.length > 0
          ? say('certificateOk', { qtd: metadata.certificates.length })
          : say('certificateMissing'),
    },
  ];
}
