import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatEventType, ChatRequestType, isChatErrorFrame, type ChatServerFrame } from '@elo/contract/chat';
import { Permission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import {
  auditLog,
  chatAttachments,
  chatMessages,
  comments,
  posts,
  surveyMedia,
  surveys,
  users,
} from '../../db/schema/all.ts';
import { ChatClient, listenForChat } from '../../test/chat-client.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { encodeMultipart, postRaw } from '../../test/raw-multipart.ts';

/** Every JSON line the app logs. */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let cookie: string;
let companyId: number;
let groupId: number;
let postId: number;
let tokenChat: string;
let otherId: number;

/** What bad input must never change: rows of the tables calls write, and files in storage. */
async function written() {
  const { db } = t.database;
  const tables = { auditLog, chatAttachments, chatMessages, comments, posts, surveyMedia, surveys, users };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row!.n;
  }
  const media = await readdir(path.join(t.dataDir, 'media'), { recursive: true, withFileTypes: true });
  counts.files = media.filter((entry) => entry.isFile()).length;
  return counts;
}

/** The spec's error shapes: 422 with a field map, every other 4xx with a code. */
function expectErrorShape(response: { statusCode: number; json: () => Record<string, unknown> }) {
  const body = response.json();
  expect(typeof body.message).toBe('string');
  if (response.statusCode === 422) expect(body.errors).toBeTypeOf('object');
  else expect(body.error_code).toBeTypeOf('string');
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { LOG_LEVEL: 'info' }, logStream });
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  groupId = company.defaultGroupId;
  const signedIn = await t.call('doLogin', { login: company.master.email, senha: factoryPassword });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  cookie = `elo_session=${signedIn.cookies.find((c) => c.name === 'elo_session')!.value}`;
  tokenChat = signedIn.json().data.tokenChat;
  otherId = (await makePerson(db, { companyId, permissions: [Permission.chat], groupIds: [groupId] })).id;
  const posted = await t.callMultipart('publicaPostagemTimeline', {
    cookie,
    fields: { textoPublicacao: 'Olá', idAppTipoMensagem: '1', idsGrupos: String(groupId) },
  });
  expect(posted.statusCode, posted.body).toBe(200);
  postId = posted.json().data.postagem.idMensagem;
});
afterAll(() => t.close());

