import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { importColumns } from '@elo/contract/calls/user-import';
import { calls, downloads, type CallName } from '@elo/contract/calls/registry';
import { downloadUrl, type CallDefinition, type DownloadDefinition } from '@elo/contract/define-call';
import { employeePermissions } from '@elo/contract/enums';
import { factoryPassword, makePerson } from '../../test/factories.ts';
import { createTestApp, type MultipartFile, type TestApp } from '../../test/harness.ts';
import {
  idFieldKinds,
  kindOfType,
  notRows,
  pngOf,
  pushEndpointsAllow,
  seedEveryKind,
  type SeededCompany,
} from '../../test/tenant-fixture.ts';
import { companyFingerprint, crossCompanyReferences, storedKeysOf } from '../../test/tenant-snapshot.ts';
import { fieldKeys, fileField, validInput, type FieldHint } from '../../test/valid-input.ts';

/**
 * Tenant isolation, call by call: every call of the registry and every download is made by
 * company B's master (every administration permission at E), B's employee and B's paired TV
 * screen, with a body its schema accepts (built from the schema, `valid-input.ts`) whose every id
 * names a row of company A. Each handler runs past validation and must answer without any of A's
 * words and change nothing of A's (every tenant table compared before and after).
 */

/** Search fields look for A's word (its rows hold `Segredo…`; the word alone is no secret). */
const searchFields = new Set(['busca', 'nomeUsuario']);

/**
 * Calls whose every generated body ends in a 422 on a field naming none of A's rows (verdict
 * `other`), with the reason. The check below fails when one of them gets through, so the list
 * cannot outlive its reason.
 */
const unreachable: Record<string, string> = {
  validaCodigoSms:
    'Public, no id in its body. Its handler answers 422 on codigoSms unless `login` has a first ' +
    'access pending with a live SMS challenge, whose code only the SMS carries (stored hashed). ' +
    'The body passes the schema and the handler runs, but always ends in that 422.',
};

interface Role {
  name: string;
  headers: Record<string, string>;
  may: (call: Pick<CallDefinition, 'audience'>) => boolean;
}

/**
 * What an answer shows of the handler. The body passed the call's schema (checked before it is
 * sent), so a 422 is the handler's own: `ran` (anything but 422), `refused` (a 422 only on fields
 * holding A's ids: the handler looked them up and turned A's rows down), or `other` (a 422 on
 * another field: a rule of the handler the body does not meet, so the ids may not have been looked at).
 */
type Verdict = 'ran' | 'refused' | 'other';

/** One request of the pass and what came back. */
interface Sent {
  call: string;
  role: string;
  variant: string;
  status: number;
  verdict: Verdict;
  /** A 422's field errors. */
  errors?: string;
}

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let roles: Role[];
let importFile: Buffer;
const images = new Map<string, Buffer>();

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { PUSH_ENDPOINTS_ALLOW: pushEndpointsAllow } });
  a = await seedEveryKind(t, { label: 'A' });
  // B's posts hold the generated texts.
  b = await seedEveryKind(t, { label: 'B', maxPostChars: 500 });
  const { db } = t.database;
  const employee = await makePerson(db, {
    companyId: b.companyId,
    permissions: employeePermissions,
    groupIds: [b.rows.group],
    canPost: true,
  });
  const may =
    (...audiences: string[]) =>
    (call: Pick<CallDefinition, 'audience'>) =>
      audiences.includes(call.audience);
  roles = [
    { name: "B's master", headers: { cookie: b.masterCookie }, may: may('public', 'user', 'admin') },
    {
      name: "B's employee",
      headers: { cookie: await t.signIn(employee.email, factoryPassword) },
      may: may('public', 'user'),
    },
    { name: "B's TV screen", headers: { authorization: `Bearer ${b.deviceToken}` }, may: may('device') },
  ];
  // The import names A's person by matricula: B's import must not find them.
  const row: Record<string, string> = {
    matricula: a.matricula,
    nome: 'Pessoa B',
    tipoLogin: 'MATRICULA',
    dtNascimento: '1990-05-10',
  };
  const cells = importColumns.map((column) => row[column] ?? '');
  importFile = Buffer.from(`${importColumns.join(',')}\r\n${cells.join(',')}`);
  images.set('banners', await pngOf(1920, 1080));
  images.set('posts', await pngOf(800, 450));
  images.set('other', await pngOf(260, 260));
}, 240_000);
afterAll(() => t.close());

