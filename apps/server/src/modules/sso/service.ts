import { randomBytes } from 'node:crypto';
import { AuditAction } from '@elo/contract/calls/audit';
import { defaultLanguage, LoginType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { recordAudit } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import { provisionedPersonForm, provisioningScope, type PeopleEditing } from '../users/module.ts';
import type { Oidc, OidcClientSettings, OidcPending } from './oidc.ts';
import {
  addMemberships,
  emailTaken,
  findCompanyOfDomain,
  findMemberships,
  findPersonByLogin,
  findSessionId,
  findSsoConfig,
  findSsoSessionByToken,
  insertFlow,
  insertSsoSession,
  removeMemberships,
  takeAssertion,
  takeFlow,
  type SsoConfig,
} from './repo.ts';
import { finishSaml, readIdpMetadata, spMetadata, startSaml, type SpAddresses } from './saml.ts';

export interface SsoServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
  auth: Pick<AuthService, 'markAccess' | 'loadLoggedUser'>;
  /** The users area's own save: a person created at first sign-in follows the same rules. */
  people: Pick<PeopleEditing, 'saveUser'>;
  oidc: Oidc;
  publicUrl: string;
}

export type SsoService = SsoServiceDeps;

/** A provider's answer that did not check out: SSO_SIGN_IN_FAILED, with why for the log. */
export class SignInRefused extends AppError {
  constructor(readonly reason: unknown) {
    super('SSO_SIGN_IN_FAILED');
  }
}

/** The author the audit names for a person created at their first corporate sign-in. */
const ssoAuthor = 'SSO';

/** How long the provider has to send the person back, and the page to trade the code. */
const flowMinutes = 10;
const handoffMinutes = 2;

/** The portal's own addresses for a company, to paste into its identity provider. */
export function ssoUrls(publicUrl: string, companyId: number) {
  const metadata = `${publicUrl}/backend/sso/${companyId}/saml/metadata.xml`;
  return {
    start: `${publicUrl}/backend/sso/${companyId}/inicio`,
    oidcReturn: `${publicUrl}/backend/sso/oidc/retorno`,
    postLogout: `${publicUrl}/`,
    samlAcs: `${publicUrl}/backend/sso/saml/acs`,
    samlEntityId: metadata,
    samlMetadata: metadata,
  };
}

const spOf = (sso: SsoService, companyId: number): SpAddresses => {
  const urls = ssoUrls(sso.publicUrl, companyId);
  return { entityId: urls.samlEntityId, acsUrl: urls.samlAcs };
};

const oidcSettingsOf = (config: SsoConfig): OidcClientSettings => ({
  issuer: config.issuer ?? '',
  clientId: config.clientId ?? '',
  clientSecret: config.clientSecret,
});

/** The settings of a company whose single sign-on is on, or SSO_NOT_AVAILABLE. */
async function activeConfig(sso: SsoService, companyId: number, protocol?: string): Promise<SsoConfig> {
  const config = await findSsoConfig(sso.db, companyId);
  if (!config?.active || (protocol && config.protocol !== protocol)) throw new AppError('SSO_NOT_AVAILABLE');
  return config;
}

/** Whether a login's e-mail domain sends the person to their company's provider. */
export async function ssoForLogin(sso: SsoService, login: string) {
  const at = login.lastIndexOf('@');
  if (at < 0) return undefined;
  const company = await findCompanyOfDomain(
    sso.db,
    login
      .slice(at + 1)
      .trim()
      .toLowerCase(),
  );
  if (!company?.active) return undefined;
  return { ssoOnly: company.ssoOnly, startUrl: ssoUrls(sso.publicUrl, company.companyId).start };
}

/**
 * Whether a person may not use a password: their company signs in only through its provider and
 * they are not one of its break-glass administrators.
 */
export async function passwordRefused(sso: SsoService, scope: TenantScope): Promise<boolean> {
  const config = await findSsoConfig(sso.db, scope.companyId);
  return Boolean(config?.active && config.ssoOnly && !config.exceptionUserIds.includes(scope.userId));
}

/** Starts a sign-in: the provider's address to send the browser to. */
export async function startSignIn(sso: SsoService, companyId: number): Promise<string> {
  const config = await activeConfig(sso, companyId);
  const state = generateToken();
  const expiresAt = new Date(Date.now() + flowMinutes * 60_000);
  if (config.protocol === 'OIDC') {
    const { url, pending } = await sso.oidc.start(companyId, oidcSettingsOf(config), {
      redirectUri: ssoUrls(sso.publicUrl, companyId).oidcReturn,
      state,
      scope: 'openid email profile',
    });
    await insertFlow(sso.db, {
      keyHash: hashToken(state),
      companyId,
      kind: 'oidc',
      data: { ...pending },
      expiresAt,
    });
    return url;
  }
  const { url, requestId } = await startSaml(
    readIdpMetadata(config.samlMetadata ?? ''),
    spOf(sso, companyId),
    state,
  );
  await insertFlow(sso.db, {
    keyHash: hashToken(state),
    companyId,
    kind: 'saml',
    data: { requestId },
    expiresAt,
  });
  return url;
}