describe('text that cannot be stored as it was sent', () => {
  const hostile = {
    'a NUL character': 'antes\u0000depois',
    'a lone high surrogate': 'antes\ud800depois',
    'a lone low surrogate': '\udc00',
  };
  for (const [what, text] of Object.entries(hostile)) {
    it(`refuses ${what} in any text field with 422 on that field, and writes nothing`, async () => {
      const before = await written();
      const comment = await t.call('insereComentario', { idMensagem: postId, texto: text }, { cookie });
      expect(comment.statusCode, comment.body).toBe(422);
      expect(comment.json()).toEqual({
        message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
        errors: { texto: ['O texto contém caracteres inválidos'] },
      });
      const search = await t.call('consultaTodosUsuarios', { nomeUsuario: text }, { cookie, language: 'en' });
      expect(search.statusCode, search.body).toBe(422);
      expect(search.json().errors).toEqual({ nomeUsuario: ['The text contains invalid characters'] });
      const login = await t.call('doLogin', { login: text, senha: text }, { language: 'es' });
      expect(login.statusCode, login.body).toBe(422);
      expect(login.json().errors.login).toEqual(['El texto contiene caracteres no válidos']);
      const survey = await t.call(
        'salvaPesquisa',
        {
          titulo: 'Pesquisa',
          idsGrupos: [groupId],
          dtInicioPesquisa: new Date().toISOString(),
          dtFimPesquisa: new Date(Date.now() + 86_400_000).toISOString(),
          questoes: [{ titulo: 'Pergunta', tipoQuestao: 2, opcoes: [{ descricao: text }] }],
        },
        { cookie },
      );
      expect(survey.statusCode, survey.body).toBe(422);
      expect(Object.keys(survey.json().errors)).toEqual(['questoes.0.opcoes.0.descricao']);
      // Multipart text travels as UTF-8, where half a surrogate pair arrives as U+FFFD; a NUL arrives.
      const upload = await t.callMultipart('publicaPostagemTimeline', {
        cookie,
        fields: { textoPublicacao: 'a\u0000b', idAppTipoMensagem: '1', idsGrupos: String(groupId) },
      });
      expect(upload.statusCode, upload.body).toBe(422);
      expect(upload.json().errors).toEqual({ textoPublicacao: ['O texto contém caracteres inválidos'] });
      expect(await written()).toEqual(before);
    });
  }

  it('keeps text with characters outside the basic plane, whose surrogates come in pairs', async () => {
    const response = await t.call(
      'insereComentario',
      { idMensagem: postId, texto: 'Parabéns 🎉𝄞' },
      { cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.comentario.texto).toBe('Parabéns 🎉𝄞');
  });
});

describe('numbers and ids out of shape', () => {
  it('refuses ids past 2^31-1, negative, fractional or huge, and strings for numbers, with 422', async () => {
    const before = await written();
    for (const id of [2_147_483_648, -1, 0, 1.5, 1e20, '12', null, true, [1], { id: 1 }]) {
      for (const [name, body] of [
        ['consultaPostagem', { idMensagem: id }],
        ['excluiComentario', { idComentario: id }],
        ['reagePostagem', { idMensagem: postId, idGesto: id === null ? 'x' : id }],
        ['consultaPesquisa', { idPesquisa: id }],
        ['consultaGrupoChat', { idSala: id }],
        ['consultaPostagens', { idsGrupo: [id], idTipoIgnorar: [id] }],
        ['consultaAuditoriaAdmin', { idUsuarioAutor: id }],
      ] as const) {
        const response = await t.call(name, body, { cookie });
        expect(response.statusCode, `${name} ${JSON.stringify(body)}: ${response.body}`).toBe(422);
        expectErrorShape(response);
      }
    }
    for (const page of [2_147_483_648, 1e20, -5]) {
      const response = await t.call(
        'consultaComentarios',
        { idMensagem: postId, idPaginaAtual: page },
        { cookie },
      );
      expect(response.statusCode, response.body).toBe(422);
    }
    expect(await written()).toEqual(before);
  });

  it('refuses numbers where text goes with 422', async () => {
    const response = await t.call('insereComentario', { idMensagem: postId, texto: 42 }, { cookie });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['texto']);
  });

  it('refuses ids past 2^31-1 and NUL characters in multipart fields and download addresses with 422', async () => {
    const before = await written();
    const upload = await t.callMultipart('enviaArquivoRespostaPesquisa', {
      cookie,
      fields: { idPesquisa: '2147483648', idAplicacao: '1', idPesquisaQuestao: '1e20' },
    });
    expect(upload.statusCode, upload.body).toBe(422);
    expect(Object.keys(upload.json().errors).sort()).toEqual(['idPesquisa', 'idPesquisaQuestao']);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/backend/pesquisas/2147483648/exportacao.csv',
      headers: { cookie },
    });
    expect(exported.statusCode, exported.body).toBe(422);
    const searched = await t.app.inject({
      method: 'GET',
      url: '/backend/auditoria/exportacao.csv?busca=a%00b&idUsuarioAutor=2147483648',
      headers: { cookie },
    });
    expect(searched.statusCode, searched.body).toBe(422);
    expect(Object.keys(searched.json().errors)).toEqual(['busca']);
    expect(await written()).toEqual(before);
  });
});

