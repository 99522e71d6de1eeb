import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { AdminPermission } from '@elo/contract/enums';
import { auditLog, groupMembers, sessions, ssoFlows, users } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signInAtProvider, startTestOidcProvider, type TestOidcProvider } from './testing/oidc-provider.ts';

const publicUrl = 'http://portal.teste';
const clientId = 'portal-elo';
const clientSecret = 'segredo-do-portal';

let t: TestApp;
let idp: TestOidcProvider;
let companyId: number;
let otherCompanyId: number;
let master: string;
let masterId: number;
let mariaId: number;
let financeId: number;
let salesId: number;
let clubId: number;
let defaultGroupId: number;

/** What happened to one sign-in through the provider. */
interface Attempt {
  /** Where the portal sent the browser to start. */
  authorizationUrl: URL;
  /** Where the provider sent the browser back. */
  returnUrl: string;
  /** Where the portal's return sent the browser: the page with the code, or the login page with an error. */
  landing: string;
  /** The session cookie, when the sign-in went through. */
  cookie?: string;
}

const relative = (url: string) => url.slice(publicUrl.length);

/** Starts at the portal, signs in at the provider as `login`; `beforeReturn` may change the return. */
async function signIn(
  login: string,
  options: { company?: number; beforeReturn?: (returnUrl: string) => Promise<string> | string } = {},
): Promise<Attempt> {
  const start = await t.app.inject({
    method: 'GET',
    url: `/backend/sso/${options.company ?? companyId}/inicio`,
  });
  expect(start.statusCode, start.body).toBe(302);
  const authorizationUrl = new URL(start.headers.location as string);
  let returnUrl = await signInAtProvider(authorizationUrl.href, login, publicUrl);
  if (options.beforeReturn) returnUrl = await options.beforeReturn(returnUrl);
  const back = await t.app.inject({ method: 'GET', url: relative(returnUrl) });
  expect(back.statusCode, back.body).toBe(303);
  const landing = back.headers.location as string;
  const code = /#codigoSso=(.+)$/.exec(landing)?.[1];
  if (!code) return { authorizationUrl, returnUrl, landing };
  const done = await t.call('concluiLoginSso', { codigo: code });
  expect(done.statusCode, done.body).toBe(200);
  const cookie = done.cookies.find((item) => item.name === 'elo_session');
  return { authorizationUrl, returnUrl, landing, cookie: `elo_session=${cookie!.value}` };
}

const failedWith = (code: string) => `${publicUrl}/?erroSso=${code}`;

async function groupsOf(userId: number) {
  const rows = await t.database.db
    .select({ groupId: groupMembers.groupId, isAdmin: groupMembers.isAdmin, canPost: groupMembers.canPost })
    .from(groupMembers)
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.groupId));
  return rows;
}

async function liveSessionsOf(userId: number) {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
  return rows.length;
}

