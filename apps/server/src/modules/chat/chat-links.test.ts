import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatEventType, ChatRequestType, isChatErrorFrame, type MensagemChat } from '@elo/contract/chat';
import { fetchLinkPreview, isPublicAddress, type LinkPreviewOptions } from '../../platform/link-preview.ts';
import { ChatClient, listenForChat, signInForChat, type ChatUser } from '../../test/chat-client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** A local site: an article with Open Graph tags, a plain page, a redirect, a huge page, a slow one. */
let site: http.Server;
let port: number;
let hits: Record<string, number> = {};

const article = `<!doctype html><html><head>
<meta charset="utf-8"><title>Título da página</title>
<meta property="og:title" content="Elo &amp; Cia: novidades">
<meta property="og:description" content="  Tudo sobre
 o portal.  ">
<meta property="og:image" content="/capa.png">
</head><body><script>alert(1)</script></body></html>`;

beforeAll(async () => {
  site = http.createServer((request, response) => {
    const path = request.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === '/artigo')
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
    if (path === '/simples')
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><head><meta name="description" content="Só descrição"><title>Simples</title></head></html>',
        );
    if (path === '/redireciona')
      return response.writeHead(302, { location: 'http://127.0.0.1/privado' }).end();
    if (path === '/imagem') return response.writeHead(200, { 'content-type': 'image/png' }).end('png');
    if (path === '/enorme') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(`<html><head>${' '.repeat(600 * 1024)}<title>Tarde demais</title></head></html>`);
      return response.end();
    }
    if (path === '/lento') return setTimeout(() => response.end('<title>lento</title>'), 2_000);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  port = (site.address() as AddressInfo).port;
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

/** Names under .example.test resolve to the local site; anything else resolves as usual. */
const localLookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
  if (hostname.endsWith('.example.test')) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  return dnsLookup(hostname, options, callback as never);
}) as unknown as LinkPreviewOptions['lookup'];

const allowLocal: LinkPreviewOptions = {
  timeoutMs: 500,
  maxBytes: 512 * 1024,
  allowAddress: () => true,
  lookup: localLookup,
};

describe('the SSRF guard', () => {
  it('allows public unicast addresses only', () => {
    for (const address of ['8.8.8.8', '2001:4860:4860::8888']) expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses a name that resolves to a private address, and a literal one', async () => {
    const guarded = { ...allowLocal, allowAddress: isPublicAddress };
    expect(await fetchLinkPreview(`http://site.example.test:${port}/artigo`, guarded)).toBeUndefined();
    expect(await fetchLinkPreview(`http://127.0.0.1:${port}/artigo`, guarded)).toBeUndefined();
    expect(hits['/artigo'] ?? 0).toBe(0);
  });
});

describe('fetchLinkPreview', () => {
  it('reads Open Graph tags, resolving the image against the page', async () => {
    expect(await fetchLinkPreview(`http://site.example.test:${port}/artigo`, allowLocal)).toEqual({
      url: `http://site.example.test:${port}/artigo`,
      titulo: 'Elo & Cia: novidades',
      descricao: 'Tudo sobre o portal.',
      urlImagem: `http://site.example.test:${port}/capa.png`,
    });
    expect(await fetchLinkPreview(`http://site.example.test:${port}/simples`, allowLocal)).toMatchObject({
      titulo: 'Simples',
      descricao: 'Só descrição',
      urlImagem: null,
    });
  });

  it('follows no redirect, reads HTML only, stops at the size cap and the timeout', async () => {
    hits = {};
    expect(
      await fetchLinkPreview(`http://site.example.test:${port}/redireciona`, allowLocal),
    ).toBeUndefined();
    expect(hits['/privado']).toBeUndefined();
    expect(await fetchLinkPreview(`http://site.example.test:${port}/imagem`, allowLocal)).toBeUndefined();
    expect(await fetchLinkPreview(`http://site.example.test:${port}/enorme`, allowLocal)).toBeUndefined();
    const started = Date.now();
    expect(await fetchLinkPreview(`http://site.example.test:${port}/lento`, allowLocal)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_900);
  });
});

describe('link previews in messages', () => {
  let test: TestApp;
  let url: string;
  let maria: ChatUser;
  let carlos: ChatUser;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    test = await createTestApp({ linkPreview: allowLocal });
    url = await listenForChat(test);
    maria = await signInForChat(test, 'maria.silva@demo.elo');
    carlos = await signInForChat(test, '10002');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await test.close();
  });

  async function ready(user: ChatUser) {
    const client = await ChatClient.connect(url, user.tokenChat);
    clients.push(client);
    client.send({
      idTipo: ChatRequestType.startPersonChat,
      idUsuarioDestino: user === maria ? carlos.userId : maria.userId,
    });
    const frame = await client.waitFor(
      (answer) => !isChatErrorFrame(answer) && answer.idTipo === ChatEventType.roomChanged,
    );
    return { client, room: (frame as { idSala: number }).idSala };
  }

  const edited = (id: string) => (frame: unknown) =>
    !isChatErrorFrame(frame as never) &&
    (frame as { idTipo: number }).idTipo === ChatEventType.edited &&
    (frame as MensagemChat).idMensagemCliente === id &&
    (frame as MensagemChat).dadosLinkMetadata !== null;

  it('sends the message at once and its first allowed link’s preview a moment later, fetched once', async () => {
    hits = {};
    const { client, room } = await ready(maria);
    const { client: other } = await ready(carlos);
    const link = `http://site.example.test:${port}/artigo`;
    client.send({
      idTipo: ChatRequestType.send,
      idSala: room,
      idMensagemCliente: 'link-1',
      mensagem: `veja http://localhost:${port}/simples e ${link} também`,
    });
    const sent = (await other.waitFor(
      (frame) =>
        !isChatErrorFrame(frame) &&
        frame.idTipo === ChatEventType.newMessage &&
        frame.idMensagemCliente === 'link-1',
    )) as MensagemChat;
    expect(sent.dadosLinkMetadata).toBeNull();
    const withPreview = (await other.waitFor(edited('link-1'))) as MensagemChat;
    expect(withPreview.dadosLinkMetadata).toMatchObject({ url: link, titulo: 'Elo & Cia: novidades' });
    expect(withPreview.dtEdicao).toBeNull();
    expect(hits['/simples']).toBeUndefined();

    client.send({
      idTipo: ChatRequestType.send,
      idSala: room,
      idMensagemCliente: 'link-2',
      mensagem: `de novo: ${link}`,
    });
    await other.waitFor(edited('link-2'));
    expect(hits['/artigo']).toBe(1);
    client.send({ idTipo: ChatRequestType.loadMessages, idSala: room });
    const page = await client.waitFor(
      (frame) => !isChatErrorFrame(frame) && frame.idTipo === ChatEventType.historyPage,
    );
    expect((page as { mensagens: MensagemChat[] }).mensagens[0]!.dadosLinkMetadata?.titulo).toBe(
      'Elo & Cia: novidades',
    );
  });
});
