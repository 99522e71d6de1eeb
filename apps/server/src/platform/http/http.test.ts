import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/all.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API envelope and error shapes', () => {
  it('answers a call inside {"data": ...}', async () => {
    const response = await t.call('doLogout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
  });

  it('maps invalid input to 422 with a translated message per field', async () => {
    const pt = await t.call('doLogin', { login: '   ' });
    expect(pt.statusCode).toBe(422);
    expect(pt.json()).toEqual({
      message: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
      errors: { login: ['Campo obrigatório'], senha: ['Campo obrigatório'] },
    });
    const en = await t.call('doLogin', { login: 'a', senha: 42 }, { language: 'en-US,en;q=0.9' });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.senha[0]).toMatch(/expected string/i);
    const es = await t.call('doLogin', {}, { language: 'es' });
    expect(es.json().errors.login).toEqual(['Campo obligatorio']);
  });

  it('refuses a POST without X-Requested-With with 403 and writes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/backend/doLogin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Requisição recusada: cabeçalho X-Requested-With ausente.',
      error_code: 'CSRF_HEADER_MISSING',
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/backend/doLogin',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'accept-language': 'en',
      },
      payload: '{"login": "maria',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request could not be read: send valid JSON.',
      error_code: 'MALFORMED_BODY',
    });
  });

  it('answers an oversized body with 413 in the error shape', async () => {
    const response = await t.call('doLogin', { login: 'x', senha: 'y', filler: 'z'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/backend/doLogin',
      headers: { 'content-type': 'text/csv', 'x-requested-with': 'XMLHttpRequest' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unknown call with 404 in the error shape', async () => {
    const response = await t.call('chamadaQueNaoExiste');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Chamada desconhecida.', error_code: 'CALL_NOT_FOUND' });
  });

  it('ignores unknown fields instead of failing or storing them', async () => {
    const response = await t.call('doLogin', {
      login: 'maria.silva@demo.elo',
      senha: 'Demo@1234',
      idUsuario: 999,
      isAdministrator: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.usuario.flAdministrador).toBe(false);
  });

  it('never sends SQL or stack traces: an unexpected failure is a generic 500', async () => {
    const cookie = await t.signIn('maria.silva@demo.elo');
    await t.database.db.execute(sql`alter table ${users} rename column profile_text to profile_text_moved`);
    try {
      const response = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        message: 'Ocorreu um erro inesperado. Tente novamente.',
        error_code: 'INTERNAL_ERROR',
      });
      expect(response.body).not.toMatch(/select|profile_text|\bat\b .*\.ts/i);
    } finally {
      await t.database.db.execute(sql`alter table ${users} rename column profile_text_moved to profile_text`);
    }
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reports liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const broken = await createTestApp({ seed: false });
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