async function saveSettings(cookie: string, extra: Record<string, unknown> = {}) {
  const response = await t.call(
    'salvaConfiguracaoSsoAdmin',
    {
      protocolo: 'OIDC',
      flAtivo: 'S',
      dominiosEmail: ['acme.com.br'],
      emissor: idp.issuer,
      clientId,
      clientSecret,
      mapeamentoGrupos: [
        { valor: 'financeiro', idGrupo: financeId },
        { valor: 'vendas', idGrupo: salesId },
        { valor: 'comercial', idGrupo: salesId },
      ],
      flCriarUsuarios: 'S',
      ...extra,
    },
    { cookie },
  );
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { PUBLIC_URL: publicUrl, SSO_ALLOW_INSECURE_ISSUER: '1' } });
  idp = await startTestOidcProvider({
    clientId,
    clientSecret,
    redirectUri: `${publicUrl}/backend/sso/oidc/retorno`,
    postLogoutRedirectUri: `${publicUrl}/`,
  });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  masterId = company.master.id;
  defaultGroupId = company.defaultGroupId;
  financeId = await makeGroup(db, { companyId, name: 'Financeiro' });
  salesId = await makeGroup(db, { companyId, name: 'Vendas' });
  clubId = await makeGroup(db, { companyId, name: 'Clube' });
  const maria = await makePerson(db, { companyId, name: 'Maria Souza', groupIds: [financeId, clubId] });
  mariaId = maria.id;
  await db.update(users).set({ email: 'maria@acme.com.br' }).where(eq(users.id, mariaId));
  await db.update(users).set({ email: 'mestre@acme.com.br' }).where(eq(users.id, masterId));
  const ana = await makePerson(db, { companyId: otherCompanyId, name: 'Ana de Outra' });
  await db.update(users).set({ email: 'ana@deles.com.br' }).where(eq(users.id, ana.id));
  master = await t.signIn('mestre@acme.com.br', factoryPassword);
  const otherMaster = await t.signIn(other.master.email, factoryPassword);
  await saveSettings(master);
  const otherSaved = await t.call(
    'salvaConfiguracaoSsoAdmin',
    {
      protocolo: 'OIDC',
      flAtivo: 'S',
      dominiosEmail: ['deles.com.br'],
      emissor: idp.issuer,
      clientId,
      clientSecret,
    },
    { cookie: otherMaster },
  );
  expect(otherSaved.statusCode, otherSaved.body).toBe(200);
  idp.addAccount({
    sub: 'maria',
    email: 'maria@acme.com.br',
    name: 'Maria Souza',
    groups: ['vendas', 'admin'],
  });
  idp.addAccount({ sub: 'ana', email: 'ana@deles.com.br', name: 'Ana de Outra', groups: [] });
  idp.addAccount({
    sub: 'novo',
    email: 'Novo.Colega@acme.com.br',
    name: 'Novo Colega',
    groups: ['financeiro'],
  });
  idp.addAccount({ sub: 'bruno', email: 'bruno@acme.com.br', name: 'Bruno Lima', groups: [] });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('OIDC sign-in against a real provider', () => {
  it('runs the authorization code flow with PKCE, state and nonce, and lands with a session', async () => {
    const attempt = await signIn('maria');
    const asked = attempt.authorizationUrl.searchParams;
    expect(attempt.authorizationUrl.origin).toBe(idp.issuer);
    expect(asked.get('response_type')).toBe('code');
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.get('state')).toBeTruthy();
    expect(asked.get('nonce')).toBeTruthy();
    expect(asked.get('redirect_uri')).toBe(`${publicUrl}/backend/sso/oidc/retorno`);
    expect(attempt.landing).toMatch(new RegExp(`^${publicUrl}/sso/concluir#codigoSso=`));

    const logged = await t.call('recuperaDadosUsuarioLogado', {}, { cookie: attempt.cookie });
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().data.usuario).toMatchObject({ idUsuario: mariaId, nome: 'Maria Souza' });

    // The one-time code is spent.
    const code = /#codigoSso=(.+)$/.exec(attempt.landing)![1];
    const again = await t.call('concluiLoginSso', { codigo: code });
    expect(again.statusCode).toBe(410);
    const [entry] = await t.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, mariaId), eq(auditLog.action, 'sign_in')));
    expect(entry!.changes).toEqual({ via: { antes: null, depois: 'OIDC' } });
  });

  it('syncs the mapped groups at sign-in, never touching unmapped ones nor granting administration', async () => {
    // Maria was in Financeiro (mapped, not claimed now) and Clube (unmapped); the provider says vendas.
    const groups = await groupsOf(mariaId);
    expect(groups).toEqual(
      [
        { groupId: salesId, isAdmin: false, canPost: false },
        { groupId: clubId, isAdmin: false, canPost: false },
      ].sort((a, b) => a.groupId - b.groupId),
    );
    const [person] = await t.database.db
      .select({ admin: users.isAdministrator })
      .from(users)
      .where(eq(users.id, mariaId));
    expect(person!.admin).toBe(false);

    // Next time the provider says financeiro: Vendas goes, Financeiro comes back; Clube stays.
    idp.addAccount({ sub: 'maria', email: 'maria@acme.com.br', name: 'Maria Souza', groups: ['financeiro'] });
    await signIn('maria');
    expect((await groupsOf(mariaId)).map((row) => row.groupId)).toEqual(
      [financeId, clubId].sort((a, b) => a - b),
    );
    const synced = await t.database.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'sso_groups_sync')))
      .orderBy(asc(auditLog.id));
    expect(synced.at(-1)!.changes).toEqual({
      gruposAdicionados: { antes: null, depois: [financeId] },
      gruposRemovidos: { antes: null, depois: [salesId] },
    });
  });

  it('creates an unknown person of the company on first sign-in (JIT) with the mapped groups', async () => {
    const attempt = await signIn('novo');
    expect(attempt.cookie).toBeDefined();
    const logged = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie: attempt.cookie })).json().data;
    expect(logged.usuario).toMatchObject({
      nome: 'Novo Colega',
      email: 'novo.colega@acme.com.br',
      idUsuarioPai: companyId,
    });
    const id = logged.usuario.idUsuario as number;
    expect((await groupsOf(id)).map((row) => row.groupId)).toEqual(
      [defaultGroupId, financeId].sort((a, b) => a - b),
    );
    // Their password is nobody's: they sign in through the provider.
    const withPassword = await t.call('doLogin', {
      login: 'novo.colega@acme.com.br',
      senha: factoryPassword,
    });
    expect(withPassword.statusCode).not.toBe(200);
  });

  it('refuses an unknown person when the company does not create people', async () => {
    await saveSettings(master, { flCriarUsuarios: 'N' });
    const attempt = await signIn('bruno');
    expect(attempt.landing).toBe(failedWith('SSO_ACCOUNT_UNKNOWN'));
    expect(attempt.cookie).toBeUndefined();
    const [bruno] = await t.database.db.select().from(users).where(eq(users.email, 'bruno@acme.com.br'));
    expect(bruno).toBeUndefined();
    await saveSettings(master);
  });

  it('refuses a person of another company’s domain signing in through this company’s provider', async () => {
    const attempt = await signIn('ana');
    expect(attempt.landing).toBe(failedWith('SSO_DOMAIN_REFUSED'));
    expect(attempt.cookie).toBeUndefined();
    // Through her own company's settings she gets in, as herself.
    const own = await signIn('ana', { company: otherCompanyId });
    expect(own.cookie).toBeDefined();
    const logged = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie: own.cookie })).json().data;
    expect(logged.usuario).toMatchObject({ nome: 'Ana de Outra', idUsuarioPai: otherCompanyId });
  });

  it('refuses a return with a state this server never gave', async () => {
    const before = await liveSessionsOf(mariaId);
    const attempt = await signIn('maria', {
      beforeReturn: (url) => url.replace(/state=[^&]+/, 'state=estado-forjado'),
    });
    expect(attempt.landing).toBe(failedWith('SSO_SIGN_IN_FAILED'));
    expect(await liveSessionsOf(mariaId)).toBe(before);
  });

  it('refuses an id token whose nonce is not the sign-in’s', async () => {
    const attempt = await signIn('maria', {
      beforeReturn: async (url) => {
        const state = new URL(url).searchParams.get('state')!;
        const { hashToken } = await import('../../platform/auth/tokens.ts');
        await t.database.db
          .update(ssoFlows)
          .set({ data: sql`jsonb_set(${ssoFlows.data}, '{nonce}', '"outro-nonce"')` })
          .where(eq(ssoFlows.keyHash, hashToken(state)));
        return url;
      },
    });
    expect(attempt.landing).toBe(failedWith('SSO_SIGN_IN_FAILED'));
  });

  it('refuses a code traded without the sign-in’s PKCE verifier', async () => {
    const attempt = await signIn('maria', {
      beforeReturn: async (url) => {
        const state = new URL(url).searchParams.get('state')!;
        const { hashToken } = await import('../../platform/auth/tokens.ts');
        await t.database.db
          .update(ssoFlows)
          .set({ data: sql`jsonb_set(${ssoFlows.data}, '{codeVerifier}', '"${sql.raw('x'.repeat(43))}"')` })
          .where(eq(ssoFlows.keyHash, hashToken(state)));
        return url;
      },
    });
    expect(attempt.landing).toBe(failedWith('SSO_SIGN_IN_FAILED'));
  });

  it('refuses an expired authorization code', async () => {
    idp.setCodeLifetime(1);
    try {
      const attempt = await signIn('maria', {
        beforeReturn: async (url) => {
          await sleep(2_100);
          return url;
        },
      });
      expect(attempt.landing).toBe(failedWith('SSO_SIGN_IN_FAILED'));
    } finally {
      idp.setCodeLifetime(60);
    }
  });

  it('with SSO only, refuses passwords and their recovery, except to the break-glass administrators', async () => {
    const breakGlass = await makePerson(t.database.db, {
      companyId,
      administrator: { [AdminPermission.appSettings]: 'E', [AdminPermission.administrators]: 'E' },
    });
    await saveSettings(master, { flSomenteSso: 'S', idsUsuariosExcecao: [breakGlass.id] });

    const refused = await t.call('doLogin', { login: 'maria@acme.com.br', senha: factoryPassword });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Sua empresa entra somente pela conta corporativa.',
      error_code: 'SSO_ONLY',
    });
    const wrongPassword = await t.call('doLogin', { login: 'MARIA@acme.com.br', senha: 'outra' });
    expect(wrongPassword.json().error_code).toBe('SSO_ONLY');
    const recovery = await t.call('solicitaTrocaDeSenha', { login: 'maria@acme.com.br' });
    expect(recovery.statusCode).toBe(403);
    expect(recovery.json().message).toBe('Sua empresa entra somente pela conta corporativa.');
    // Nor can a newcomer of the company set a password through the first access.
    const newcomer = await makePerson(t.database.db, { companyId });
    await t.database.db
      .update(users)
      .set({ email: 'recem@acme.com.br', firstAccessPending: true, birthDate: '1990-05-20' })
      .where(eq(users.id, newcomer.id));
    const firstAccess = await t.call('primeiroAcesso', {
      login: 'recem@acme.com.br',
      senha: factoryPassword,
      dtNascimento: '1990-05-20',
    });
    expect(firstAccess.statusCode, firstAccess.body).toBe(403);
    expect(firstAccess.json().error_code).toBe('SSO_ONLY');
    const english = await t.call(
      'doLogin',
      { login: 'maria@acme.com.br', senha: factoryPassword },
      { language: 'en' },
    );
    expect(english.json().message).toBe('Your company signs in only with the corporate account.');

    // The break-glass administrator still signs in with the password; the master is not listed.
    expect((await t.call('doLogin', { login: breakGlass.email, senha: factoryPassword })).statusCode).toBe(
      200,
    );
    expect(
      (await t.call('doLogin', { login: 'mestre@acme.com.br', senha: factoryPassword })).statusCode,
    ).toBe(403);
    // Other companies are untouched.
    expect((await t.call('doLogin', { login: 'ana@deles.com.br', senha: factoryPassword })).statusCode).toBe(
      200,
    );
    // The login page goes straight to the provider.
    expect((await t.call('consultaSsoLogin', { login: 'maria@acme.com.br' })).json().data).toMatchObject({
      flSso: 'S',
      flSomenteSso: 'S',
    });
    // And the provider still signs people in.
    expect((await signIn('maria')).cookie).toBeDefined();

    const breakGlassCookie = await t.signIn(breakGlass.email, factoryPassword);
    await saveSettings(breakGlassCookie, { flSomenteSso: 'N' });
    expect((await t.call('doLogin', { login: 'maria@acme.com.br', senha: factoryPassword })).statusCode).toBe(
      200,
    );
  });

  it('signs out of the provider too (RP-initiated logout), ending the portal session', async () => {
    const attempt = await signIn('maria');
    const out = await t.call('doLogout', {}, { cookie: attempt.cookie });
    expect(out.statusCode, out.body).toBe(200);
    const next = new URL(out.json().data.urlSaidaIdp as string);
    expect(next.origin).toBe(idp.issuer);
    expect(next.searchParams.get('id_token_hint')).toBeTruthy();
    expect(next.searchParams.get('post_logout_redirect_uri')).toBe(`${publicUrl}/`);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie: attempt.cookie })).statusCode).toBe(401);
    // The provider accepts it: its sign-out confirmation page, not an error.
    const page = await fetch(next, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/logout/i);

    // A password session signs out of the portal only.
    const plain = await t.call('doLogout', {}, { cookie: master });
    expect(plain.json().data).toEqual({ ok: true });
  });

  it('sends a company without single sign-on back to the login page', async () => {
    const { companyId: none } = await makeCompany(t.database.db);
    const start = await t.app.inject({ method: 'GET', url: `/backend/sso/${none}/inicio` });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(failedWith('SSO_NOT_AVAILABLE'));
  });
});