describe('addresses out of shape', () => {
  it('answers an address the router cannot read, or a parameter past its length, in the error shape', async () => {
    const before = await written();
    for (const url of [
      '/backend/pesquisas/%ZZ/exportacao.csv',
      '/backend/publicacoes/%ED%A0%80/exportacao.csv?aba=curtir',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        message: 'O endereço pedido não pôde ser lido.',
        error_code: 'MALFORMED_URL',
      });
    }
    const long = await t.app.inject({
      method: 'GET',
      url: `/backend/pesquisas/${'9'.repeat(400)}/exportacao.csv`,
      headers: { cookie, 'accept-language': 'en' },
    });
    expect(long.statusCode, long.body).toBe(414);
    expect(long.json()).toEqual({
      message: 'The address asked for is too long.',
      error_code: 'URL_TOO_LONG',
    });
    expect(await written()).toEqual(before);
  });
});

describe('bodies out of shape', () => {
  it('answers JSON nested a thousand deep with 400, anywhere in the body', async () => {
    const before = await written();
    const deep = '['.repeat(1000) + ']'.repeat(1000);
    for (const payload of [deep, `{"idMensagem":${postId},"texto":${deep}}`, `{"x":${deep}}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/backend/insereComentario',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: 'A requisição não pôde ser lida: envie um JSON válido.',
        error_code: 'MALFORMED_BODY',
      });
    }
    expect(await written()).toEqual(before);
  });

  it('answers a JSON body over the limit with 413 and writes nothing', async () => {
    const before = await written();
    const response = await t.call(
      'insereComentario',
      { idMensagem: postId, texto: 'x'.repeat(limits.jsonBodyMaxBytes) },
      { cookie },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'A requisição é grande demais.',
      error_code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await written()).toEqual(before);
  });

  it('answers a file or a field a multipart call does not take with 422, storing nothing', async () => {
    const before = await written();
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const strayFile = await t.callMultipart('enviaImagemCabecalhoPesquisa', {
      cookie,
      files: [{ field: 'outro', name: 'a.png', type: 'image/png', body: png }],
    });
    expect(strayFile.statusCode, strayFile.body).toBe(422);
    expect(strayFile.json().errors).toEqual({ outro: ['Campo desconhecido'] });
    const strayField = await t.callMultipart('publicaPostagemTimeline', {
      cookie,
      fields: { textoPublicacao: 'Olá', idAppTipoMensagem: '1', idsGrupos: String(groupId), idUsuario: '1' },
    });
    expect(strayField.statusCode, strayField.body).toBe(422);
    expect(strayField.json().errors).toEqual({ idUsuario: ['Campo desconhecido'] });
    expect(await written()).toEqual(before);
  });

  it('answers a multipart file over 60 MB with 413 and the spec’s message, storing nothing', async () => {
    const before = await written();
    const response = await t.callMultipart('enviaImagemCabecalhoPesquisa', {
      cookie,
      files: [{ name: 'grande.png', type: 'image/png', body: Buffer.alloc(limits.mediaMaxBytes + 1) }],
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({
      message: 'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
      error_code: 'FILE_TOO_LARGE',
    });
    expect(await written()).toEqual(before);
  }, 60_000);

  it('answers a multipart body over its field or part limits with 413, storing nothing', async () => {
    const before = await written();
    const longField = await t.callMultipart('publicaPostagemTimeline', {
      cookie,
      fields: { textoPublicacao: 'x'.repeat(300_000), idAppTipoMensagem: '1', idsGrupos: String(groupId) },
    });
    expect(longField.statusCode, longField.body).toBe(413);
    expect(longField.json().error_code).toBe('PAYLOAD_TOO_LARGE');
    const manyParts = await t.callMultipart('publicaPostagemTimeline', {
      cookie,
      fields: { textoPublicacao: Array.from({ length: 60 }, (_, index) => `Parte ${index}`) },
    });
    expect(manyParts.statusCode, manyParts.body).toBe(413);
    expect(manyParts.json().error_code).toBe('PAYLOAD_TOO_LARGE');
    const manyFiles = await t.callMultipart('enviaArquivoRespostaPesquisa', {
      cookie,
      fields: { idPesquisa: '1', idAplicacao: '1', idPesquisaQuestao: '1' },
      files: Array.from({ length: limits.survey.uploadFilesMax + 1 }, (_, index) => ({
        field: 'arquivos',
        name: `${index}.txt`,
        type: 'text/plain',
        body: Buffer.from('x'),
      })),
    });
    expect(manyFiles.statusCode, manyFiles.body).toBe(413);
    expect(manyFiles.json().error_code).toBe('PAYLOAD_TOO_LARGE');
    expect(await written()).toEqual(before);
  });

  it('answers a multipart field named like a prototype property with 400, storing nothing', async () => {
    const before = await written();
    const response = await t.callMultipart('publicaPostagemTimeline', {
      cookie,
      fields: { toString: 'x', textoPublicacao: 'Olá', idAppTipoMensagem: '1', idsGrupos: String(groupId) },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error_code).toBe('MALFORMED_BODY');
    expect(await written()).toEqual(before);
  });
});

/** A picture of that size, as a browser would send it. */
function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

describe('multipart bodies that cannot be read', () => {
  const boundary = 'EloFronteira2026';
  const malformed = {
    message: 'O envio do arquivo não pôde ser lido: envie o formulário de novo.',
    error_code: 'MULTIPART_MALFORMED',
  };

  it('answers a malformed or truncated multipart body with 400 and a translated message, storing nothing', async () => {
    const before = await written();
    // A picture whose head identifies it, and enough after it that storing has begun when it breaks off.
    const header = Buffer.concat([await picture(20, 20), Buffer.alloc(200_000, 7)]);
    const whole = encodeMultipart(
      [{ name: 'file', fileName: 'cabecalho.png', type: 'image/png', body: header }],
      boundary,
    );
    const answerFiles = encodeMultipart(
      [
        { name: 'idPesquisa', body: '1' },
        { name: 'idAplicacao', body: '1' },
        { name: 'idPesquisaQuestao', body: '1' },
        { name: 'arquivos', fileName: 'um.png', type: 'image/png', body: header },
        { name: 'arquivos', fileName: 'dois.png', type: 'image/png', body: header },
      ],
      boundary,
    );
    const multipart = `multipart/form-data; boundary=${boundary}`;
    const cases: [string, string, string, Buffer | string][] = [
      ['no boundary', 'enviaImagemCabecalhoPesquisa', 'multipart/form-data', whole],
      ['an empty boundary', 'enviaImagemCabecalhoPesquisa', 'multipart/form-data; boundary=', whole],
      ['another boundary', 'enviaImagemCabecalhoPesquisa', 'multipart/form-data; boundary=Outra', whole],
      [
        'a boundary past 256 characters',
        'enviaImagemCabecalhoPesquisa',
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
        whole,
      ],
      ['no part at all', 'enviaImagemCabecalhoPesquisa', multipart, 'isto não é multipart'],
      [
        'cut off in a file being stored',
        'enviaImagemCabecalhoPesquisa',
        multipart,
        whole.subarray(0, 150_000),
      ],
      [
        'cut off in a part header',
        'enviaImagemCabecalhoPesquisa',
        multipart,
        whole.subarray(0, boundary.length + 30),
      ],
      [
        'cut off before its closing boundary',
        'enviaImagemCabecalhoPesquisa',
        multipart,
        whole.subarray(0, whole.length - boundary.length - 6),
      ],
      // The first file is stored whole by then: it goes when the second breaks off.
      [
        'cut off in its second file',
        'enviaArquivoRespostaPesquisa',
        multipart,
        answerFiles.subarray(0, answerFiles.length - 100_000),
      ],
    ];
    for (const [what, name, contentType, payload] of cases) {
      const response = await postRaw(t.app, name, { contentType, payload, cookie });
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(response.json(), what).toEqual(malformed);
    }
    const english = await postRaw(t.app, 'enviaImagemCabecalhoPesquisa', {
      contentType: 'multipart/form-data',
      payload: whole,
      cookie,
      language: 'en',
    });
    expect(english.json().message).toBe('The upload could not be read: send the form again.');
    const spanish = await postRaw(t.app, 'enviaImagemCabecalhoPesquisa', {
      contentType: multipart,
      payload: whole.subarray(0, 150_000),
      cookie,
      language: 'es',
    });
    expect(spanish.json().message).toBe(
      'No se pudo leer el envío del archivo: envía el formulario de nuevo.',
    );
    expect(await written()).toEqual(before);
  });
});

describe('multipart parts where the call does not take them', () => {
  let announcementId: number;

  beforeAll(async () => {
    const created = await t.callMultipart('salvaComunicadoAdmin', {
      cookie,
      fields: {
        dtInicio: new Date().toISOString(),
        dtFim: new Date(Date.now() + 86_400_000).toISOString(),
      },
      files: [
        { field: 'imagem', name: 'comunicado.png', type: 'image/png', body: await picture(1920, 1080) },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    announcementId = created.json().data.comunicado.idComunicado;
  });

  it('answers a file in a text field with 422 on that field, storing nothing', async () => {
    const before = await written();
    const png = await picture(800, 450);
    const file = (field: string) => [{ field, name: 'arquivo.png', type: 'image/png', body: png }];
    const ticket = await t.callMultipart('abreChamado', {
      cookie,
      fields: { idAssunto: '1' },
      files: file('mensagem'),
    });
    expect(ticket.statusCode, ticket.body).toBe(422);
    expect(ticket.json().errors).toEqual({ mensagem: ['Este campo não aceita arquivos'] });
    // Each of these would otherwise save, leaving the file in storage with nothing naming it.
    const announcement = await t.callMultipart('salvaComunicadoAdmin', {
      cookie,
      fields: {
        idComunicado: String(announcementId),
        dtInicio: new Date().toISOString(),
        dtFim: new Date(Date.now() + 86_400_000).toISOString(),
      },
      files: file('link'),
    });
    expect(announcement.statusCode, announcement.body).toBe(422);
    expect(announcement.json().errors).toEqual({ link: ['Este campo não aceita arquivos'] });
    const publication = await t.callMultipart('salvaPublicacaoAdmin', {
      cookie,
      fields: { texto: 'Aviso', idsGrupos: String(groupId), acao: 'PUBLICAR' },
      files: file('flMural'),
      language: 'en',
    });
    expect(publication.statusCode, publication.body).toBe(422);
    expect(publication.json().errors).toEqual({ flMural: ['This field does not take files'] });
    expect(await written()).toEqual(before);
  });

  it('answers text in a file field with 422 on that field, writing nothing', async () => {
    const before = await written();
    const photo = await t.callMultipart('enviaFotoMinhaConta', { cookie, fields: { file: 'foto.png' } });
    expect(photo.statusCode, photo.body).toBe(422);
    expect(photo.json().errors).toEqual({ file: ['Envie um arquivo neste campo'] });
    const group = await t.callMultipart('salvaGrupoAdmin', {
      cookie,
      fields: { nome: 'Grupo com foto de texto', sigla: 'GFT', foto: 'foto.png' },
      language: 'es',
    });
    expect(group.statusCode, group.body).toBe(422);
    expect(group.json().errors).toEqual({ foto: ['Envíe un archivo en este campo'] });
    expect(await written()).toEqual(before);
  });

  it('takes one file in each file field of a call with several: a second one is refused, storing nothing', async () => {
    const before = await written();
    const png = await picture(800, 450);
    const response = await t.callMultipart('salvaPublicacaoAdmin', {
      cookie,
      fields: { texto: 'Aviso', idsGrupos: String(groupId), acao: 'PUBLICAR' },
      files: [
        { field: 'arquivo', name: 'um.png', type: 'image/png', body: png },
        { field: 'arquivo', name: 'dois.png', type: 'image/png', body: png },
      ],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ arquivo: ['Envie no máximo 1 arquivo(s) de uma vez'] });
    expect(await written()).toEqual(before);
  });

  it('removes the files of a call that fails after they were stored', async () => {
    const before = await written();
    const group = await t.callMultipart('salvaGrupoAdmin', {
      cookie,
      fields: { idGrupo: '999999', nome: 'Grupo', sigla: 'GRP' },
      files: [{ field: 'foto', name: 'grupo.png', type: 'image/png', body: await picture(260, 260) }],
    });
    expect(group.statusCode, group.body).toBe(404);
    const answer = await t.callMultipart('enviaArquivoRespostaPesquisa', {
      cookie,
      fields: { idPesquisa: '999999', idAplicacao: '1', idPesquisaQuestao: '1' },
      files: [{ field: 'arquivos', name: 'resposta.png', type: 'image/png', body: await picture(20, 20) }],
    });
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(await written()).toEqual(before);
  });
});

describe('text made only of invisible characters', () => {
  const invisible = '\u200b\u200c\u200d \u2060\ufeff\n';

  it('is an empty comment: refused as required, nothing written', async () => {
    const before = await written();
    const response = await t.call('insereComentario', { idMensagem: postId, texto: invisible }, { cookie });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ texto: ['Campo obrigatório'] });
    expect(await written()).toEqual(before);
  });

  it('is an empty post: refused like one with neither text nor media, nothing written', async () => {
    const before = await written();
    const response = await t.callMultipart('publicaPostagemTimeline', {
      cookie,
      fields: { textoPublicacao: invisible, idAppTipoMensagem: '1', idsGrupos: String(groupId) },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      textoPublicacao: ['Selecione uma imagem, vídeo ou escreva uma mensagem de texto'],
    });
    expect(await written()).toEqual(before);
  });

  it('is an empty chat message: refused like an empty one, nothing written', async () => {
    const url = await listenForChat(t);
    const client = await ChatClient.connect(url, tokenChat);
    try {
      client.send({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: otherId });
      const room = await client.waitFor(
        (frame: ChatServerFrame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.roomChanged,
      );
      const before = await written();
      const { idSala } = room as { idSala: number };
      const failed = (code: string) => (frame: ChatServerFrame) =>
        isChatErrorFrame(frame) && frame.codigoErro === code;
      client.send({
        idTipo: ChatRequestType.send,
        idSala,
        idMensagemCliente: 'vazia-1',
        mensagem: invisible,
      });
      const empty = await client.waitFor(failed('VALIDATION_FAILED'));
      expect(isChatErrorFrame(empty) && empty.errors).toEqual({
        mensagem: ['Escreva uma mensagem ou anexe um arquivo'],
      });
      const from = client.frames.length;
      client.send({ idTipo: ChatRequestType.send, idSala, idMensagemCliente: 'nul-1', mensagem: 'a\u0000b' });
      const nul = await client.waitFor(failed('VALIDATION_FAILED'), { from });
      expect(isChatErrorFrame(nul) && nul.errors).toEqual({
        mensagem: ['O texto contém caracteres inválidos'],
      });
      expect(await written()).toEqual(before);
    } finally {
      client.close();
    }
  });
});

describe('a value the database refuses', () => {
  it('is answered 422, with a warning naming the SQL state, should a schema ever miss a rule', async () => {
    // A column narrower than the contract's rule stands for a rule the contract lacks.
    await t.database.db.execute(sql`alter table ${comments} alter column text type varchar(100)`);
    try {
      const before = await written();
      const texto = 'Comentário longo. '.repeat(8);
      const response = await t.call('insereComentario', { idMensagem: postId, texto }, { cookie });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({
        message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
        errors: { _body: ['Valor inválido'] },
      });
      expect(await written()).toEqual(before);
      expect(lines.some((line) => line.includes('"sqlState":"22001"') && line.includes('"level":40'))).toBe(
        true,
      );
    } finally {
      await t.database.db.execute(sql`alter table ${comments} alter column text type text`);
    }
  });
});

describe('logs of bad input', () => {
  it('carry no stack: bad input is the client’s failure, not the server’s', () => {
    expect(lines.length).toBeGreaterThan(0);
    const failures = lines.filter((line) => /"stack"|"level":50/.test(line));
    expect(failures).toEqual([]);
  });
});
