import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDefinition, DownloadDefinition } from '@elo/contract/define-call';
import { calls, downloads, type CallName, type DownloadName } from '@elo/contract/calls/registry';
import {
  employeePermissions,
  Permission,
  PostType,
  SurveyQuestionType,
  SurveyUploadFormat,
  type AdminPermissionCode,
} from '@elo/contract/enums';
import { isErrorCode } from '@elo/contract/errors';
import {
  downloadUrlArbitrary,
  inputArbitrary,
  multipartArbitrary,
  type FuzzFile,
} from './contract-arbitrary.ts';
import { factoryPassword, makeCatalogItem, makeCompany, makePerson, makePost } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { pngChunk } from './png-builder.ts';
import { multipartParts } from '../platform/http/uploads.ts';

/**
 * Property: whatever body reaches a call (valid-ish bodies built from its contract schema, the
 * same with hostile values anywhere, or anything at all), the answer is never a 5xx, and every
 * 4xx is in the spec's error shape. JSON calls run as a full administrator, so every call gets
 * past its access check and its handler runs; multipart calls and downloads run as each role that
 * may make them, and a refused multipart request leaves the storage as it was. A failure prints
 * the seed and the body that failed; rerun with FUZZ_SEED to reproduce it.
 *
 * It runs in four files (platform/http/contract-fuzz-*.test.ts) that Vitest's workers share: the
 * JSON calls in two halves, the multipart calls, the downloads. In one file it took 120 s of one
 * worker in CI. Each file has an app and a database of its own (fuzzApp below).
 */

const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);
const runsPerCall = Number(process.env.FUZZ_RUNS ?? 40);
/** Left out besides the multipart calls (they take files): doLogout, which ends the session. */
const skipped = new Set<CallName>(['doLogout']);
/** Calls that hash passwords or send messages on every valid body: fewer runs keep the whole within minutes. */
const slowCalls = new Set<CallName>([
  'doLogin',
  'primeiroAcesso',
  'alteraSenhaEFazLogin',
  'resetaSenhaComToken',
]);
const languages = ['pt-BR', 'en', 'es'] as const;

/** A file's app, signed in as the company's full administrator, and the company's ids. */
interface FuzzApp {
  t: TestApp;
  cookie: string;
  companyId: number;
  groupId: number;
}

/** A survey of the company's default group, open now: a text, a choice and a file question. */
function surveyWithFileQuestion(groupId: number) {
  return {
    titulo: 'Pesquisa',
    idsGrupos: [groupId],
    dtInicioPesquisa: new Date(Date.now() - 86_400_000).toISOString(),
    dtFimPesquisa: new Date(Date.now() + 86_400_000).toISOString(),
    questoes: [
      { titulo: 'Aberta', tipoQuestao: SurveyQuestionType.openText },
      {
        titulo: 'Escolha',
        tipoQuestao: SurveyQuestionType.multipleChoice,
        opcoes: [{ descricao: 'Sim' }, { descricao: 'Não' }],
      },
      {
        titulo: 'Arquivo',
        tipoQuestao: SurveyQuestionType.upload,
        qtdMaximoArquivo: 3,
        formatosUploadPermitidos: [SurveyUploadFormat.image, SurveyUploadFormat.pdf],
      },
    ],
  };
}

/**
 * Registers the file's hooks: an app on a database of its own (no demo seed), a company whose
 * master is signed in, and rows for the small ids the generator favours. Filled in by beforeAll.
 */