/** Who the provider says signed in. */
interface Identity {
  login: string | undefined;
  name: string | undefined;
  groups: string[];
}

/** A claim's value as text (the first of a list). */
function textOf(value: unknown): string | undefined {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
}

/** A groups claim as a list of texts (one text is a list of one). */
function listOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).filter((item): item is string => typeof item === 'string');
}

/**
 * Finishes an OIDC sign-in from the provider's return: the state finds the sign-in (once), then
 * the code is traded with PKCE and the id token's nonce checked. Answers the one-time code that
 * hands the session to the page.
 */
export async function finishOidcSignIn(
  sso: SsoService,
  currentUrl: URL,
  origin: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const state = currentUrl.searchParams.get('state');
  const flow = state ? await takeFlow(sso.db, hashToken(state), 'oidc') : undefined;
  if (!flow || !state) throw new AppError('SSO_SIGN_IN_FAILED');
  const config = await activeConfig(sso, flow.companyId, 'OIDC');
  let outcome;
  try {
    outcome = await sso.oidc.finish(flow.companyId, oidcSettingsOf(config), {
      currentUrl,
      state,
      pending: flow.data as unknown as OidcPending,
    });
  } catch (error) {
    throw new SignInRefused(error);
  }
  const { claims } = outcome;
  const name =
    textOf(claims.name) ??
    ([textOf(claims.given_name), textOf(claims.family_name)].filter(Boolean).join(' ') || undefined);
  const userId = await admit(
    sso,
    config,
    {
      login: textOf(claims[config.loginClaim]),
      name,
      groups: listOf(claims[config.groupsClaim]),
    },
    origin,
  );
  return handOff(sso, flow.companyId, { userId, protocol: 'OIDC', idToken: outcome.idToken });
}

/**
 * Finishes a SAML sign-in from the POSTed response: the RelayState finds the sign-in (once), the
 * response must answer its request, carry a signed assertion for the portal's audience and ACS,
 * and an assertion is taken only once.
 */
export async function finishSamlSignIn(
  sso: SsoService,
  body: { SAMLResponse?: string; RelayState?: string },
  origin: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const flow = body.RelayState ? await takeFlow(sso.db, hashToken(body.RelayState), 'saml') : undefined;
  if (!flow || !body.SAMLResponse) throw new AppError('SSO_SIGN_IN_FAILED');
  const config = await activeConfig(sso, flow.companyId, 'SAML');
  let outcome;
  try {
    outcome = await finishSaml(
      readIdpMetadata(config.samlMetadata ?? ''),
      spOf(sso, flow.companyId),
      String(flow.data.requestId),
      body.SAMLResponse,
    );
  } catch (error) {
    throw new SignInRefused(error);
  }
  if (!(await takeAssertion(sso.db, flow.companyId, outcome.assertionId, outcome.validUntil))) {
    throw new AppError('SSO_SIGN_IN_FAILED');
  }
  const { attributes } = outcome;
  const login = textOf(attributes[config.loginClaim]) ?? outcome.nameId;
  const name = textOf(attributes.displayName) ?? textOf(attributes.name) ?? textOf(attributes.cn);
  const userId = await admit(
    sso,
    config,
    { login, name, groups: listOf(attributes[config.groupsClaim]) },
    origin,
  );
  return handOff(sso, flow.companyId, { userId, protocol: 'SAML', idToken: null });
}

/**
 * Lets the person the provider named in: matched by the login claim within the company only; an
 * unknown one created when the company says so; the mapped groups synced. Answers their id.
 */
async function admit(
  sso: SsoService,
  config: SsoConfig,
  identity: Identity,
  origin: { ip: string; userAgent: string | undefined },
): Promise<number> {
  const { companyId } = config;
  const login = identity.login;
  if (!login) throw new AppError('SSO_SIGN_IN_FAILED');
  const isEmail = login.includes('@');
  // An e-mail must be of one of the company's domains: another company's people never get in here.
  if (isEmail && !config.domains.includes(login.slice(login.lastIndexOf('@') + 1).toLowerCase())) {
    throw new AppError('SSO_DOMAIN_REFUSED');
  }
  return sso.db.transaction(async (tx) => {
    let person = await findPersonByLogin(tx, companyId, login);
    let userId: number;
    if (!person) {
      if (!config.createUsers || !isEmail) throw new AppError('SSO_ACCOUNT_UNKNOWN');
      // E-mails sign one person in across companies: someone elsewhere holds this one.
      if (await emailTaken(tx, login)) throw new AppError('SSO_DOMAIN_REFUSED');
      const name = (identity.name ?? login.slice(0, login.indexOf('@'))).slice(0, 160);
      // Through the users area's own save: the employee permissions, the default group, the groups
      // whose rules take them, and the audit entry, with corporate sign-in as its author. The
      // password is one nobody knows: they sign in through the provider.
      const created = await sso.people.saveUser(
        provisioningScope(companyId),
        provisionedPersonForm({
          loginType: LoginType.email,
          email: login.toLowerCase(),
          matricula: null,
          name,
          mobilePhone: null,
          active: true,
          password: randomBytes(32).toString('base64url'),
        }),
        { ...actorAt({ companyId, userId: null }, origin), name: ssoAuthor },
        defaultLanguage,
        tx,
      );
      userId = created.id;
      person = { id: userId, name: created.name, active: true, deletedAt: null };
    } else {
      userId = person.id;
    }
    if (!person.active || person.deletedAt) throw new AppError('ACCOUNT_INACTIVE');
    await syncGroups(tx, config, { userId, name: person.name, groups: identity.groups }, origin);
    return userId;
  });
}

