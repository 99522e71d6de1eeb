import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '@elo/contract/calls/registry';
import { ChatCloseCode, ChatRequestType } from '@elo/contract/chat';
import { AdminPermission, employeePermissions, Permission } from '@elo/contract/enums';
import { routes, type RouteName } from '@elo/contract/routes';
import { userPermissions } from '../../db/schema/all.ts';
import { ChatClient, listenForChat, signInForChat, type ChatUser } from '../../test/chat-client.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The GET routes that are neither calls nor downloads (files, event streams, the chat socket) are
// declared in the contract (routes.ts) and decided by the one policy. This file checks that every
// such route of the app is declared, then tries each as every role against a table written by hand.

let t: TestApp;
let baseUrl: string;
let chatUrl: string;
let master: string;
let employee: ChatUser;
let lostChat: ChatUser;
let tvReader: string;
let usersAdmin: string;
let screenToken: string;
/** A post's picture, at its portal address and at the screen's signed address. */
let mediaPath: string;
let signedPath: string;
let revokedSignedPath: string;
/** The company of the routes that name one (single sign-on's). */
let companyIdOfRoutes: number;

type Role = 'visitor' | 'employee' | 'tvReader' | 'usersAdmin' | 'screen';

function headersOf(role: Role): Record<string, string> {
  if (role === 'employee') return { cookie: employee.cookie };
  if (role === 'tvReader') return { cookie: tvReader };
  if (role === 'usersAdmin') return { cookie: usersAdmin };
  if (role === 'screen') return { authorization: `Bearer ${screenToken}` };
  return {};
}

/** The status a GET gets as a role; an event stream is closed as soon as its headers arrive. */
async function statusOf(path: string, role: Role): Promise<number> {
  const controller = new AbortController();
  const answer = await fetch(`${baseUrl}${path}`, {
    // A sign-in step answers with a redirect: its status is what is checked.
    redirect: 'manual',
    headers: { accept: 'text/event-stream, */*', ...headersOf(role) },
    signal: controller.signal,
  });
  controller.abort();
  return answer.status;
}

async function pairScreen(cookie: string, screenId: number): Promise<string> {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/backend/solicitaCodigoTv',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: {},
  });
  const requestCookie = asked.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const code = asked.json().data.codigo as string;
  const paired = await t.call('pareiaTelaTvAdmin', { idTela: screenId, codigo: code }, { cookie });
  expect(paired.statusCode, paired.body).toBe(200);
  const collected = await t.app.inject({
    method: 'POST',
    url: '/backend/consultaPareamentoTv',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      cookie: requestCookie,
    },
    payload: { codigo: code },
  });
  expect(collected.statusCode, collected.body).toBe(200);
  return collected.json().data.tokenTela as string;
}

