import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnexoChat } from '@elo/contract/calls/chat';
import {
  ChatEventType,
  ChatFileType,
  ChatRequestType,
  isChatErrorFrame,
  type ChatServerFrame,
  type HistoricoConversa,
  type MensagemChat,
} from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import { ChatClient, listenForChat, signInForChat, type ChatUser } from '../../test/chat-client.ts';
import { createTestApp, type MultipartFile, type TestApp } from '../../test/harness.ts';

let test: TestApp;
let url: string;
let maria: ChatUser;
let carlos: ChatUser;
let joao: ChatUser;
const open: ChatClient[] = [];

beforeAll(async () => {
  test = await createTestApp();
  url = await listenForChat(test);
  maria = await signInForChat(test, 'maria.silva@demo.elo');
  carlos = await signInForChat(test, '10002');
  joao = await signInForChat(test, 'joao@outra.elo');
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => test.close());

const data = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

async function ready(user: ChatUser) {
  const client = await ChatClient.connect(url, user.tokenChat);
  open.push(client);
  client.send({ idTipo: ChatRequestType.presence, idSala: 0 });
  await client.waitFor((frame) => frame.idTipo === ChatEventType.presence);
  return client;
}

const ok =
  <T extends number>(type: T) =>
  (frame: ChatServerFrame) =>
    !isChatErrorFrame(frame) && frame.idTipo === type;

async function pairRoom(client: ChatClient, otherId: number) {
  const from = client.frames.length;
  client.send({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: otherId });
  const frame = await client.waitFor(ok(ChatEventType.roomChanged), { from });
  return (frame as { idSala: number }).idSala;
}

/** Posts a multipart chat upload the way the portal does. */
const upload = (cookie: string, fields: Record<string, string>, file?: MultipartFile) =>
  test.callMultipart('enviaAnexoChat', { cookie, fields, files: file ? [file] : [] });

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
function opus(): Buffer {
  const bytes = Buffer.alloc(400);
  bytes.write('OggS', 0);
  bytes[5] = 2;
  bytes.write('OpusHead', 28);
  return bytes;
}

describe('consultaTodosUsuarios', () => {
  it('pages the company’s people by name, without the caller or other companies', async () => {
    const all = data<{ listUsuarios: { idUsuario: number; nome: string }[]; qtdTotalRegistros: number }>(
      await test.call('consultaTodosUsuarios', {}, { cookie: maria.cookie }),
    );
    expect(all.listUsuarios.length).toBeLessThanOrEqual(limits.pageSize.userList);
    expect(all.listUsuarios.map((person) => person.idUsuario)).not.toContain(maria.userId);
    expect(all.listUsuarios.map((person) => person.nome)).not.toContain('João Souza');
    const names = all.listUsuarios.map((person) => person.nome);
    expect([...names].sort((a, b) => a.localeCompare(b, 'pt-BR'))).toEqual(names);
    const found = data<{ listUsuarios: { nome: string }[]; qtdTotalRegistros: number }>(
      await test.call('consultaTodosUsuarios', { nomeUsuario: 'carlos' }, { cookie: maria.cookie }),
    );
    expect(found.listUsuarios.map((person) => person.nome)).toEqual(['Carlos Pereira']);
    expect(found.qtdTotalRegistros).toBe(1);
    // Case and accents are ignored, as in the administration's searches.
    const folded = data<{ listUsuarios: { nome: string }[] }>(
      await test.call('consultaTodosUsuarios', { nomeUsuario: 'NATALIA' }, { cookie: maria.cookie }),
    );
    expect(folded.listUsuarios.map((person) => person.nome)).toEqual(['Natália Cardoso']);
    const page = data<{ listUsuarios: unknown[] }>(
      await test.call(
        'consultaTodosUsuarios',
        { qtdRegistrosPorPagina: 2, idPaginaAtual: 2 },
        { cookie: maria.cookie },
      ),
    );
    expect(page.listUsuarios).toHaveLength(2);
    const tooMany = await test.call(
      'consultaTodosUsuarios',
      { qtdRegistrosPorPagina: 101 },
      { cookie: maria.cookie },
    );
    expect(tooMany.statusCode).toBe(422);
  });

  it('needs a session and the chat permission', async () => {
    expect((await test.call('consultaTodosUsuarios', {})).statusCode).toBe(401);
    const none = await test.signIn('sem.permissao@demo.elo');
    expect((await test.call('consultaTodosUsuarios', {}, { cookie: none })).statusCode).toBe(403);
  });
});

describe('consultaHistoricoConversasChat and unread counts', () => {
  it('lists the seeded conversations newest first with previews, unread counts and members', async () => {
    const { historicoConversas, idSalaPresenca } = data<{
      historicoConversas: HistoricoConversa[];
      idSalaPresenca: number;
    }>(await test.call('consultaHistoricoConversasChat', {}, { cookie: maria.cookie }));
    expect(idSalaPresenca).toBe(0);
    const dates = historicoConversas.map((entry) => entry.dtEnvio);
    expect([...dates].sort().reverse()).toEqual(dates);
    const withCarlos = historicoConversas.find(
      (entry) => entry.flGrupo === 'N' && entry.idUsuario === carlos.userId,
    )!;
    expect(withCarlos).toMatchObject({
      descricao: 'Carlos Pereira',
      mensagem: 'Consegue confirmar com a equipe?',
      idUsuarioUltimaMensagem: carlos.userId,
      flLida: 'N',
      qtdMensagensNaoLidas: 2,
    });
    const group = historicoConversas.find((entry) => entry.flGrupo === 'S')!;
    expect(group).toMatchObject({ descricao: 'Projeto Elo', idUsuario: null, qtdMensagensNaoLidas: 1 });
    expect(group.membros).toHaveLength(4);
    const unread = data<{ qtdMensagensNaoLidas: number; salas?: unknown[] }>(
      await test.call('recuperaQtdMensagensNaoLidas', { flRetornarGrupos: 'N' }, { cookie: maria.cookie }),
    );
    expect(unread.qtdMensagensNaoLidas).toBe(
      historicoConversas.reduce((sum, entry) => sum + entry.qtdMensagensNaoLidas, 0),
    );
    expect(unread.salas).toBeUndefined();
  });

  it('marks the other one online while connected', async () => {
    const client = await ready(carlos);
    const { historicoConversas } = data<{ historicoConversas: HistoricoConversa[] }>(
      await test.call('consultaHistoricoConversasChat', {}, { cookie: maria.cookie }),
    );
    expect(historicoConversas.find((entry) => entry.idUsuario === carlos.userId)?.online).toBe('S');
    client.close();
  });
});

describe('group chats', () => {
  it('creates a group with an image, tells its members, adds people, and lets one leave', async () => {
    const people = data<{ listUsuarios: { idUsuario: number; nome: string }[] }>(
      await test.call('consultaTodosUsuarios', {}, { cookie: maria.cookie }),
    ).listUsuarios;
    const [third, fourth] = people.filter((person) => person.idUsuario !== carlos.userId);
    const carlosClient = await ready(carlos);
    const image = data<{ anexo: AnexoChat }>(
      await upload(maria.cookie, {}, { name: 'grupo.png', type: 'image/png', body: await png() }),
    ).anexo;
    expect(image.idTipoArquivo).toBe(ChatFileType.image);

    const created = await test.call(
      'insereGrupoChat',
      {
        nomeGrupo: 'Churrasco',
        membros: [carlos.userId],
        usuariosParticipantes: [third!.idUsuario],
        urlImagemGrupo: image.urlArquivo,
      },
      { cookie: maria.cookie },
    );
    expect(created.statusCode).toBe(200);
    const group = data<{
      idSala: number;
      grupoInfo: { nomeGrupo: string; urlImagemGrupo: string; nomeUsuarioCriador: string };
      usuariosDoGrupo: { idUsuario: number; flCriador: string }[];
    }>(created);
    expect(group.grupoInfo).toMatchObject({
      nomeGrupo: 'Churrasco',
      urlImagemGrupo: image.urlArquivo,
      nomeUsuarioCriador: 'Maria Silva',
    });
    expect(group.usuariosDoGrupo.map((member) => member.idUsuario).sort()).toEqual(
      [maria.userId, carlos.userId, third!.idUsuario].sort(),
    );
    expect(group.usuariosDoGrupo.find((member) => member.idUsuario === maria.userId)?.flCriador).toBe('S');
    await carlosClient.waitFor(
      (frame) =>
        ok(ChatEventType.roomChanged)(frame) && (frame as { idSala: number }).idSala === group.idSala,
    );

    const read = data<{ grupoInfo: { nomeGrupo: string } }>(
      await test.call('consultaGrupoChat', { idSala: group.idSala }, { cookie: carlos.cookie }),
    );
    expect(read.grupoInfo.nomeGrupo).toBe('Churrasco');

    const added = data<{ usuariosDoGrupo: unknown[] }>(
      await test.call(
        'adicionaMembrosGrupoChat',
        { idSala: group.idSala, membros: [fourth!.idUsuario] },
        { cookie: carlos.cookie },
      ),
    );
    expect(added.usuariosDoGrupo).toHaveLength(4);

    expect(
      (await test.call('saiGrupoChat', { idSala: group.idSala }, { cookie: carlos.cookie })).statusCode,
    ).toBe(200);
    await carlosClient.waitFor(
      (frame) =>
        ok(ChatEventType.roomChanged)(frame) && (frame as { flRemovida?: string }).flRemovida === 'S',
    );
    expect(
      (await test.call('consultaGrupoChat', { idSala: group.idSala }, { cookie: carlos.cookie })).statusCode,
    ).toBe(403);
    carlosClient.send({
      idTipo: ChatRequestType.send,
      idSala: group.idSala,
      idMensagemCliente: 'after-leaving',
      mensagem: 'oi',
    });
    await carlosClient.waitFor((frame) => isChatErrorFrame(frame) && frame.codigoErro === 'CHAT_NOT_MEMBER');
  });

  it('refuses a group without members, with unknown people, or with somebody else’s image', async () => {
    const empty = await test.call(
      'insereGrupoChat',
      { nomeGrupo: 'Sozinha', membros: [] },
      { cookie: maria.cookie },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.membros).toEqual(['Selecione ao menos um participante']);
    const unnamed = await test.call(
      'insereGrupoChat',
      { nomeGrupo: '  ', membros: [carlos.userId] },
      { cookie: maria.cookie },
    );
    expect(unnamed.json().errors.nomeGrupo).toEqual(['Campo obrigatório']);
    const stranger = await test.call(
      'insereGrupoChat',
      { nomeGrupo: 'Misturado', membros: [joao.userId] },
      { cookie: maria.cookie },
    );
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.membros).toEqual(['Pessoa não encontrada']);
    const image = data<{ anexo: AnexoChat }>(
      await upload(carlos.cookie, {}, { name: 'c.png', type: 'image/png', body: await png() }),
    ).anexo;
    const foreign = await test.call(
      'insereGrupoChat',
      { nomeGrupo: 'Imagem alheia', membros: [carlos.userId], urlImagemGrupo: image.urlArquivo },
      { cookie: maria.cookie },
    );
    expect(foreign.json().errors.urlImagemGrupo).toEqual(['Imagem do grupo inválida']);
  });
});