/** Ids of A in the fields `ofA` names (every id field when not given), B's own rows in the others. */
function hintOf(ofA?: (key: string) => boolean): FieldHint {
  return ({ key, siblings }) => {
    if (searchFields.has(key)) return ['Segredo'];
    const kind = key === 'id' ? kindOfType[String(siblings.tipo)] : idFieldKinds[key];
    if (!kind) return undefined;
    const id = (!ofA || ofA(key) ? a : b).rows[kind];
    return [[id], id];
  };
}

/** The file a multipart call's file field gets: what its kind of media takes. */
function fileFor(call: CallDefinition, field: string): MultipartFile {
  if (call.mediaKind === null) return { field, name: 'pessoas.csv', type: 'text/csv', body: importFile };
  const body = images.get(call.mediaKind ?? '') ?? images.get('other')!;
  return { field, name: 'imagem.png', type: 'image/png', body };
}

/** How full a body is: the smallest or every field, with or without its files. */
interface Shape {
  fill: 'needed' | 'all';
  files: boolean;
}
const shapes: Shape[] = [
  { fill: 'needed', files: true },
  { fill: 'all', files: true },
  { fill: 'needed', files: false },
  { fill: 'all', files: false },
];

/** A body of a shape; `omit` leaves fields out where the schema allows. */
function bodyOf(call: CallDefinition, shape: Shape, hint: FieldHint, omit?: Set<string>) {
  const made = validInput(call.input, { hint, form: call.multipart, fill: shape.fill, omit });
  expect(made.issues, `${call.name}: the generated body`).toEqual([]);
  const body = { ...(made.value as Record<string, unknown>) };
  for (const key of Object.keys(body)) if (body[key] === fileField && !shape.files) delete body[key];
  return body;
}

/** The id fields a body fills (each names a row). */
function idFieldsOf(body: Record<string, unknown>, call: CallDefinition): string[] {
  const keys = [...fieldKeys(call.input)].filter((key) => key in idFieldKinds || key === 'id');
  const text = JSON.stringify(body);
  return keys.filter((key) => text.includes(`"${key}":`));
}

/** The record's own id a body may leave out (idPesquisa of salvaPesquisa): without it, B creates. */
function ownIdFields(call: CallDefinition, body: Record<string, unknown>): Set<string> {
  const shape = (call.input._zod.def as { shape?: Record<string, z.core.$ZodType> }).shape ?? {};
  return new Set(
    Object.keys(shape).filter(
      (key) =>
        /^id[A-Z]/.test(key) &&
        key in idFieldKinds &&
        body[key] !== undefined &&
        z.safeParse(shape[key]!, undefined).success,
    ),
  );
}

