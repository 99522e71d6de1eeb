import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { groupMembers, sessions, users } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestSamlIdp, type TestSamlIdp } from './testing/saml-idp.ts';

const publicUrl = 'http://portal.teste';
const acsUrl = `${publicUrl}/backend/sso/saml/acs`;

let t: TestApp;
let idp: TestSamlIdp;
let stranger: TestSamlIdp;
let companyId: number;
let entityId: string;
let joaoId: number;
let financeId: number;
let clubId: number;

/** A sign-in started at the portal: the request the provider reads, and the RelayState. */
async function start() {
  const started = await t.app.inject({ method: 'GET', url: `/backend/sso/${companyId}/inicio` });
  expect(started.statusCode, started.body).toBe(302);
  const location = started.headers.location as string;
  expect(location.startsWith(`${idp.signOnUrl}?`)).toBe(true);
  return idp.readRequest(location);
}

/** POSTs a response to the ACS as the provider's page does (a form, from another site). */
async function post(samlResponse: string, relayState: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/backend/sso/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://idp.teste.local' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
  expect(answer.statusCode, answer.body).toBe(303);
  return answer.headers.location as string;
}

/** Trades the landing's one-time code for the session cookie, if the landing has one. */
async function sessionOf(landing: string): Promise<string | undefined> {
  const code = /#codigoSso=(.+)$/.exec(landing)?.[1];
  if (!code) return undefined;
  const done = await t.call('concluiLoginSso', { codigo: code });
  expect(done.statusCode, done.body).toBe(200);
  return `elo_session=${done.cookies.find((item) => item.name === 'elo_session')!.value}`;
}

const refused = `${publicUrl}/?erroSso=SSO_SIGN_IN_FAILED`;

const responseFor = (request: { id: string }, extra: Partial<Parameters<TestSamlIdp['respond']>[0]> = {}) =>
  idp.respond({
    inResponseTo: request.id,
    acsUrl,
    audience: entityId,
    nameId: 'joao@acme.com.br',
    attributes: { email: ['joao@acme.com.br'], displayName: ['João Pereira'], groups: ['clube-leitura'] },
    ...extra,
  });

async function liveSessions(userId: number) {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.revokedAt} is null`));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { PUBLIC_URL: publicUrl } });
  [idp, stranger] = await Promise.all([
    createTestSamlIdp(),
    createTestSamlIdp({ entityId: 'https://outro.idp/metadata' }),
  ]);
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  entityId = `${publicUrl}/backend/sso/${companyId}/saml/metadata.xml`;
  financeId = await makeGroup(db, { companyId, name: 'Financeiro' });
  clubId = await makeGroup(db, { companyId, name: 'Clube de leitura' });
  const joao = await makePerson(db, { companyId, name: 'João Pereira', groupIds: [financeId] });
  joaoId = joao.id;
  await db.update(users).set({ email: 'joao@acme.com.br' }).where(eq(users.id, joaoId));
  const master = await t.signIn(company.master.email, factoryPassword);
  const saved = await t.call(
    'salvaConfiguracaoSsoAdmin',
    {
      protocolo: 'SAML',
      flAtivo: 'S',
      dominiosEmail: ['acme.com.br'],
      metadadosSaml: idp.metadata,
      mapeamentoGrupos: [
        { valor: 'financeiro', idGrupo: financeId },
        { valor: 'clube-leitura', idGrupo: clubId },
      ],
    },
    { cookie: master },
  );
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('SAML sign-in against a signing provider', () => {
  it('sends an AuthnRequest for the portal’s ACS and takes a signed assertion, syncing the mapped groups', async () => {
    const request = await start();
    expect(request.acsUrl).toBe(acsUrl);
    expect(request.issuer).toBe(entityId);
    const landing = await post(responseFor(request), request.relayState);
    expect(landing).toMatch(new RegExp(`^${publicUrl}/sso/concluir#codigoSso=`));
    const cookie = await sessionOf(landing);
    const logged = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).json().data;
    expect(logged.usuario).toMatchObject({ idUsuario: joaoId, nome: 'João Pereira' });
    const groups = await t.database.db
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, joaoId))
      .orderBy(asc(groupMembers.groupId));
    expect(groups.map((row) => row.groupId)).toEqual([clubId]);
  });

  it('refuses an unsigned assertion', async () => {
    const before = await liveSessions(joaoId);
    const request = await start();
    expect(await post(responseFor(request, { unsigned: true }), request.relayState)).toBe(refused);
    expect(await liveSessions(joaoId)).toBe(before);
  });

  it('refuses a signed assertion changed afterwards (another person named in it)', async () => {
    const request = await start();
    const tampered = responseFor(request, {
      tamper: (xml) => xml.replaceAll('joao@acme.com.br', 'mestre@acme.com.br'),
    });
    expect(await post(tampered, request.relayState)).toBe(refused);
  });

  it('refuses an assertion signed by another key than the metadata’s', async () => {
    const request = await start();
    const forged = stranger.respond({
      inResponseTo: request.id,
      acsUrl,
      audience: entityId,
      nameId: 'joao@acme.com.br',
      attributes: { email: ['joao@acme.com.br'] },
    });
    expect(await post(forged, request.relayState)).toBe(refused);
  });

  it('refuses a replayed response, on its own sign-in and on a new one', async () => {
    const request = await start();
    const response = responseFor(request);
    const first = await post(response, request.relayState);
    expect(await sessionOf(first)).toBeDefined();
    const before = await liveSessions(joaoId);
    expect(await post(response, request.relayState)).toBe(refused);
    const fresh = await start();
    expect(await post(response, fresh.relayState)).toBe(refused);
    expect(await liveSessions(joaoId)).toBe(before);
  });

  it('refuses an assertion for another audience', async () => {
    const request = await start();
    const elsewhere = responseFor(request, { audience: 'https://outro.portal/metadata.xml' });
    expect(await post(elsewhere, request.relayState)).toBe(refused);
  });

  it('refuses an assertion confirmed for another recipient', async () => {
    const request = await start();
    const elsewhere = responseFor(request, { recipient: 'https://outro.portal/acs' });
    expect(await post(elsewhere, request.relayState)).toBe(refused);
  });

  it('refuses a response to a request this server never sent (unsolicited)', async () => {
    const request = await start();
    expect(await post(responseFor({ id: '_nunca-enviado' }), request.relayState)).toBe(refused);
  });
});
