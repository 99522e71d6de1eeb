import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountTokens, sessions, users } from '../../db/schema/all.ts';
import { startSmsGateway, startSmtpCatcher } from '../../test/message-catchers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
const carlosMobile = '+5511991231234';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  gateway = await startSmsGateway('token-do-gateway');
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      SMS_PROVIDER_URL: gateway.url,
      SMS_PROVIDER_TOKEN: gateway.token,
      PUBLIC_URL: 'https://portal.demo.elo',
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await gateway.close();
});

/** The reset token in the last e-mail sent to an address. */
function tokenFromLastEmailTo(address: string): string {
  const email = smtp.messages.filter((message) => message.to?.some((to) => to.address === address)).at(-1);
  const token = email?.text?.match(/https:\/\/portal\.demo\.elo\/resetarsenha\/([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link was sent to ${address}`);
  return token;
}

describe('password by e-mail', () => {
  it('answers the same whether the e-mail exists or not, and mails a link only when it does', async () => {
    const known = await t.call('solicitaTrocaDeSenha', { login: 'maria.silva@demo.elo' });
    const unknown = await t.call('solicitaTrocaDeSenha', { login: 'nao.existe@demo.elo' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { tokenRecuperacao: null } });
    expect(unknown.json()).toEqual(known.json());
    expect(smtp.messages).toHaveLength(1);
  });

  it('sends an HTML and text e-mail in the language of the request, with the company logo and name', async () => {
    const [email] = smtp.messages;
    expect(email!.subject).toBe('Elo Demonstração: crie uma nova senha');
    expect(email!.text).toContain('Olá, Maria Silva!');
    expect(email!.html).toContain('cid:logo-empresa');
    expect(email!.html).toContain('Elo Demonstração');
    expect(email!.attachments.map((file) => file.contentId)).toContain('<logo-empresa>');
    await t.call('solicitaTrocaDeSenha', { login: 'joao@outra.elo' }, { language: 'en' });
    expect(smtp.messages.at(-1)!.subject).toBe('Outra Indústria S.A.: create a new password');
  });

  it('sets a new password with the link, ends every session, and the link works once', async () => {
    const cookie = await t.signIn('maria.silva@demo.elo');
    const token = tokenFromLastEmailTo('maria.silva@demo.elo');
    const [stored] = await t.database.db
      .select()
      .from(accountTokens)
      .where(sql`${accountTokens.usedAt} is null`);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);

    const weak = await t.call('resetaSenhaComToken', { token, senha: 'password' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.senha).toEqual(['Esta senha é muito comum. Escolha outra']);

    const done = await t.call('resetaSenhaComToken', { token, senha: 'Maria#Nova2026' });
    expect(done.json()).toEqual({ data: { ok: true } });
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(401);
    const open = await t.database.db
      .select()
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        sql`${users.email} = 'maria.silva@demo.elo' and (${sessions.revokedAt} is null or ${sessions.chatTokenHash} is not null)`,
      );
    expect(open).toEqual([]);
    expect(
      (await t.call('doLogin', { login: 'maria.silva@demo.elo', senha: 'Maria#Nova2026' })).statusCode,
    ).toBe(200);

    const again = await t.call('resetaSenhaComToken', { token, senha: 'Outra#Nova2026' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('Este link ou código expirou ou já foi usado. Comece de novo.');
  });

  it('refuses an expired link', async () => {
    await t.call('solicitaTrocaDeSenha', { login: 'joao@outra.elo' });
    const token = tokenFromLastEmailTo('joao@outra.elo');
    await t.database.db.update(accountTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await t.call('resetaSenhaComToken', { token, senha: 'Joao#Nova2026' })).statusCode).toBe(410);
  });
});

describe('password by matricula', () => {
  it('sends a code to the mobile and gives the reset page its token', async () => {
    const response = await t.call('solicitaTrocaDeSenha', { login: '10002', ultimosDigitosCelular: '1234' });
    expect(response.statusCode).toBe(200);
    const token = response.json().data.tokenRecuperacao as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    const code = gateway.lastCodeTo(carlosMobile);

    const missingCode = await t.call('resetaSenhaComToken', { token, senha: 'Carlos#Nova2026' });
    expect(missingCode.json().errors).toEqual({ codigoSms: ['Campo obrigatório'] });
    const wrongCode = await t.call('resetaSenhaComToken', {
      token,
      senha: 'Carlos#Nova2026',
      codigoSms: code === '000000' ? '000001' : '000000',
    });
    expect(wrongCode.json().errors).toEqual({ codigoSms: ['Código inválido ou expirado'] });
    const done = await t.call('resetaSenhaComToken', { token, senha: 'Carlos#Nova2026', codigoSms: code });
    expect(done.json()).toEqual({ data: { ok: true } });
    expect((await t.call('doLogin', { login: '10002', senha: 'Carlos#Nova2026' })).statusCode).toBe(200);
  });

  it('with wrong digits or an unknown matricula answers alike, sends nothing, and its token fails like a wrong code', async () => {
    const sentBefore = gateway.received.length;
    const wrongDigits = await t.call('solicitaTrocaDeSenha', {
      login: '10002',
      ultimosDigitosCelular: '9999',
    });
    const unknown = await t.call('solicitaTrocaDeSenha', { login: '77777', ultimosDigitosCelular: '1234' });
    for (const response of [wrongDigits, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data.tokenRecuperacao).toMatch(/^[\w-]{43}$/);
    }
    expect(gateway.received).toHaveLength(sentBefore);
    const decoy = await t.call('resetaSenhaComToken', {
      token: wrongDigits.json().data.tokenRecuperacao,
      senha: 'Carlos#Nova2027',
      codigoSms: '123456',
    });
    expect(decoy.statusCode).toBe(422);
    expect(decoy.json().errors).toEqual({ codigoSms: ['Código inválido ou expirado'] });
    expect(decoy.body).not.toContain('1234');
  });

  it('keeps nothing usable when the SMS gateway is down', async () => {
    gateway.state.failing = true;
    const down = await t.call('solicitaTrocaDeSenha', { login: '10001', ultimosDigitosCelular: '5678' });
    gateway.state.failing = false;
    expect(down.statusCode).toBe(503);
    expect(down.json().error_code).toBe('DELIVERY_FAILED');
    const live = await t.database.db
      .select()
      .from(accountTokens)
      .innerJoin(users, eq(users.id, accountTokens.userId))
      .where(sql`${users.matricula} = '10001' and ${accountTokens.usedAt} is null`);
    expect(live).toEqual([]);
  });
});

describe('when the mail server is down', () => {
  it('says so and leaves no usable link behind', async () => {
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const response = await broken.call('solicitaTrocaDeSenha', { login: 'maria.silva@demo.elo' });
      expect(response.statusCode).toBe(503);
      expect(response.json().error_code).toBe('DELIVERY_FAILED');
      const live = await broken.database.db
        .select()
        .from(accountTokens)
        .where(sql`${accountTokens.usedAt} is null`);
      expect(live).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('rate limits of the account calls', () => {
  it('throttles per address and per login with the 429 shape', async () => {
    const limited = await createTestApp({
      seed: false,
      env: { ACCOUNT_MAX_CALLS_PER_ADDRESS: '3', ACCOUNT_MAX_CALLS_PER_LOGIN: '2' },
    });
    try {
      const from = (ip: string, login: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/backend/solicitaTrocaDeSenha',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
          payload: JSON.stringify({ login }),
        });
      expect((await from('10.9.0.1', 'a@x.elo')).statusCode).toBe(200);
      expect((await from('10.9.0.2', 'a@x.elo')).statusCode).toBe(200);
      const perLogin = await from('10.9.0.3', 'a@x.elo');
      expect(perLogin.statusCode).toBe(429);
      expect(perLogin.json()).toMatchObject({ error_code: 'TOO_MANY_REQUESTS' });
      expect((await from('10.9.0.1', 'b@x.elo')).statusCode).toBe(200);
      expect((await from('10.9.0.1', 'c@x.elo')).statusCode).toBe(200);
      expect((await from('10.9.0.1', 'd@x.elo')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
