// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  errorMessageOf,
  joinedSignal,
  pickErrorMessage,
  type ApiClientOptions,
} from './api-client.ts';

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

// A real HTTP server; each test sets how it answers.
let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: (url: string) => { status: number; body: string; delayMs?: number } = () => ({
  status: 200,
  body: '{"data":{}}',
});

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const isJson = request.headers['content-type'] === 'application/json';
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: raw && isJson ? JSON.parse(raw) : raw || null,
      });
      const { status, body, delayMs = 0 } = answer(request.url ?? '');
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backend`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
});

const texts = { fallback: 'Erro padrão', network: 'Sem conexão', timeout: 'Tempo esgotado' };

function client(options: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl, getLanguage: () => 'pt-BR', getErrorTexts: () => texts, ...options });
}

function respond(status: number, body: unknown) {
  answer = () => ({ status, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

describe('API client', () => {
  it('posts the call by name with the spec headers and returns the data of the envelope', async () => {
    respond(200, { data: { ok: true } });
    const result = await client({ getLanguage: () => 'es' }).doLogout({});
    expect(result).toEqual({ ok: true });
    expect(received[0]?.url).toBe('/backend/doLogout');
    expect(received[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(received[0]?.headers['accept-language']).toBe('es');
    expect(received[0]?.headers['content-type']).toBe('application/json');
  });

  it("adds the client's own headers (a TV's device token) to every call", async () => {
    respond(200, { data: { ok: true } });
    await client({ getHeaders: () => ({ Authorization: 'Bearer tela-123' }) }).doLogout({});
    expect(received[0]?.headers.authorization).toBe('Bearer tela-123');
    await client().doLogout({});
    expect(received[1]?.headers.authorization).toBeUndefined();
  });

  it("joins the caller's signal and the time limit by hand where AbortSignal.any is missing", () => {
    const caller = new AbortController();
    const joined = joinedSignal(60_000, caller.signal);
    expect(joined.aborted).toBe(false);
    caller.abort(new Error('saiu da página'));
    expect(joined.aborted).toBe(true);
    expect(joined.reason).toEqual(new Error('saiu da página'));
    vi.useFakeTimers();
    try {
      const timedOut = joinedSignal(10_000, undefined);
      vi.advanceTimersByTime(9_999);
      expect(timedOut.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect((timedOut.reason as DOMException).name).toBe('TimeoutError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the input as the JSON body', async () => {
    respond(200, { data: { tokenChat: 't' } });
    await client().doLogin({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' });
    expect(received[0]?.body).toEqual({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' });
  });

  it('shows the first field error of a 422 and maps the first message of each field', async () => {
    respond(422, {
      message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
      errors: { login: ['Campo obrigatório', 'outro'], senha: ['Informe no máximo 200 caracteres'] },
    });
    const error = await client()
      .doLogin({ login: '', senha: '' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      errorCode: null,
      message: 'Campo obrigatório',
      fieldErrors: { login: 'Campo obrigatório', senha: 'Informe no máximo 200 caracteres' },
    });
  });

  it('shows the answer message with its error code, and the retry delay of a 429', async () => {
    respond(429, { message: 'Muitas tentativas.', error_code: 'TOO_MANY_REQUESTS', retryAfter: 60 });
    await expect(client().doLogin({ login: 'a', senha: 'b' })).rejects.toMatchObject({
      status: 429,
      errorCode: 'TOO_MANY_REQUESTS',
      message: 'Muitas tentativas.',
      retryAfter: 60,
    });
  });

  it('shows nothing for an empty message', async () => {
    respond(500, { message: '', error_code: 'INTERNAL_ERROR' });
    await expect(client().doLogout({})).rejects.toMatchObject({ status: 500, message: '' });
  });

  it('falls back to the default message when the answer is not JSON', async () => {
    respond(502, '<html>Bad gateway</html>');
    await expect(client().doLogout({})).rejects.toMatchObject({ status: 502, message: 'Erro padrão' });
  });

  it('treats a success without the data envelope as a server error', async () => {
    respond(200, { ok: true });
    await expect(client().doLogout({})).rejects.toMatchObject({ status: 500, message: 'Erro padrão' });
  });

  it('leaves through the logout route on 401 or 419', async () => {
    const onSessionExpired = vi.fn();
    respond(401, { message: 'Sessão expirada', error_code: 'SESSION_EXPIRED' });
    await expect(client({ onSessionExpired }).recuperaDadosUsuarioLogado({})).rejects.toMatchObject({
      status: 401,
      message: 'Sessão expirada',
    });
    respond(419, { message: 'Sessão expirada' });
    await expect(client({ onSessionExpired }).recuperaPermissoesUsuario({})).rejects.toMatchObject({
      status: 419,
    });
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('in its second variant, without a redirect, hands the 401 to the caller (a wrong password)', async () => {
    respond(401, { message: 'Login ou senha inválidos.', error_code: 'INVALID_CREDENTIALS' });
    await expect(client().doLogin({ login: 'a', senha: 'b' })).rejects.toMatchObject({
      status: 401,
      errorCode: 'INVALID_CREDENTIALS',
      message: 'Login ou senha inválidos.',
    });
  });

  it('sends files as multipart form data and everything else as JSON', async () => {
    answer = () => ({ status: 200, body: '{"data":{"ok":true}}' });
    const file = new Blob(['conteudo-da-foto'], { type: 'image/png' });
    await client().doLogout({ foto: file, legenda: 'Equipe' } as never);
    await client().doLogout({});
    expect(received[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(received[0]!.body)).toContain('conteudo-da-foto');
    expect(String(received[0]!.body)).toContain('Equipe');
    expect(received[1]!.headers['content-type']).toBe('application/json');
    expect(received[1]!.body).toEqual({});
  });

  it('sends a multipart call as form data even without a file, a list as repeated fields', async () => {
    answer = () => ({ status: 200, body: '{"data":{"ok":true}}' });
    await client().doLogout({ texto: 'Olá', opcoes: ['Sim', 'Não'], vazio: undefined } as never, {
      multipart: true,
    });
    expect(received[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = String(received[0]!.body);
    expect(body).toContain('name="texto"\r\n\r\nOlá');
    expect(body.match(/name="opcoes"/g)).toHaveLength(2);
    expect(body).not.toContain('name="vazio"');
  });

  it('does not redirect on other errors of a private call', async () => {
    const onSessionExpired = vi.fn();
    respond(403, { message: 'Você não tem acesso a esta funcionalidade.', error_code: 'FORBIDDEN' });
    await expect(client({ onSessionExpired }).recuperaPermissoesUsuario({})).rejects.toMatchObject({
      status: 403,
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('gives up after its timeout with the timeout message and status 500', async () => {
    answer = () => ({ status: 200, body: '{"data":{}}', delayMs: 2_000 });
    await expect(client({ timeoutMs: 100 }).doLogout({})).rejects.toMatchObject({
      status: 500,
      message: 'Tempo esgotado',
    });
  });

  it('reports an unreachable server with the network message', async () => {
    const offline = createApiClient({
      baseUrl: 'http://127.0.0.1:1/backend',
      getLanguage: () => 'pt-BR',
      getErrorTexts: () => texts,
    });
    await expect(offline.doLogout({})).rejects.toMatchObject({ status: 500, message: 'Sem conexão' });
  });

  it('hands a cancelled call its abort back instead of an error to show', async () => {
    answer = () => ({ status: 200, body: '{"data":{}}', delayMs: 2_000 });
    const controller = new AbortController();
    const call = client().doLogout({}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
  });
});

describe('error message rule (spec section 8)', () => {
  it('prefers the first field error, then the answer message, then the Error message, then the default', () => {
    const fallback = 'Padrão';
    expect(pickErrorMessage({ fieldErrors: { a: 'Campo' }, responseMessage: 'Resposta', fallback })).toBe(
      'Campo',
    );
    expect(
      pickErrorMessage({ fieldErrors: {}, responseMessage: 'Resposta', errorMessage: 'Erro', fallback }),
    ).toBe('Resposta');
    expect(pickErrorMessage({ responseMessage: null, errorMessage: 'Erro', fallback })).toBe('Erro');
    expect(pickErrorMessage({ fallback })).toBe('Padrão');
    expect(pickErrorMessage({ responseMessage: '', errorMessage: 'Erro', fallback })).toBe('');
  });

  it('reads a message from anything thrown', () => {
    expect(errorMessageOf(new ApiError({ message: 'Da API' }), 'Padrão')).toBe('Da API');
    expect(errorMessageOf(new Error('Quebrou'), 'Padrão')).toBe('Quebrou');
    expect(errorMessageOf('texto', 'Padrão')).toBe('Padrão');
  });
});
