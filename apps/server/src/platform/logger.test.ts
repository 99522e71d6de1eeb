import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { startSmtpCatcher } from '../test/message-catchers.ts';
import { redactUrl } from './logger.ts';

/** Every JSON line the app logs, as written. */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.demo.elo' },
    logStream,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('log lines', () => {
  it('never carry the reset link’s token, a password, a chat token or a code', async () => {
    const request = await t.call('solicitaTrocaDeSenha', { login: 'maria.silva@demo.elo' });
    expect(request.statusCode).toBe(200);
    const token = smtp.messages.at(-1)!.text!.match(/\/resetarsenha\/([\w-]+)/)![1]!;

    // The e-mailed link opens the SPA's page, then the page sends the token in a call.
    await t.app.inject({ method: 'GET', url: `/resetarsenha/${token}?canal=email` });
    await t.app.inject({ method: 'GET', url: `/backend/midia/1/x.png?token=${token}&k=${token}&idSala=3` });
    const reset = await t.call('resetaSenhaComToken', { token, senha: 'Maria#Nova2026' });
    expect(reset.statusCode).toBe(200);
    const login = await t.call('doLogin', { login: 'maria.silva@demo.elo', senha: 'Maria#Nova2026' });
    const tokenChat: string = login.json().data.tokenChat;

    const logged = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => typeof JSON.parse(line) === 'object')).toBe(true);
    expect(logged).toContain('/resetarsenha/[redacted]?canal=email');
    expect(logged).toContain('token=[redacted]&k=[redacted]&idSala=3');
    for (const secret of [token, 'Maria#Nova2026', tokenChat]) expect(logged).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('masks secret path segments and query values, and leaves the rest', () => {
    expect(redactUrl('/resetarsenha/abc123/x?canal=sms')).toBe('/resetarsenha/[redacted]/x?canal=sms');
    expect(redactUrl('/ResetarSenha/abc')).toBe('/ResetarSenha/[redacted]');
    expect(redactUrl('/a?codigo=1&senha=2&page=3&tokenChat=4')).toBe(
      '/a?codigo=[redacted]&senha=[redacted]&page=3&tokenChat=[redacted]',
    );
    expect(redactUrl('/painel/timeline?page=2')).toBe('/painel/timeline?page=2');
  });
});