describe('attachments and audio', () => {
  it('sends an image, a PDF, another file and an audio with its waveform', async () => {
    const sender = await ready(maria);
    const receiver = await ready(carlos);
    const room = await pairRoom(sender, carlos.userId);
    const cases = [
      { name: 'foto.png', type: 'image/png', body: await png(), audio: 'N', kind: ChatFileType.image },
      { name: 'contrato.pdf', type: 'application/pdf', body: pdf, audio: 'N', kind: ChatFileType.pdf },
      {
        name: 'notas.txt',
        type: 'text/plain',
        body: Buffer.from('anotações da reunião'),
        audio: 'N',
        kind: ChatFileType.file,
      },
      { name: 'audio.ogg', type: 'audio/ogg', body: opus(), audio: 'S', kind: ChatFileType.audio },
    ];
    for (const [index, entry] of cases.entries()) {
      const response = await upload(maria.cookie, { idSala: String(room), flAudio: entry.audio }, entry);
      expect(response.statusCode).toBe(200);
      const anexo = data<{ anexo: AnexoChat }>(response).anexo;
      expect(anexo).toMatchObject({
        idTipoArquivo: entry.kind,
        nomeArquivo: entry.name,
        tamanhoArquivo: entry.body.length,
      });
      const id = `anexo-${index}`;
      const audio =
        entry.kind === ChatFileType.audio
          ? { duracao: 3.5, audioSamples: Array.from({ length: 100 }, (_, sample) => sample / 100) }
          : {};
      sender.send({
        idTipo: ChatRequestType.send,
        idSala: room,
        idMensagemCliente: id,
        idAnexo: anexo.idAnexo,
        ...audio,
      });
      const message = (await receiver.waitFor(
        (frame) => ok(ChatEventType.newMessage)(frame) && (frame as MensagemChat).idMensagemCliente === id,
      )) as MensagemChat;
      expect(message).toMatchObject({
        idTipoArquivo: entry.kind,
        nomeArquivo: entry.name,
        urlArquivo: anexo.urlArquivo,
        mensagem: '',
      });
      if (entry.kind === ChatFileType.audio) {
        expect(message.duracao).toBe(3.5);
        expect(message.audioSamples).toHaveLength(100);
      }
      const file = await test.app.inject({
        method: 'GET',
        url: anexo.urlArquivo,
        headers: { cookie: carlos.cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(entry.body.length);
    }
  });

  it('refuses an attachment sent twice, somebody else’s, a fake audio and a file over 60 MB', async () => {
    const sender = await ready(maria);
    const room = await pairRoom(sender, carlos.userId);
    const anexo = data<{ anexo: AnexoChat }>(
      await upload(
        maria.cookie,
        { idSala: String(room) },
        { name: 'a.pdf', type: 'application/pdf', body: pdf },
      ),
    ).anexo;
    sender.send({
      idTipo: ChatRequestType.send,
      idSala: room,
      idMensagemCliente: 'first-use',
      idAnexo: anexo.idAnexo,
    });
    await sender.waitFor(
      (frame) =>
        ok(ChatEventType.newMessage)(frame) && (frame as MensagemChat).idMensagemCliente === 'first-use',
    );
    sender.send({
      idTipo: ChatRequestType.send,
      idSala: room,
      idMensagemCliente: 'second-use',
      idAnexo: anexo.idAnexo,
    });
    const reused = await sender.waitFor(
      (frame) => isChatErrorFrame(frame) && frame.codigoErro === 'VALIDATION_FAILED',
    );
    expect(isChatErrorFrame(reused) && reused.errors?.idAnexo).toEqual([
      'Anexo não encontrado ou já enviado',
    ]);

    const carlosFile = data<{ anexo: AnexoChat }>(
      await upload(carlos.cookie, {}, { name: 'c.pdf', type: 'application/pdf', body: pdf }),
    ).anexo;
    const from = sender.frames.length;
    sender.send({
      idTipo: ChatRequestType.send,
      idSala: room,
      idMensagemCliente: 'not-mine',
      idAnexo: carlosFile.idAnexo,
    });
    await sender.waitFor((frame) => isChatErrorFrame(frame) && frame.codigoErro === 'VALIDATION_FAILED', {
      from,
    });

    const fake = await upload(
      maria.cookie,
      { flAudio: 'S' },
      { name: 'x.ogg', type: 'audio/ogg', body: pdf },
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.file).toEqual(['Arquivo de áudio inválido']);

    const huge = await upload(
      maria.cookie,
      {},
      { name: 'big.bin', type: 'application/octet-stream', body: Buffer.alloc(limits.mediaMaxBytes + 1) },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: 'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
      error_code: 'FILE_TOO_LARGE',
    });

    const outsider = await upload(
      joao.cookie,
      { idSala: String(room) },
      { name: 'j.pdf', type: 'application/pdf', body: pdf },
    );
    expect(outsider.statusCode).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('never lets a person of another company reach the demo company’s people, rooms or messages', async () => {
    const mariaClient = await ready(maria);
    const room = await pairRoom(mariaClient, carlos.userId);
    const joaoClient = await ready(joao);
    joaoClient.send({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: maria.userId });
    const refused = await joaoClient.waitFor(
      (frame) => isChatErrorFrame(frame) && frame.idTipo === ChatRequestType.startPersonChat,
    );
    expect(isChatErrorFrame(refused) && refused.errors?.idUsuarioDestino).toEqual(['Pessoa não encontrada']);
    for (const frame of [
      { idTipo: ChatRequestType.joinRoom, idSala: room },
      { idTipo: ChatRequestType.loadMessages, idSala: room },
      { idTipo: ChatRequestType.send, idSala: room, idMensagemCliente: 'outsider', mensagem: 'oi' },
      { idTipo: ChatRequestType.markRead, idSala: room },
      { idTipo: ChatRequestType.presence, idSala: room },
    ] as const) {
      const from = joaoClient.frames.length;
      joaoClient.send(frame);
      await joaoClient.waitFor(
        (answer) => isChatErrorFrame(answer) && answer.codigoErro === 'CHAT_NOT_MEMBER',
        { from },
      );
    }
    // A message id of the demo company is unknown to him.
    mariaClient.send({
      idTipo: ChatRequestType.send,
      idSala: room,
      idMensagemCliente: 'for-carlos',
      mensagem: 'só nosso',
    });
    const mine = (await mariaClient.waitFor(
      (frame) =>
        ok(ChatEventType.newMessage)(frame) && (frame as MensagemChat).idMensagemCliente === 'for-carlos',
    )) as MensagemChat;
    for (const frame of [
      { idTipo: ChatRequestType.edit, idMensagem: mine.idMensagem, mensagem: 'x' },
      { idTipo: ChatRequestType.delete, idMensagem: mine.idMensagem, flExcluirDefinitivo: 'N' },
    ] as const) {
      const from = joaoClient.frames.length;
      joaoClient.send(frame);
      await joaoClient.waitFor((answer) => isChatErrorFrame(answer) && answer.codigoErro === 'NOT_FOUND', {
        from,
      });
    }
    // His company's presence list holds nobody of the demo company.
    const from = joaoClient.frames.length;
    joaoClient.send({ idTipo: ChatRequestType.presence, idSala: 0 });
    const presence = (await joaoClient.waitFor(ok(ChatEventType.presence), { from })) as {
      listUsuariosOnline: number[];
    };
    expect(presence.listUsuariosOnline).toEqual([joao.userId]);
    const list = data<{ historicoConversas: unknown[] }>(
      await test.call('consultaHistoricoConversasChat', {}, { cookie: joao.cookie }),
    );
    expect(list.historicoConversas).toEqual([]);
    expect((await test.call('consultaGrupoChat', { idSala: room }, { cookie: joao.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (
        await test.call(
          'adicionaMembrosGrupoChat',
          { idSala: room, membros: [joao.userId] },
          { cookie: joao.cookie },
        )
      ).statusCode,
    ).toBe(403);
    const people = data<{ listUsuarios: { idUsuario: number }[] }>(
      await test.call('consultaTodosUsuarios', {}, { cookie: joao.cookie }),
    );
    expect(people.listUsuarios.map((person) => person.idUsuario)).not.toContain(maria.userId);
    // Nor may the demo company add him to a group.
    const groups = data<{ historicoConversas: HistoricoConversa[] }>(
      await test.call('consultaHistoricoConversasChat', {}, { cookie: maria.cookie }),
    );
    const group = groups.historicoConversas.find((entry) => entry.flGrupo === 'S')!;
    const add = await test.call(
      'adicionaMembrosGrupoChat',
      { idSala: group.idSala, membros: [joao.userId] },
      { cookie: maria.cookie },
    );
    expect(add.statusCode).toBe(422);
  });
});