/**
 * Makes the person's membership of every group a mapping names follow the provider's groups:
 * added where a mapped value is among them, removed where none is. Groups no mapping names are
 * never touched, and a membership added here is a plain one (administrator rights never come
 * from claims).
 */
async function syncGroups(
  tx: Database,
  config: SsoConfig,
  person: { userId: number; name: string; groups: string[] },
  origin: { ip: string; userAgent: string | undefined },
): Promise<void> {
  const { companyId } = config;
  const claimed = new Set(person.groups);
  const mapped = [...new Set(config.groupMappings.map((mapping) => mapping.groupId))];
  if (mapped.length === 0) return;
  const wanted = new Set(
    config.groupMappings.filter((mapping) => claimed.has(mapping.value)).map((mapping) => mapping.groupId),
  );
  const current = await findMemberships(tx, companyId, person.userId, mapped);
  const inNow = new Set(current.map((row) => row.groupId));
  const adding = mapped.filter((groupId) => wanted.has(groupId) && !inNow.has(groupId));
  const removing = mapped.filter((groupId) => !wanted.has(groupId) && inNow.has(groupId));
  if (adding.length === 0 && removing.length === 0) return;
  await addMemberships(tx, companyId, person.userId, adding);
  await removeMemberships(tx, companyId, person.userId, removing);
  await recordAudit(tx, actorAt({ companyId, userId: person.userId }, origin), {
    action: AuditAction.ssoGroupsSync,
    target: { type: 'user', id: person.userId, name: person.name },
    changes: {
      gruposAdicionados: { antes: null, depois: adding },
      gruposRemovidos: { antes: null, depois: removing },
    },
  });
}

/** Keeps a finished sign-in for the page to trade: answers the one-time code. */
async function handOff(
  sso: SsoService,
  companyId: number,
  data: { userId: number; protocol: string; idToken: string | null },
): Promise<string> {
  const code = generateToken();
  await insertFlow(sso.db, {
    keyHash: hashToken(code),
    companyId,
    kind: 'handoff',
    data,
    expiresAt: new Date(Date.now() + handoffMinutes * 60_000),
  });
  return code;
}

/**
 * Trades the one-time code for a session: opened with its audit entry, and noted as coming from
 * the provider (its sign-out ends the provider's session too).
 */
export async function completeSignIn(
  sso: SsoService,
  code: string,
  origin: { ip: string; userAgent: string | undefined },
) {
  const flow = await takeFlow(sso.db, hashToken(code), 'handoff');
  if (!flow) throw new AppError('TOKEN_INVALID');
  const data = flow.data as { userId: number; protocol: string; idToken: string | null };
  const scope = { companyId: flow.companyId, userId: data.userId };
  await activeConfig(sso, flow.companyId);
  const opened = await sso.db.transaction(async (tx) => {
    const session = await sso.sessions.open({ ...scope, ...origin }, tx);
    const sessionId = await findSessionId(tx, hashToken(session.token));
    await insertSsoSession(tx, {
      sessionId: sessionId!,
      companyId: flow.companyId,
      protocol: data.protocol,
      idToken: data.idToken,
    });
    await recordAudit(tx, actorAt(scope, origin), {
      action: AuditAction.signIn,
      target: { type: 'user', id: data.userId },
      changes: { via: { antes: null, depois: data.protocol } },
    });
    return session;
  });
  await sso.auth.markAccess(scope);
  return { opened, user: await sso.auth.loadLoggedUser(scope) };
}

/** The provider's sign-out address for a session that came from it (OIDC RP-initiated logout). */
export async function signOutUrl(sso: SsoService, sessionToken: string): Promise<string | undefined> {
  const row = await findSsoSessionByToken(sso.db, hashToken(sessionToken));
  if (row?.protocol !== 'OIDC') return undefined;
  const config = await findSsoConfig(sso.db, row.companyId);
  if (!config?.active || config.protocol !== 'OIDC') return undefined;
  return sso.oidc.signOutUrl(row.companyId, oidcSettingsOf(config), {
    idToken: row.idToken,
    postLogoutRedirectUri: ssoUrls(sso.publicUrl, row.companyId).postLogout,
  });
}

/** The portal's SAML metadata for a company (its entity id and ACS). */
export async function serviceProviderMetadata(sso: SsoService, companyId: number): Promise<string> {
  const config = await findSsoConfig(sso.db, companyId);
  let idp = null;
  try {
    idp = config?.samlMetadata ? readIdpMetadata(config.samlMetadata) : null;
  } catch {
    idp = null;
  }
  return spMetadata(idp, spOf(sso, companyId));
}