async function newScreen(cookie: string): Promise<{ id: number; token: string; imagePath: string }> {
  const saved = await t.call(
    'salvaTelaTvAdmin',
    {
      nome: `Tela ${Math.random()}`,
      idsGrupos: [],
      segundosPorSlide: 10,
      flComunicados: 'N',
      flPublicacoes: 'S',
      qtdPublicacoes: 5,
      flAniversariantes: 'N',
    },
    { cookie },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const id = saved.json().data.idTela as number;
  const token = await pairScreen(cookie, id);
  const content = await t.app.inject({
    method: 'POST',
    url: '/backend/consultaConteudoTv',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    payload: {},
  });
  const slide = (content.json().data.slides as { urlImagem?: string | null }[]).find((s) => s.urlImagem);
  return { id, token, imagePath: slide!.urlImagem! };
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { TV_MAX_DEVICE_CALLS_PER_MINUTE: '1000' } });
  const { db } = t.database;
  const company = await makeCompany(db);
  const { companyId } = company;
  companyIdOfRoutes = companyId;
  const [employeePerson, lostPerson, reader, users] = await Promise.all([
    makePerson(db, { companyId, permissions: employeePermissions, groupIds: [company.defaultGroupId] }),
    makePerson(db, { companyId, permissions: employeePermissions, groupIds: [company.defaultGroupId] }),
    makePerson(db, { companyId, administrator: { [AdminPermission.corporateTv]: 'L' } }),
    makePerson(db, { companyId, administrator: { [AdminPermission.users]: 'E' } }),
  ]);
  master = await t.signIn(company.master.email, factoryPassword);
  [employee, lostChat] = await Promise.all([
    signInForChat(t, employeePerson.email, factoryPassword),
    signInForChat(t, lostPerson.email, factoryPassword),
  ]);
  // The chat permission taken away after sign-in: the old chat token must open nothing.
  await db
    .delete(userPermissions)
    .where(and(eq(userPermissions.userId, lostPerson.id), eq(userPermissions.permission, Permission.chat)));
  [tvReader, usersAdmin] = await Promise.all([
    t.signIn(reader.email, factoryPassword),
    t.signIn(users.email, factoryPassword),
  ]);
  // A wall publication with a picture (the publications area's multipart call).
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const published = await t.callMultipart('salvaPublicacaoAdmin', {
    cookie: master,
    fields: { flMural: 'S', acao: 'PUBLICAR', texto: 'Com foto' },
    files: [{ field: 'arquivo', name: 'foto.png', type: 'image/png', body: picture }],
  });
  expect(published.statusCode, published.body).toBe(200);
  chatUrl = await listenForChat(t);
  baseUrl = chatUrl.replace(/^ws/, 'http').replace(/\/backend\/chat$/, '');
  const kept = await newScreen(master);
  screenToken = kept.token;
  signedPath = kept.imagePath;
  mediaPath = `/backend/midia/${signedPath.slice('/backend/tv/midia/'.length).split('?')[0]}`;
  const revoked = await newScreen(master);
  revokedSignedPath = revoked.imagePath;
  const revoke = await t.call('revogaTelaTvAdmin', { idTela: revoked.id }, { cookie: master });
  expect(revoke.statusCode, revoke.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('every GET route of the API is declared', () => {
  it('lists no route under /backend that is neither a declared download nor a declared route', () => {
    const declared = [
      ...Object.values(routes).map((route) => route.path),
      ...Object.values(downloads).map((download) => `/backend${download.path}`),
    ];
    const found = t.app.registeredRoutes
      .filter((route) => route.methods.includes('GET') && route.url.startsWith('/backend'))
      .map((route) => route.url);
    expect(found.length).toBeGreaterThan(4);
    const undeclared = found.filter(
      (path) =>
        !declared.some((pattern) => {
          const regex = new RegExp(
            `^${pattern
              .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
              .replace(/\\\*$|\*$/, '.*')
              .replace(/:\w+/g, '[^/]+')}$`,
          );
          return regex.test(path) || pattern === path;
        }),
    );
    expect(undeclared).toEqual([]);
  });
});

// Written by hand: what each role gets from each declared route (the file routes' record rules
// included: a revoked screen's files are the preview's only).
const expected: Record<Exclude<RouteName, 'socketChat'>, Partial<Record<Role, number>>> = {
  midia: { visitor: 401, employee: 200, tvReader: 200, usersAdmin: 200, screen: 401 },
  midiaTv: { visitor: 200, employee: 200, tvReader: 200, usersAdmin: 200, screen: 200 },
  eventosNotificacoes: { visitor: 401, employee: 200, tvReader: 200, usersAdmin: 200, screen: 401 },
  eventosTv: { visitor: 401, employee: 401, tvReader: 401, usersAdmin: 401, screen: 200 },
  // Single sign-on's public steps: a company without it sends everyone back to the login page.
  inicioSso: { visitor: 303, employee: 303, tvReader: 303, usersAdmin: 303, screen: 303 },
  retornoOidcSso: { visitor: 303, employee: 303, tvReader: 303, usersAdmin: 303, screen: 303 },
  metadadosSamlSso: { visitor: 200, employee: 200, tvReader: 200, usersAdmin: 200, screen: 200 },
};
const revokedScreenFile: Record<Role, number> = {
  visitor: 404,
  employee: 404,
  tvReader: 200,
  usersAdmin: 404,
  screen: 404,
};

describe('each declared route as every role', () => {
  const roles: Role[] = ['visitor', 'employee', 'tvReader', 'usersAdmin', 'screen'];
  const pathOf = (name: keyof typeof expected) =>
    name === 'midia'
      ? mediaPath
      : name === 'midiaTv'
        ? signedPath
        : routes[name].path.replace(':idEmpresa', String(companyIdOfRoutes));

  it.each(Object.keys(expected) as (keyof typeof expected)[])(
    '%s answers each role as the table says',
    async (name) => {
      const answers = Object.fromEntries(
        await Promise.all(roles.map(async (role) => [role, await statusOf(pathOf(name), role)] as const)),
      );
      expect(answers).toEqual(expected[name]);
    },
  );

  it("serves a revoked screen's files to the corporate TV preview only, and a tampered address to nobody", async () => {
    const answers = Object.fromEntries(
      await Promise.all(roles.map(async (role) => [role, await statusOf(revokedSignedPath, role)] as const)),
    );
    expect(answers).toEqual(revokedScreenFile);
    const tampered = signedPath.replace(/sig=[^&]+/, 'sig=AAAA');
    for (const role of roles) expect(await statusOf(tampered, role), role).toBe(404);
  });

  it('opens the chat socket to a chat token with the chat permission only', async () => {
    const allowed = await ChatClient.connect(chatUrl, employee.tokenChat);
    allowed.send({ idTipo: ChatRequestType.presence, idSala: 0, idRequisicao: 'quem' });
    const answer = await allowed.waitFor((frame) => 'idRequisicao' in frame && frame.idRequisicao === 'quem');
    expect(answer.idTipo).toBe(ChatRequestType.presence);
    allowed.close();
    const lost = await ChatClient.connect(chatUrl, lostChat.tokenChat);
    lost.send({ idTipo: ChatRequestType.ping });
    expect((await lost.waitForClose()).code).toBe(ChatCloseCode.forbidden);
    const unknown = await ChatClient.connect(chatUrl, 'x'.repeat(43));
    unknown.send({ idTipo: ChatRequestType.ping });
    expect((await unknown.waitForClose()).code).toBe(ChatCloseCode.session);
  });
});
