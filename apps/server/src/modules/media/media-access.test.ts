import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatFileType } from '@elo/contract/chat';
import { AdminPermission, Permission } from '@elo/contract/enums';
import { chatAttachments } from '../../db/schema/all.ts';
import { createDiskStorage } from '../../platform/storage/media-storage.ts';
import {
  factoryPassword,
  makeCompany,
  makeGroup,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type MultipartFile, type TestApp } from '../../test/harness.ts';
import { blankPng } from '../../test/png-builder.ts';

let t: TestApp;
let companyId: number;
let master: string;
/** The people of the company, signed in (their session cookies). */
const as: Record<
  'author' | 'member' | 'outsider' | 'postsReader' | 'surveysReader' | 'otherAdmin' | 'stranger',
  string
> = {} as never;
let teamGroupId: number;
let memberId: number;
let authorId: number;

const everyEmployeePermission = [Permission.publishTimeline, Permission.chat, Permission.surveys];

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const db = t.database.db;
  const company = await makeCompany(db);
  companyId = company.companyId;
  teamGroupId = await makeGroup(db, { companyId, name: 'Diretoria' });
  const person = (options: Partial<Parameters<typeof makePerson>[1]> = {}) =>
    makePerson(db, { companyId, permissions: everyEmployeePermission, ...options });
  const people: Record<keyof typeof as, MadePerson> = {
    author: await person({ groupIds: [company.defaultGroupId, teamGroupId], canPost: true }),
    member: await person({ groupIds: [company.defaultGroupId, teamGroupId] }),
    outsider: await person({ groupIds: [company.defaultGroupId] }),
    postsReader: await person({
      groupIds: [company.defaultGroupId],
      administrator: { [AdminPermission.publications]: 'L' },
    }),
    surveysReader: await person({
      groupIds: [company.defaultGroupId],
      administrator: { [AdminPermission.surveys]: 'L' },
    }),
    otherAdmin: await person({
      groupIds: [company.defaultGroupId],
      administrator: { [AdminPermission.users]: 'E', [AdminPermission.groups]: 'E' },
    }),
    stranger: await makeCompany(db).then(({ master: other }) => other),
  };
  memberId = people.member.id;
  authorId = people.author.id;
  master = await t.signIn(company.master.email, factoryPassword);
  for (const [role, made] of Object.entries(people)) {
    as[role as keyof typeof as] = await t.signIn(made.email, factoryPassword);
  }
});
afterAll(() => t.close());