/** Makes a call the way the portal does: JSON, or multipart with its file parts. */
function send(
  call: CallDefinition,
  role: Role,
  body: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  if (!call.multipart) {
    return t.app.inject({
      method: 'POST',
      url: `/backend/${call.name}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...role.headers },
      payload: JSON.stringify(body),
    });
  }
  const fields: Record<string, string> = {};
  const parts: MultipartFile[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === fileField) parts.push(fileFor(call, key));
    else if (value !== undefined) fields[key] = String(value);
  }
  return t.callMultipart(call.name, { cookie: role.headers.cookie, fields, files: parts });
}

/** Whether an answer holds anything of A's: a word of its rows, an e-mail, a file address. */
function secretsIn(body: string): string[] {
  return a.secrets.filter((secret) => body.includes(secret));
}

// doLogout ends the session it is sent with: it goes last.
const callNames = (Object.keys(calls) as CallName[]).sort(
  (x, y) => Number(x === 'doLogout') - Number(y === 'doLogout'),
);
const record: Sent[] = [];

/** Sends one request, checks the answer holds nothing of A's, and records what the handler did. */
async function attempt(
  sent: Omit<Sent, 'status' | 'verdict' | 'errors'>,
  request: () => Promise<LightMyRequestResponse>,
  fieldsOfA: string[],
  body: Record<string, unknown> = {},
): Promise<Verdict> {
  const answer = await request();
  const label = `${sent.call} as ${sent.role} (${sent.variant}): ${answer.body.slice(0, 400)}`;
  expect(answer.statusCode, label).toBeLessThan(500);
  expect(secretsIn(answer.body), label).toEqual([]);
  // The role's session or device token held: the answer is the handler's, not the sign-in's.
  const json = answer.headers['content-type']?.toString().startsWith('application/json');
  const code = json ? (answer.json() as { error_code?: string }).error_code : undefined;
  expect(['SESSION_EXPIRED', 'TV_NAO_AUTORIZADA'], label).not.toContain(code);
  let verdict: Verdict = 'ran';
  let errors: string | undefined;
  if (answer.statusCode === 422) {
    const fields = Object.keys((answer.json() as { errors?: object }).errors ?? {});
    errors = fields.join(', ');
    // An error on `regras` holds for the ids inside it (regras.0.idUnidade).
    const onA = (field: string) => {
      const inside = JSON.stringify(body[field.split('.')[0]!]) ?? '';
      const parts = field.split('.');
      return fieldsOfA.some((key) => parts.includes(key) || inside.includes(`"${key}":`));
    };
    verdict = fields.length > 0 && fields.every(onA) ? 'refused' : 'other';
  }
  record.push({ ...sent, status: answer.statusCode, verdict, errors });
  return verdict;
}

const describeShape = (shape: Shape) =>
  `${shape.fill === 'all' ? 'every field' : 'smallest'}${shape.files ? '' : ', no file'}`;

/**
 * Makes a call as a role: first every id naming A, in the first shape that gets through; then, in
 * that shape, each id field alone naming A (the others B's rows), and the body without the
 * record's own id (B creating something that names A's rows).
 */
async function aimCall(call: CallDefinition, role: Role): Promise<void> {
  const who = { call: call.name, role: role.name };
  const tried = shapes.filter((shape) => call.multipart || shape.files);
  let chosen: Shape | undefined;
  for (const shape of tried) {
    const body = bodyOf(call, shape, hintOf());
    const variant = `every id of A, ${describeShape(shape)}`;
    const verdict = await attempt(
      { ...who, variant },
      () => send(call, role, body),
      idFieldsOf(body, call),
      body,
    );
    if (verdict !== 'other') {
      chosen = shape;
      break;
    }
  }
  if (!chosen) return;
  const body = bodyOf(call, chosen, hintOf());
  const fields = idFieldsOf(body, call);
  for (const field of fields.length > 1 ? fields : []) {
    const one = bodyOf(
      call,
      chosen,
      hintOf((key) => key === field),
    );
    const variant = `only ${field} of A`;
    if ((await attempt({ ...who, variant }, () => send(call, role, one), [field], one)) !== 'other') continue;
    // A 422 on another field (membros for usuariosParticipantes): it is A's id the handler turned
    // down when the same body with B's own rows there gets through.
    const own = bodyOf(
      call,
      chosen,
      hintOf(() => false),
    );
    const control = `every id of B (control of ${variant})`;
    if ((await attempt({ ...who, variant: control }, () => send(call, role, own), [], own)) !== 'ran')
      continue;
    record.find(
      (item) => item.call === call.name && item.role === role.name && item.variant === variant,
    )!.verdict = 'refused';
  }
  const own = ownIdFields(call, body);
  if (own.size === 0) return;
  const created = bodyOf(call, chosen, hintOf(), own);
  const variant = `without ${[...own].join(', ')}`;
  await attempt({ ...who, variant }, () => send(call, role, created), idFieldsOf(created, call), created);
}

/** Fetches a download as a role: every id naming A, then each id field alone naming A. */
async function aimDownload(download: DownloadDefinition, role: Role): Promise<void> {
  const fetch = (hint: FieldHint) => {
    const params = validInput(download.input, { hint, form: true });
    expect(params.issues, download.name).toEqual([]);
    const url = downloadUrl(download, {
      ...(params.value as Record<string, string>),
      formato: download.formats[0],
    });
    return {
      params: params.value as Record<string, unknown>,
      request: () => t.app.inject({ method: 'GET', url, headers: role.headers }),
    };
  };
  const who = { call: download.name, role: role.name };
  const every = fetch(hintOf());
  const fields = Object.keys(every.params).filter((key) => key in idFieldKinds);
  await attempt({ ...who, variant: 'every id of A, smallest' }, every.request, fields);
  for (const field of fields.length > 1 ? fields : []) {
    await attempt({ ...who, variant: `only ${field} of A` }, fetch(hintOf((key) => key === field)).request, [
      field,
    ]);
  }
}

describe('another company’s calls, each with a valid body naming company A’s rows', () => {
  it('names a row of A for every id field of the contract', () => {
    const keys = new Set<string>();
    for (const call of [...Object.values(calls), ...Object.values(downloads)]) fieldKeys(call.input, keys);
    const idLike = [...keys].filter((key) => /^ids?[A-Z]/.test(key) || key === 'membros');
    expect(idLike.filter((key) => !(key in idFieldKinds) && !notRows.has(key))).toEqual([]);
  });

  it('aims at rows that are there: A’s own people find them with the same bodies', async () => {
    const found = new Set<string>();
    const named = new Set<string>();
    for (const name of callNames) {
      const call = calls[name] as CallDefinition;
      if (call.mode !== 'read' || call.multipart || !['user', 'admin'].includes(call.audience)) continue;
      const body = validInput(call.input, { hint: hintOf() }).value as Record<string, unknown>;
      const kinds = Object.keys(body).flatMap((key) => (idFieldKinds[key] ? [idFieldKinds[key]] : []));
      kinds.forEach((kind) => named.add(kind));
      const cookie = call.audience === 'admin' ? a.masterCookie : a.personCookie;
      const answer = await t.call(name, body, { cookie });
      if (secretsIn(answer.body).length > 0) kinds.forEach((kind) => found.add(kind));
    }
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((kind) => !found.has(kind))).toEqual([]);
    // A's files are served to A's own people at the addresses B is refused below.
    const unserved: string[] = [];
    for (const key of await storedKeysOf(t, a.companyId)) {
      const served = await Promise.all(
        [a.masterCookie, a.personCookie].map((cookie) =>
          t.app.inject({ method: 'GET', url: `/backend/midia/${key}`, headers: { cookie } }),
        ),
      );
      if (!served.some((answer) => answer.statusCode === 200)) unserved.push(key);
    }
    expect(unserved).toEqual([]);
  });

  it('answers every call without A’s data and changes none of A’s rows', { timeout: 900_000 }, async () => {
    const before = await companyFingerprint(t, a.companyId);
    const keys = await storedKeysOf(t, a.companyId);
    expect(keys.length).toBeGreaterThan(3);
    // Downloads first: doLogout, the last call, ends the sessions.
    for (const download of Object.values(downloads) as DownloadDefinition[]) {
      for (const role of roles.filter((item) => item.may(download))) await aimDownload(download, role);
    }
    // A's files (a banner, a survey header, an answer's file, a ticket's attachment) by their address.
    for (const key of keys) {
      for (const role of roles.filter((item) => item.headers.cookie)) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/backend/midia/${key}`,
          headers: role.headers,
        });
        expect(answer.statusCode, `${key} as ${role.name}`).toBe(404);
      }
    }
    for (const name of callNames) {
      const call = calls[name] as CallDefinition;
      for (const role of roles.filter((item) => item.may(call))) await aimCall(call, role);
    }
    expect(await companyFingerprint(t, a.companyId)).toEqual(before);
    const references = await crossCompanyReferences(t);
    expect(references.checked).toBeGreaterThan(10);
    expect(references.found).toEqual([]);
    const missing: string[] = [];
    for (const key of keys) await t.storage.read(key).catch(() => missing.push(key));
    expect(missing).toEqual([]);
  });

  it('gets past validation into every handler, as every role that may make the call', () => {
    const names = [...callNames, ...Object.keys(downloads)];
    // Per call and role: did any body with every id of A get through (ran, or refused A's ids)?
    const through = new Map<string, boolean>();
    for (const item of record.filter((entry) => entry.variant.startsWith('every id of A'))) {
      const pair = `${item.call} | ${item.role}`;
      through.set(pair, (through.get(pair) ?? false) || item.verdict !== 'other');
    }
    const stopped = [...through].filter(([, passed]) => !passed).map(([pair]) => pair.split(' | ')[0]!);
    const made = new Set(record.map((item) => item.call));
    const ran = new Set(
      record
        .filter((item) => item.verdict === 'ran' && !item.variant.includes(' of B'))
        .map((item) => item.call),
    );
    if (process.env.CROSS_COMPANY_REPORT) {
      const lines = record.map(
        (item) =>
          `${item.status} ${item.verdict} ${item.call} | ${item.role} | ${item.variant} ${item.errors ?? ''}`,
      );
      const only422 = names.filter((name) => !ran.has(name)).join(', ');
      const counts = `${names.length - new Set(stopped).size} of ${names.length} through, ${ran.size} answered other than 422 (not: ${only422})`;
      console.log(`${lines.join('\n')}\n${counts}`);
    }
    // Every call and download was made, by at least one role; all got through but the listed ones.
    expect(names.filter((name) => !made.has(name))).toEqual([]);
    expect([...new Set(stopped)].sort()).toEqual(Object.keys(unreachable).sort());
    // Each id field alone, and the bodies without their own id, get through as well.
    expect(record.filter((item) => item.verdict === 'other' && !item.variant.startsWith('every'))).toEqual(
      [],
    );
  });
});
