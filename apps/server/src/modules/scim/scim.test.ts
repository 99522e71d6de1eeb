import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatCloseCode, ChatEventType, ChatRequestType, isChatErrorFrame } from '@elo/contract/chat';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { auditLog, groupMembers, groups, scimTokens, sessions, users } from '../../db/schema/all.ts';
import { ChatClient, listenForChat, signInForChat } from '../../test/chat-client.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let origin: string;
let chatUrl: string;
let companyId: number;
let defaultGroupId: number;
let otherCompanyId: number;
let masterCookie: string;
let otherMasterCookie: string;
let token: string;
let otherToken: string;
const open: ChatClient[] = [];

const userSchema = 'urn:ietf:params:scim:schemas:core:2.0:User';
const groupSchema = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const patchSchema = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const errorSchema = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** What the tests read of SCIM's answers (resources, lists, errors, discovery). */
interface ScimBody {
  [attribute: string]: unknown;
  id: string;
  schemas: string[];
  detail: string;
  scimType?: string;
  totalResults: number;
  Resources: ScimBody[];
  members: { value: string }[];
  active: boolean;
  displayName: string;
  patch: { supported: boolean };
  filter: { supported: boolean };
  authenticationSchemes: { type: string }[];
}

/** A real HTTP call to the SCIM service, as an identity provider makes it. */
async function scim(method: string, path: string, options: { token?: string | null; body?: unknown } = {}) {
  const bearer = options.token === undefined ? token : options.token;
  const response = await fetch(`${origin}/scim/v2${path}`, {
    method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      'user-agent': 'Okta SCIM Client 1.0',
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    headers: response.headers,
    body: (text ? JSON.parse(text) : undefined) as ScimBody,
  };
}

async function newToken(cookie: string): Promise<string> {
  const answer = await t.call('geraTokenScimAdmin', {}, { cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.token as string;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  defaultGroupId = company.defaultGroupId;
  otherCompanyId = other.companyId;
  masterCookie = await t.signIn(company.master.email, factoryPassword);
  otherMasterCookie = await t.signIn(other.master.email, factoryPassword);
  chatUrl = await listenForChat(t);
  origin = chatUrl.replace(/^ws/, 'http').replace(/\/backend\/chat$/, '');
  token = await newToken(masterCookie);
  otherToken = await newToken(otherMasterCookie);
}, 120_000);

afterAll(async () => {
  for (const socket of open) socket.socket.terminate();
  await t.close();
});

describe('the SCIM token', () => {
  it('is shown once, stored hashed, and a new one revokes the one before', async () => {
    const first = await t.call('geraTokenScimAdmin', {}, { cookie: masterCookie });
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json().data;
    expect(made.token).toMatch(/^elo_scim_[\w-]{43}$/);
    expect(made.urlBase).toBe(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/scim/v2`);
    expect(made.flTokenAtivo).toBe('S');
    const stored = await t.database.db.select().from(scimTokens).where(eq(scimTokens.companyId, companyId));
    expect(JSON.stringify(stored)).not.toContain(made.token);

    const state = await t.call('consultaProvisionamentoScimAdmin', {}, { cookie: masterCookie });
    expect(state.json().data).toMatchObject({ flTokenAtivo: 'S', urlBase: made.urlBase });
    expect(state.body).not.toContain(made.token);

    const second = await newToken(masterCookie);
    expect((await scim('GET', '/Users', { token: made.token })).status).toBe(401);
    expect((await scim('GET', '/Users', { token: second })).status).toBe(200);
    token = second;

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'scim_token_create')));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(entries)).not.toContain(made.token);
  });

  it('needs both the app settings and the administrators at E', async () => {
    const { db } = t.database;
    const settingsOnly = await makePerson(db, {
      companyId,
      administrator: { [AdminPermission.appSettings]: 'E', [AdminPermission.administrators]: 'L' },
    });
    const cookie = await t.signIn(settingsOnly.email, factoryPassword);
    expect((await t.call('geraTokenScimAdmin', {}, { cookie })).statusCode).toBe(403);
    expect((await t.call('revogaTokenScimAdmin', {}, { cookie })).statusCode).toBe(403);
    // Reading needs both at L at least: this one may read.
    expect((await t.call('consultaProvisionamentoScimAdmin', {}, { cookie })).statusCode).toBe(200);
  });

  it('refuses a missing, malformed or unknown token with a SCIM 401', async () => {
    for (const bearer of [null, 'nonsense', 'elo_scim_' + 'A'.repeat(43)]) {
      const answer = await scim('GET', '/Users', { token: bearer });
      expect(answer.status).toBe(401);
      expect(answer.body.schemas).toEqual([errorSchema]);
      expect(answer.headers.get('www-authenticate')).toContain('Bearer');
    }
    const write = await scim('POST', '/Users', {
      token: null,
      body: { schemas: [userSchema], userName: 'sem.token@cliente.elo', displayName: 'Sem Token' },
    });
    expect(write.status).toBe(401);
    expect(write.body.schemas).toEqual([errorSchema]);
    const [created] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sem.token@cliente.elo'));
    expect(created).toBeUndefined();
  });
});

describe('discovery', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toContain('application/scim+json');
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.filter.supported).toBe(true);
    expect(config.body.authenticationSchemes[0]?.type).toBe('oauthbearertoken');
    const types = await scim('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r) => r.name).sort()).toEqual(['Group', 'User']);
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toContain(userSchema);
    expect((await scim('GET', '/Nothing')).status).toBe(404);
  });
});

describe('people', () => {
  let aliceId: string;

  it('creates a person with the portal rules, audited as SCIM, and finds them by userName', async () => {
    const created = await scim('POST', '/Users', {
      body: {
        schemas: [userSchema],
        userName: 'alice.prado@cliente.elo',
        externalId: 'entra-0001',
        name: { givenName: 'Alice', familyName: 'Prado' },
        emails: [{ value: 'alice.prado@cliente.elo', type: 'work', primary: true }],
        phoneNumbers: [{ value: '+55 11 91234-5678', type: 'mobile' }],
        active: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    aliceId = created.body.id;
    expect(created.body).toMatchObject({
      userName: 'alice.prado@cliente.elo',
      externalId: 'entra-0001',
      displayName: 'Alice Prado',
      active: true,
    });
    expect(created.headers.get('location')).toContain(`/scim/v2/Users/${aliceId}`);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(aliceId)));
    expect(row).toMatchObject({
      companyId,
      name: 'Alice Prado',
      loginType: 'EMAIL',
      mobilePhone: '5511912345678',
    });
    // Everyone belongs to the default group, as the users area makes them.
    const memberships = await t.database.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, row!.id));
    expect(memberships.map((m) => m.groupId)).toContain(defaultGroupId);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_create'), eq(auditLog.targetId, aliceId)));
    expect(entry).toMatchObject({ actorUserId: null, actorName: 'SCIM', userAgent: 'Okta SCIM Client 1.0' });

    const found = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "ALICE.PRADO@cliente.elo"')}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]?.id).toBe(aliceId);
    const none = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "ninguem@cliente.elo"')}`,
    );
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-0001"')}`);
    expect(byExternal.body.Resources.map((r: { id: string }) => r.id)).toEqual([aliceId]);
  });

  it('refuses what the user form refuses, in SCIM error shape', async () => {
    const taken = await scim('POST', '/Users', {
      body: {
        schemas: [userSchema],
        userName: 'alice.prado@cliente.elo',
        name: { formatted: 'Outra Alice' },
      },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ schemas: [errorSchema], scimType: 'uniqueness', status: '409' });
    const nameless = await scim('POST', '/Users', {
      body: { schemas: [userSchema], userName: 'sem.nome@cliente.elo' },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.scimType).toBe('invalidValue');
    expect(nameless.body.detail).toContain('name');
    const badMail = await scim('POST', '/Users', {
      body: {
        schemas: [userSchema],
        userName: '12345',
        displayName: 'Bruno',
        emails: [{ value: 'não é e-mail' }],
      },
    });
    expect(badMail.status).toBe(400);
    expect(badMail.body.detail).toContain('emails');
    const wrongType = await scim('POST', '/Users', { body: { schemas: [userSchema], userName: 7 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.schemas).toEqual([errorSchema]);
  });

  it('replaces and patches a person, keeping what the identity provider does not manage', async () => {
    await t.database.db
      .update(users)
      .set({ birthDate: '1990-05-01' })
      .where(eq(users.id, Number(aliceId)));
    const replaced = await scim('PUT', `/Users/${aliceId}`, {
      body: {
        schemas: [userSchema],
        userName: 'alice.souza@cliente.elo',
        externalId: 'entra-0001',
        displayName: 'Alice Souza',
        active: true,
      },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ userName: 'alice.souza@cliente.elo', displayName: 'Alice Souza' });
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(aliceId)));
    expect(row).toMatchObject({
      email: 'alice.souza@cliente.elo',
      name: 'Alice Souza',
      birthDate: '1990-05-01',
    });

    const patched = await scim('PATCH', `/Users/${aliceId}`, {
      body: {
        schemas: [patchSchema],
        Operations: [{ op: 'replace', path: 'displayName', value: 'Alice S. Prado' }],
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.displayName).toBe('Alice S. Prado');
    const got = await scim('GET', `/Users/${aliceId}`);
    expect(got.body).toMatchObject({ displayName: 'Alice S. Prado', userName: 'alice.souza@cliente.elo' });
    const updates = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_update'), eq(auditLog.targetId, aliceId)));
    expect(updates.length).toBe(2);
    expect(updates.every((entry) => entry.actorName === 'SCIM')).toBe(true);
  });

  it('deactivating (Entra\'s PATCH active "False") ends the person\'s session and chat socket', async () => {
    const { db } = t.database;
    const person = await makePerson(db, {
      companyId,
      name: 'Caio Ribeiro',
      permissions: employeePermissions,
      groupIds: [defaultGroupId],
    });
    const chatter = await signInForChat(t, person.email, factoryPassword);
    const socket = await ChatClient.connect(chatUrl, chatter.tokenChat);
    open.push(socket);
    socket.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    await socket.waitFor((frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence, {
      timeoutMs: 30_000,
    });

    const answer = await scim('PATCH', `/Users/${person.id}`, {
      body: { schemas: [patchSchema], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.active).toBe(false);
    // The chat client's default wait: 5 s.
    expect((await socket.waitForClose()).code).toBe(ChatCloseCode.session);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie: chatter.cookie })).statusCode).toBe(401);
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, person.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    const refused = await t.call('doLogin', { login: person.email, senha: factoryPassword });
    expect(refused.statusCode).toBe(403);
  });

  it('deleting deactivates the person and ends their session and chat socket; active true brings them back', async () => {
    const { db } = t.database;
    const person = await makePerson(db, {
      companyId,
      name: 'Dora Lima',
      permissions: employeePermissions,
      groupIds: [defaultGroupId],
    });
    const chatter = await signInForChat(t, person.email, factoryPassword);
    const socket = await ChatClient.connect(chatUrl, chatter.tokenChat);
    open.push(socket);
    socket.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    await socket.waitFor((frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.presence, {
      timeoutMs: 30_000,
    });

    const answer = await scim('DELETE', `/Users/${person.id}`);
    expect(answer.status).toBe(204);
    expect((await socket.waitForClose()).code).toBe(ChatCloseCode.session);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie: chatter.cookie })).statusCode).toBe(401);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row!.active).toBe(false);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_deactivate'), eq(auditLog.targetId, String(person.id))));
    expect(entry).toMatchObject({ actorName: 'SCIM' });
    const listed = await scim('GET', `/Users/${person.id}`);
    expect(listed.body.active).toBe(false);

    // Assigned again in the provider: active again, and signing in works.
    const back = await scim('PATCH', `/Users/${person.id}`, {
      body: { schemas: [patchSchema], Operations: [{ op: 'replace', value: { active: true } }] },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.active).toBe(true);
    expect((await t.call('doLogin', { login: person.email, senha: factoryPassword })).statusCode).toBe(200);
  });

  it('never deactivates the master user', async () => {
    const answer = await scim('DELETE', `/Users/${companyId}`);
    expect(answer.status).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, companyId));
    expect(row!.active).toBe(true);
  });

  it("another company's token sees and changes nothing of this company", async () => {
    const listed = await scim('GET', '/Users', { token: otherToken });
    expect(listed.status).toBe(200);
    expect(listed.body.Resources.map((r: { id: string }) => r.id)).not.toContain(aliceId);
    const filtered = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "alice.souza@cliente.elo"')}`,
      {
        token: otherToken,
      },
    );
    expect(filtered.body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${aliceId}`, { token: otherToken })).status).toBe(404);
    expect(
      (
        await scim('PATCH', `/Users/${aliceId}`, {
          token: otherToken,
          body: { schemas: [patchSchema], Operations: [{ op: 'replace', path: 'active', value: false }] },
        })
      ).status,
    ).toBe(404);
    expect((await scim('DELETE', `/Users/${aliceId}`, { token: otherToken })).status).toBe(404);
    expect((await scim('GET', `/Groups/${defaultGroupId}`, { token: otherToken })).status).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(aliceId)));
    expect(row!.active).toBe(true);
    expect(otherCompanyId).not.toBe(companyId);
  });
});

describe('groups', () => {
  let groupId: string;
  let bia: { id: number };
  let caua: { id: number };

  beforeAll(async () => {
    bia = await makePerson(t.database.db, { companyId, name: 'Bia Nunes' });
    caua = await makePerson(t.database.db, { companyId, name: 'Cauã Dias' });
  });

  it('creates a portal group for an identity provider group, with members, audited as SCIM', async () => {
    const created = await scim('POST', '/Groups', {
      body: {
        schemas: [groupSchema],
        displayName: 'Recursos Humanos',
        externalId: 'grp-rh',
        members: [{ value: String(bia.id) }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    groupId = created.body.id;
    expect(created.body).toMatchObject({ displayName: 'Recursos Humanos', externalId: 'grp-rh' });
    expect(created.body.members.map((m: { value: string }) => m.value)).toEqual([String(bia.id)]);
    const [row] = await t.database.db
      .select()
      .from(groups)
      .where(eq(groups.id, Number(groupId)));
    expect(row).toMatchObject({ companyId, name: 'Recursos Humanos', abbreviation: 'RH' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_create'), eq(auditLog.targetId, groupId)));
    expect(entry).toMatchObject({ actorName: 'SCIM' });
    const byExternal = await scim('GET', `/Groups?filter=${encodeURIComponent('externalId eq "grp-rh"')}`);
    expect(byExternal.body.Resources.map((r: { id: string }) => r.id)).toEqual([groupId]);
    const byName = await scim(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "recursos humanos"')}`,
    );
    expect(byName.body.Resources.map((r: { id: string }) => r.id)).toEqual([groupId]);
    const again = await scim('POST', '/Groups', {
      body: { schemas: [groupSchema], displayName: 'Outro', externalId: 'grp-rh' },
    });
    expect(again.status).toBe(409);
  });

  it('takes over a portal group of the same name made by hand', async () => {
    const handMade = await makeGroup(t.database.db, { companyId, name: 'Vendas' });
    const created = await scim('POST', '/Groups', {
      body: { schemas: [groupSchema], displayName: 'Vendas', externalId: 'grp-vendas' },
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(String(handMade));
  });

  it('adds and removes members by PATCH, and renames and replaces members by PUT', async () => {
    const added = await scim('PATCH', `/Groups/${groupId}`, {
      body: {
        schemas: [patchSchema],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: String(caua.id) }] }],
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.members.map((m: { value: string }) => m.value).sort()).toEqual(
      [String(bia.id), String(caua.id)].sort(),
    );
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      body: {
        schemas: [patchSchema],
        Operations: [{ op: 'Remove', path: `members[value eq "${bia.id}"]` }],
      },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.members.map((m: { value: string }) => m.value)).toEqual([String(caua.id)]);
    const member = await t.database.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, Number(groupId)), eq(groupMembers.userId, bia.id)));
    expect(member).toHaveLength(0);

    // Entra ID removes with the member in the value and no filter in the path.
    await scim('PATCH', `/Groups/${groupId}`, {
      body: {
        schemas: [patchSchema],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: String(bia.id) }] }],
      },
    });
    const entraRemoved = await scim('PATCH', `/Groups/${groupId}`, {
      body: {
        schemas: [patchSchema],
        Operations: [{ op: 'Remove', path: 'members', value: [{ value: String(bia.id) }] }],
      },
    });
    expect(entraRemoved.status, JSON.stringify(entraRemoved.body)).toBe(200);
    expect(entraRemoved.body.members.map((m) => m.value)).toEqual([String(caua.id)]);

    const replaced = await scim('PUT', `/Groups/${groupId}`, {
      body: {
        schemas: [groupSchema],
        displayName: 'Gente e Gestão',
        externalId: 'grp-rh',
        members: [{ value: String(bia.id) }],
      },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ displayName: 'Gente e Gestão' });
    expect(replaced.body.members.map((m: { value: string }) => m.value)).toEqual([String(bia.id)]);
    const [row] = await t.database.db
      .select()
      .from(groups)
      .where(eq(groups.id, Number(groupId)));
    expect(row!.name).toBe('Gente e Gestão');
  });

  it("refuses another company's person as a member", async () => {
    const stranger = await makePerson(t.database.db, { companyId: otherCompanyId });
    const answer = await scim('PATCH', `/Groups/${groupId}`, {
      body: {
        schemas: [patchSchema],
        Operations: [{ op: 'add', path: 'members', value: [{ value: String(stranger.id) }] }],
      },
    });
    expect(answer.status).toBe(400);
    const member = await t.database.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.userId, stranger.id));
    expect(member).toHaveLength(0);
  });

  it("another company's token does not see the group", async () => {
    const listed = await scim('GET', '/Groups', { token: otherToken });
    expect(listed.body.Resources.map((r: { id: string }) => r.id)).not.toContain(groupId);
    expect((await scim('DELETE', `/Groups/${groupId}`, { token: otherToken })).status).toBe(404);
  });

  it('deletes a group as the groups area does, never the default one', async () => {
    expect((await scim('DELETE', `/Groups/${defaultGroupId}`)).status).toBe(409);
    expect((await scim('DELETE', `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`)).status).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_delete'), eq(auditLog.targetId, groupId)));
    expect(entry).toMatchObject({ actorName: 'SCIM' });
  });
});

describe('a revoked token', () => {
  it('is refused from the next call on', async () => {
    expect((await scim('GET', '/Users')).status).toBe(200);
    const revoked = await t.call('revogaTokenScimAdmin', {}, { cookie: masterCookie });
    expect(revoked.statusCode).toBe(200);
    const answer = await scim('GET', '/Users');
    expect(answer.status).toBe(401);
    expect(answer.body.schemas).toEqual([errorSchema]);
    const state = await t.call('consultaProvisionamentoScimAdmin', {}, { cookie: masterCookie });
    expect(state.json().data).toMatchObject({ flTokenAtivo: 'N', dtCriacaoToken: null });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'scim_token_revoke')));
    expect(entry).toBeDefined();
  });
});

describe('limits', () => {
  it('words a too-long value with its limit', async () => {
    // The suite above ended with the token revoked: a new one works at once.
    token = await newToken(masterCookie);
    const answer = await scim('POST', '/Groups', {
      body: { schemas: [groupSchema], displayName: 'G'.repeat(121) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/displayName: .*120/);
  });
});