function fuzzApp(): FuzzApp {
  const app = {} as FuzzApp;
  beforeAll(async () => {
    const t = await createTestApp({ seed: false });
    app.t = t;
    const { db } = t.database;
    const company = await makeCompany(db);
    const groupId = company.defaultGroupId;
    app.companyId = company.companyId;
    app.groupId = groupId;
    const other = await makePerson(db, {
      companyId: company.companyId,
      permissions: [Permission.chat],
      groupIds: [groupId],
    });
    const cookie = await t.signIn(company.master.email, factoryPassword);
    app.cookie = cookie;
    // Rows for the small ids the generator favours: a post with a comment, a poll, a survey, a chat group.
    const posted = await t.callMultipart('publicaPostagemTimeline', {
      cookie,
      fields: { textoPublicacao: 'Olá', idAppTipoMensagem: '1', idsGrupos: String(groupId) },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    // Polls are the administration's to publish.
    await makePost(db, {
      companyId: company.companyId,
      authorId: company.master.id,
      groupIds: [groupId],
      type: PostType.poll,
      text: 'Enquete',
      pollLabels: ['A', 'B'],
    });
    const steps = [
      t.call('insereComentario', { idMensagem: 1, texto: 'Comentário' }, { cookie }),
      t.call('salvaPesquisa', surveyWithFileQuestion(groupId), { cookie }),
      t.call('insereGrupoChat', { nomeGrupo: 'Grupo', membros: [other.id] }, { cookie }),
    ];
    for (const step of steps) {
      const response = await step;
      expect(response.statusCode, response.body).toBe(200);
    }
    const published = await t.call('publicaPesquisa', { idPesquisa: 1 }, { cookie });
    expect(published.statusCode, published.body).toBe(200);
  }, 120_000);
  afterAll(() => app.t?.close());
  return app;
}

/** Checks one answer: never a 5xx; a 4xx in the spec's error shape; a 2xx with its data. */
function checkAnswer(response: { statusCode: number; body: string; json: () => unknown }): void {
  expect(response.statusCode, response.body).toBeLessThan(500);
  const body = response.json() as Record<string, unknown>;
  if (response.statusCode < 400) {
    expect(body).toHaveProperty('data');
    return;
  }
  expect(typeof body.message, response.body).toBe('string');
  if (response.statusCode === 422) expect(body.errors, response.body).toBeTypeOf('object');
  else expect(isErrorCode(body.error_code), response.body).toBe(true);
}

/**
 * Every JSON call's fuzz, as a full administrator: the calls of one part of `parts` (every
 * parts-th call of the registry, from the part-th), each with the seed it had in one file.
 */
export function fuzzJsonCalls(part: number, parts: number) {
  const app = fuzzApp();
  const names = (Object.keys(calls) as CallName[]).filter(
    (name) => !skipped.has(name) && !calls[name].multipart,
  );
  describe(`every call, fuzzed from its contract, as a full administrator (part ${part + 1} of ${parts})`, () => {
    names.forEach((name, index) => {
      if (index % parts !== part) return;
      it(`${name} never answers 5xx`, async () => {
        const property = fc.asyncProperty(
          inputArbitrary(calls[name].input),
          fc.constantFrom(...languages),
          async (body, language) => {
            const response = await app.t.app.inject({
              method: 'POST',
              url: `/backend/${name}`,
              headers: {
                'content-type': 'application/json',
                'x-requested-with': 'XMLHttpRequest',
                'accept-language': language,
                cookie: app.cookie,
              },
              payload: JSON.stringify(body) ?? '',
            });
            checkAnswer(response);
          },
        );
        await fc.assert(property, {
          seed: seed + index,
          numRuns: slowCalls.has(name) ? Math.ceil(runsPerCall / 4) : runsPerCall,
          endOnFailure: true,
        });
      }, 120_000);
    });

    it('ran every call signed in: the session outlived the fuzz', async () => {
      const response = await app.t.call('recuperaDadosUsuarioLogado', {}, { cookie: app.cookie });
      expect(response.statusCode).toBe(200);
    });
  });
}

/** Every file stored, by its path under the media folder. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'media');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A PNG header announcing a picture of 100,000 x 100,000 pixels, with no pixels after it. */
function hugePngHeader(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an MP4 file (its ftyp box), padded with zeros. */
function mp4Head(): Buffer {
  const body = Buffer.alloc(4096);
  Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex').copy(body);
  return body;
}

/** A picture of that size in a format a browser sends. */
function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .toFormat(format)
    .toBuffer();
}

/** Someone who may make a call: a name for the report and the session to send. */
interface Role {
  name: string;
  cookie: string;
}

/**
 * The roles that may make a call or fetch a download: the company's full administrator always; an
 * administrator holding only the call's permission (at E to write, L to read); a signed-in
 * employee (with the call's permission, if any) when the audience is any signed-in person.
 */
function rolesOf(
  access: CallDefinition | DownloadDefinition,
  people: { full: Role; administrators: Map<string, Role>; employee: Role },
): Role[] {
  const { full } = people;
  if (access.audience === 'user') return [full, people.employee];
  const permission = access.permission as AdminPermissionCode;
  return [full, people.administrators.get(`${permission}:${access.mode === 'read' ? 'L' : 'E'}`)!];
}

/**
 * The multipart calls' fuzz or the downloads', as each role that may call them (each call with the
 * seed it had when both ran in one file).
 */
export function fuzzMultipartCallsOrDownloads(part: 'multipart calls' | 'downloads') {
  const app = fuzzApp();
  describe(`every one of the ${part}, fuzzed from its contract, as each role that may call it`, () => {
    const multipartNames = (Object.keys(calls) as CallName[]).filter((name) => calls[name].multipart);
    const downloadNames = Object.keys(downloads) as DownloadName[];
    const people = {
      full: { name: 'full administrator', cookie: '' },
      administrators: new Map<string, Role>(),
      employee: { name: 'employee', cookie: '' },
    };
    let files: FuzzFile[] = [];

    beforeAll(async () => {
      const { t, cookie, companyId, groupId } = app;
      const { db } = t.database;
      people.full.cookie = cookie;
      for (const access of part === 'multipart calls'
        ? multipartNames.map((call) => calls[call])
        : downloadNames.map((download) => downloads[download])) {
        if (access.audience !== 'admin') continue;
        const permission = access.permission as AdminPermissionCode;
        const status = access.mode === 'read' ? 'L' : 'E';
        const key = `${permission}:${status}`;
        if (people.administrators.has(key)) continue;
        const person = await makePerson(db, {
          companyId,
          administrator: { [permission]: status },
          groupIds: [groupId],
        });
        people.administrators.set(key, {
          name: `administrator with ${permission} at ${status} only`,
          cookie: await t.signIn(person.email, factoryPassword),
        });
      }
      const employee = await makePerson(db, {
        companyId,
        permissions: employeePermissions,
        groupIds: [groupId],
        canPost: true,
      });
      people.employee.cookie = await t.signIn(employee.email, factoryPassword);
      files = [
        { name: 'foto.png', type: 'image/png', body: await picture(20, 20) },
        { name: 'grupo.png', type: 'image/png', body: await picture(260, 260) },
        { name: 'retrato.jpg', type: 'image/jpeg', body: await picture(400, 400, 'jpeg') },
        { name: 'publicacao.png', type: 'image/png', body: await picture(800, 450) },
        { name: 'comunicado.png', type: 'image/png', body: await picture(1920, 1080) },
        { name: 'video.mp4', type: 'video/mp4', body: mp4Head() },
        {
          name: 'documento.pdf',
          type: 'application/pdf',
          body: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
        },
        { name: 'enorme.png', type: 'image/png', body: hugePngHeader() },
        { name: 'pagina.html', type: 'text/html', body: Buffer.from('<script>alert(1)</script>') },
        { name: 'pessoas.csv', type: 'text/csv', body: Buffer.from('nome;email\nAna;ana@exemplo.com\n') },
        { name: 'vazio.png', type: 'image/png', body: Buffer.alloc(0) },
      ];
      // Rows for the small ids the generator favours: an HR subject and ticket, an announcement, an
      // answer being written to the survey with a file question.
      const subjectId = await makeCatalogItem(db, { companyId, kind: 'ASSUNTO_CHAMADO', name: 'Férias' });
      const ticket = await t.callMultipart('abreChamado', {
        cookie: people.employee.cookie,
        fields: { idAssunto: String(subjectId), mensagem: 'Dúvida' },
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      const announcement = await t.callMultipart('salvaComunicadoAdmin', {
        cookie,
        fields: {
          dtInicio: new Date().toISOString(),
          dtFim: new Date(Date.now() + 86_400_000).toISOString(),
        },
        files: [{ field: 'imagem', ...files.find((file) => file.name === 'comunicado.png')! }],
      });
      expect(announcement.statusCode, announcement.body).toBe(200);
      // A survey of its own to answer: the first one is the JSON fuzz's to close or delete.
      const survey = await t.call('salvaPesquisa', surveyWithFileQuestion(groupId), { cookie });
      expect(survey.statusCode, survey.body).toBe(200);
      const idPesquisa = survey.json().data.pesquisa.idPesquisa as number;
      const published = await t.call('publicaPesquisa', { idPesquisa }, { cookie });
      expect(published.statusCode, published.body).toBe(200);
      const answering = await t.call(
        'inicializaRespostaPesquisa',
        { idPesquisa },
        { cookie: people.employee.cookie },
      );
      expect(answering.statusCode, answering.body).toBe(200);
    }, 120_000);

    /** Checks a multipart answer and the storage: a refused request keeps nothing it was sent. */
    async function checkStored(before: string[], statusCode: number, filesInFileFields: number) {
      const after = await storedFiles(app.t);
      if (statusCode >= 400) {
        expect(after, 'a refused request left files in storage').toEqual(before);
        return;
      }
      const added = after.filter((file) => !before.includes(file));
      expect(added.length, 'a success stored more files than it was sent').toBeLessThanOrEqual(
        filesInFileFields,
      );
    }

    multipartNames.forEach((name, index) => {
      if (part !== 'multipart calls') return;
      it(`${name} never answers 5xx to any multipart body, and a refused one stores nothing`, async () => {
        const call = calls[name];
        const parts = multipartParts(call);
        const requests = multipartArbitrary({
          input: call.input,
          fieldNames: parts.fieldNames,
          fileFields: new Set(parts.fileFields.keys()),
          files,
        });
        for (const [roleIndex, role] of rolesOf(call, people).entries()) {
          const property = fc.asyncProperty(
            requests,
            fc.constantFrom(...languages),
            async (request, language) => {
              const before = await storedFiles(app.t);
              const response = await app.t.app.inject({
                method: 'POST',
                url: `/backend/${name}`,
                headers: {
                  'content-type': request.contentType,
                  'x-requested-with': 'XMLHttpRequest',
                  'accept-language': language,
                  cookie: role.cookie,
                },
                payload: request.payload,
              });
              expect(response.statusCode, `as ${role.name}: ${response.body}`).not.toBe(401);
              checkAnswer(response);
              await checkStored(before, response.statusCode, request.filesInFileFields);
            },
          );
          await fc.assert(property, {
            seed: seed + 1000 + 100 * roleIndex + index,
            numRuns: runsPerCall,
            endOnFailure: true,
          });
        }
      }, 180_000);
    });

    downloadNames.forEach((name, index) => {
      if (part !== 'downloads') return;
      it(`${name} never answers 5xx to any address`, async () => {
        const download = downloads[name];
        for (const [roleIndex, role] of rolesOf(download, people).entries()) {
          const property = fc.asyncProperty(
            downloadUrlArbitrary(download),
            fc.constantFrom(...languages),
            async (url, language) => {
              const response = await app.t.app.inject({
                method: 'GET',
                url,
                headers: { 'accept-language': language, cookie: role.cookie },
              });
              expect(response.statusCode, `as ${role.name}: ${response.body}`).toBeLessThan(500);
              expect(response.statusCode, `as ${role.name}: ${response.body}`).not.toBe(401);
              if (response.statusCode < 400) {
                expect(response.headers['content-disposition']).toMatch(/^attachment; filename=/);
                return;
              }
              checkAnswer(response);
            },
          );
          await fc.assert(property, {
            seed: seed + 2000 + 100 * roleIndex + index,
            numRuns: runsPerCall,
            endOnFailure: true,
          });
        }
      }, 120_000);
    });

    it('ran as each role signed in: their sessions outlived the fuzz', async () => {
      for (const role of [people.employee, ...people.administrators.values()]) {
        const response = await app.t.call('recuperaDadosUsuarioLogado', {}, { cookie: role.cookie });
        expect(response.statusCode, role.name).toBe(200);
      }
    });
  });
}