/** Reads a media URL as a person (no cookie: signed out). */
const read = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The status each person gets for a URL, by role. */
async function statusesOf(url: string, roles: (keyof typeof as)[]) {
  const entries = await Promise.all(
    roles.map(async (role) => [role, (await read(url, as[role])).statusCode] as const),
  );
  return Object.fromEntries(entries);
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();

/** Files stored for the company, however deep. */
async function storedFiles(): Promise<number> {
  const folder = path.join(t.dataDir, 'media', String(companyId));
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

/** Chat attachments recorded for the company. */
async function attachmentCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(chatAttachments)
    .where(eq(chatAttachments.companyId, companyId));
  return row!.total;
}

/** A chat group of the author and the member (the outsider is not in it). */
async function chatRoom(): Promise<number> {
  const response = await t.call(
    'insereGrupoChat',
    { nomeGrupo: 'Projeto', membros: [memberId] },
    { cookie: as.author },
  );
  expect(response.statusCode).toBe(200);
  return response.json().data.idSala;
}

const attach = (cookie: string, fields: Record<string, string>, file: MultipartFile) =>
  t.callMultipart('enviaAnexoChat', { cookie, fields, files: [file] });

describe('who may read a stored file', () => {
  it('a chat attachment: only the members of its room', async () => {
    const room = await chatRoom();
    const response = await attach(
      as.author,
      { idSala: String(room) },
      { name: 'ata.pdf', type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    expect(response.statusCode).toBe(200);
    const url = response.json().data.anexo.urlArquivo;
    expect(await statusesOf(url, ['author', 'member', 'outsider', 'otherAdmin', 'stranger'])).toEqual({
      author: 200,
      member: 200,
      outsider: 404,
      otherAdmin: 404,
      stranger: 404,
    });
    expect((await read(url)).statusCode).toBe(401);
  });

  it("a chat group's image: its members, once the group is made with it", async () => {
    const image = await attach(as.author, {}, { name: 'grupo.png', type: 'image/png', body: await png() });
    const url = image.json().data.anexo.urlArquivo;
    // Before the group exists, the image is its uploader's alone.
    expect(await statusesOf(url, ['author', 'member'])).toEqual({ author: 200, member: 404 });
    const created = await t.call(
      'insereGrupoChat',
      { nomeGrupo: 'Com imagem', membros: [memberId], urlImagemGrupo: url },
      { cookie: as.author },
    );
    expect(created.statusCode).toBe(200);
    expect(await statusesOf(url, ['author', 'member', 'outsider'])).toEqual({
      author: 200,
      member: 200,
      outsider: 404,
    });
  });

  it('a timeline media: the members of its groups, its author and publication administrators', async () => {
    const published = await t.callMultipart('publicaPostagemTimeline', {
      cookie: as.author,
      fields: { idAppTipoMensagem: '3', idsGrupos: String(teamGroupId) },
      files: [{ name: 'foto.jpg', type: 'image/jpeg', body: await jpeg(800, 600) }],
    });
    expect(published.statusCode).toBe(200);
    const url = published.json().data.postagem.midia.url;
    expect(
      await statusesOf(url, ['author', 'member', 'outsider', 'postsReader', 'otherAdmin', 'stranger']),
    ).toEqual({
      author: 200,
      member: 200,
      outsider: 404,
      postsReader: 200,
      otherAdmin: 404,
      stranger: 404,
    });
  });

  it("a draft post's media: its author and publication administrators only", async () => {
    const drafted = await t.callMultipart('publicaPostagemTimeline', {
      cookie: as.author,
      fields: { idAppTipoMensagem: '3', idsGrupos: String(teamGroupId), flRascunho: 'S' },
      files: [{ name: 'rascunho.jpg', type: 'image/jpeg', body: await jpeg(800, 600) }],
    });
    expect(drafted.statusCode).toBe(200);
    const url = drafted.json().data.postagem.midia.url;
    expect(await statusesOf(url, ['author', 'member', 'postsReader'])).toEqual({
      author: 200,
      member: 404,
      postsReader: 200,
    });
  });

  it("a survey answer's file: its author and survey administrators; the header: everyone", async () => {
    const header = await t.callMultipart('enviaImagemCabecalhoPesquisa', {
      cookie: master,
      files: [{ name: 'capa.png', type: 'image/png', body: await jpeg(600, 150) }],
    });
    expect(header.statusCode).toBe(200);
    const day = 86_400_000;
    const saved = await t.call(
      'salvaPesquisa',
      {
        titulo: 'Comprovantes',
        corPrincipal: '#0f766e',
        corFundo: '#ffffff',
        idsGrupos: [teamGroupId],
        idMidiaCabecalho: header.json().data.idMidia,
        dtInicioPesquisa: new Date(Date.now() - day).toISOString(),
        dtFimPesquisa: new Date(Date.now() + day).toISOString(),
        limitarAUmaResposta: true,
        desabilitarSalvamentoAutomatico: false,
        flAnonima: 'N',
        flQuiz: 'N',
        questoes: [{ titulo: 'Envie o comprovante', tipoQuestao: 4, formatosUploadPermitidos: ['PDF'] }],
      },
      { cookie: master },
    );
    expect(saved.statusCode).toBe(200);
    const survey = saved.json().data.pesquisa;
    expect(
      (await t.call('publicaPesquisa', { idPesquisa: survey.idPesquisa }, { cookie: master })).statusCode,
    ).toBe(200);
    const started = await t.call(
      'inicializaRespostaPesquisa',
      { idPesquisa: survey.idPesquisa },
      { cookie: as.author },
    );
    expect(started.statusCode).toBe(200);
    const uploaded = await t.callMultipart('enviaArquivoRespostaPesquisa', {
      cookie: as.author,
      fields: {
        idPesquisa: String(survey.idPesquisa),
        idAplicacao: String(started.json().data.idAplicacao),
        idPesquisaQuestao: String(survey.questoes[0].idPesquisaQuestao),
      },
      files: [
        {
          field: 'arquivos',
          name: 'holerite.pdf',
          type: 'application/pdf',
          body: Buffer.from('%PDF-1.4\n%%EOF\n'),
        },
      ],
    });
    expect(uploaded.statusCode).toBe(200);
    const answerUrl = uploaded.json().data.midias[0].url;
    expect(
      await statusesOf(answerUrl, [
        'author',
        'member',
        'outsider',
        'surveysReader',
        'otherAdmin',
        'stranger',
      ]),
    ).toEqual({
      author: 200,
      member: 404,
      outsider: 404,
      surveysReader: 200,
      otherAdmin: 404,
      stranger: 404,
    });
    expect((await read(answerUrl, master)).statusCode).toBe(200);
    expect(await statusesOf(header.json().data.url, ['member', 'outsider', 'stranger'])).toEqual({
      member: 200,
      outsider: 200,
      stranger: 404,
    });
  });

  it('logos, profile and group photos and banners: everyone signed in to the company', async () => {
    const storage = createDiskStorage(path.join(t.dataDir, 'media'));
    const image = await png();
    for (const kind of ['branding', 'avatars', 'groups', 'banners']) {
      const key = `${companyId}/${kind}/exemplo.png`;
      await storage.put(key, image);
      const url = `/backend/midia/${key}`;
      expect(await statusesOf(url, ['outsider', 'otherAdmin', 'stranger'])).toEqual({
        outsider: 200,
        otherAdmin: 200,
        stranger: 404,
      });
      expect((await read(url)).statusCode).toBe(401);
    }
  });

  it('a file the person may read but that is no longer stored: 404, like any unknown file', async () => {
    const url = `/backend/midia/${companyId}/banners/${randomUUID()}.png`;
    const answer = await read(url, as.outsider);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error_code: 'NOT_FOUND' });
  });

  it('a file stored under uploads/ before kinds were named: the module holding it decides', async () => {
    const storage = createDiskStorage(path.join(t.dataDir, 'media'));
    const key = `${companyId}/uploads/${randomUUID()}.png`;
    const image = await png();
    await storage.put(key, image);
    const url = `/backend/midia/${key}`;
    // Held by no module: nobody's.
    expect(await statusesOf(url, ['author', 'member'])).toEqual({ author: 404, member: 404 });
    await t.database.db.insert(chatAttachments).values({
      companyId,
      uploaderId: authorId,
      storageKey: key,
      fileType: ChatFileType.image,
      mimeType: 'image/png',
      fileName: 'antiga.png',
      sizeBytes: image.length,
    });
    expect(await statusesOf(url, ['author', 'member'])).toEqual({ author: 200, member: 404 });
  });
});

describe('how a file is served', () => {
  it('gives the type of its content, never of its name, and has the browser download anything it could run', async () => {
    const room = await chatRoom();
    const cases = [
      {
        file: { name: 'foto.html', type: 'text/html', body: await png() },
        contentType: 'image/png',
        // Saved under its name, ending as what it is.
        disposition: 'inline; filename=foto.html.png',
      },
      {
        file: { name: 'nota.pdf', type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF\n') },
        contentType: 'application/pdf',
        disposition: 'inline; filename=nota.pdf',
      },
      {
        file: {
          name: 'logo.svg',
          type: 'image/svg+xml',
          body: Buffer.from(
            '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"/>',
          ),
        },
        contentType: 'application/octet-stream',
        disposition: 'attachment; filename=logo.svg',
      },
      {
        file: {
          name: 'pagina.png',
          type: 'image/png',
          body: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
        },
        contentType: 'application/octet-stream',
        disposition: 'attachment; filename=pagina.png',
      },
    ];
    for (const entry of cases) {
      const uploaded = await attach(as.author, { idSala: String(room) }, entry.file);
      expect(uploaded.statusCode).toBe(200);
      const served = await read(uploaded.json().data.anexo.urlArquivo, as.member);
      expect(served.statusCode).toBe(200);
      expect({
        name: entry.file.name,
        type: served.headers['content-type'],
        disposition: served.headers['content-disposition'],
        nosniff: served.headers['x-content-type-options'],
      }).toEqual({
        name: entry.file.name,
        type: entry.contentType,
        disposition: entry.disposition,
        nosniff: 'nosniff',
      });
      expect(served.rawPayload.equals(entry.file.body)).toBe(true);
    }
  });
});

describe('the name a file is saved under', () => {
  it('is the name a chat attachment was sent with, in any script, never its storage key', async () => {
    const room = await chatRoom();
    const saved = async (file: MultipartFile) => {
      const uploaded = await attach(as.author, { idSala: String(room) }, file);
      expect(uploaded.statusCode).toBe(200);
      const { urlArquivo, nomeArquivo } = uploaded.json().data.anexo;
      expect(nomeArquivo).toBe(file.name);
      const served = await read(urlArquivo, as.member);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-disposition']).not.toContain(urlArquivo.split('/').at(-1));
      return served.headers['content-disposition'];
    };
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    // A plain-ASCII fallback for old clients beside the exact name (RFC 6266, RFC 8187).
    expect(await saved({ name: 'Relatório de março.pdf', type: 'application/pdf', body: pdf })).toBe(
      `inline; filename="Relat?rio de mar?o.pdf"; filename*=UTF-8''Relat%C3%B3rio%20de%20mar%C3%A7o.pdf`,
    );
    expect(await saved({ name: 'Foto da equipe.JPEG', type: 'image/jpeg', body: await jpeg(40, 30) })).toBe(
      'inline; filename="Foto da equipe.JPEG"',
    );
    expect(
      await saved({ name: 'planilha', type: 'application/octet-stream', body: Buffer.from('a;b\n1;2\n') }),
    ).toBe('attachment; filename=planilha');
    // A timeline picture keeps no name: it is shown, not handed around.
    const published = await t.callMultipart('publicaPostagemTimeline', {
      cookie: as.author,
      fields: { idAppTipoMensagem: '3', idsGrupos: String(teamGroupId) },
      files: [{ name: 'foto.jpg', type: 'image/jpeg', body: await jpeg(800, 600) }],
    });
    const picture = await read(published.json().data.postagem.midia.url, as.member);
    expect(picture.headers['content-disposition']).toBe('inline');
  });
});

describe('images refused on upload', () => {
  it('refuses an image over 50 megapixels from its header, before decoding it, storing nothing', async () => {
    const before = { files: await storedFiles(), attachments: await attachmentCount() };
    const bomb = blankPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const response = await attach(as.author, {}, { name: 'enorme.png', type: 'image/png', body: bomb });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      file: ['Arquivo inválido. A imagem pode ter no máximo 50 megapixels'],
    });
    expect({ files: await storedFiles(), attachments: await attachmentCount() }).toEqual(before);

    // Just under the limit is an image like any other.
    const fine = await attach(
      as.author,
      {},
      { name: 'grande.png', type: 'image/png', body: blankPng(7_000, 7_000) },
    );
    expect(fine.statusCode).toBe(200);
    expect(fine.json().data.anexo).toMatchObject({ idTipoArquivo: ChatFileType.image });
  });
});
