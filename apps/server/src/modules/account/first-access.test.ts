import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { accountTokens, smsChallenges, users } from '../../db/schema/all.ts';
import { startSmsGateway } from '../../test/message-catchers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
const mobile = '+5511987654321';

beforeAll(async () => {
  gateway = await startSmsGateway('gateway-secret-token');
  t = await createTestApp({ env: { SMS_PROVIDER_URL: gateway.url, SMS_PROVIDER_TOKEN: gateway.token } });
});
afterAll(async () => {
  await t.close();
  await gateway.close();
});

async function startFirstAccess(login = '10099', senha = 'Primeiro@1', dtNascimento = '1990-05-20') {
  return t.call('primeiroAcesso', { login, senha, dtNascimento });
}

describe('first access with a mobile on file', () => {
  let token: string;

  it('step 1 checks login, provisional password and birth date together', async () => {
    const wrongDate = await startFirstAccess('10099', 'Primeiro@1', '1990-05-21');
    expect(wrongDate.statusCode).toBe(401);
    expect(wrongDate.json()).toEqual({
      message: 'Os dados não conferem. Verifique o login, a senha provisória e a data de nascimento.',
      error_code: 'FIRST_ACCESS_INVALID',
    });
    expect((await startFirstAccess('10099', 'errada')).statusCode).toBe(401);
    expect((await startFirstAccess('ninguem')).json()).toEqual(wrongDate.json());

    const response = await startFirstAccess();
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ flMatricula: 'S', flNumeroCadastrado: 'S', ultimosDigitosCelular: '****' });
    expect(data.tokenJwtProvisorio.split('.')).toHaveLength(3);
    expect(JSON.stringify(data)).not.toContain('4321');
    token = data.tokenJwtProvisorio;
  });

  it('keeps only a hash of the provisional token, valid for 15 minutes at most', async () => {
    const rows = await t.database.db
      .select()
      .from(accountTokens)
      .where(sql`${accountTokens.usedAt} is null`);
    expect(JSON.stringify(rows)).not.toContain(token);
    for (const row of rows) {
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    }
  });

  it('refuses wrong last digits without revealing the real ones', async () => {
    const response = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '1111',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      ultimosDigitosCelular: ['Os dígitos não conferem com o celular cadastrado'],
    });
    expect(response.body).not.toContain('4321');
    expect(gateway.received).toHaveLength(0);
  });

  it('sends a 6-digit SMS code through the gateway once the digits match', async () => {
    const response = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '4321',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ flCodigoEnviado: 'S', celularMascarado: '+•••••••••4321' });
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]).toMatchObject({ to: mobile, authorization: 'Bearer gateway-secret-token' });
    expect(gateway.received[0]!.message).toMatch(/código de verificação é \d{6}\. Ele vale por 10 minutos/);
    const [challenge] = await t.database.db.select().from(smsChallenges);
    expect(challenge!.codeHash).not.toContain(gateway.lastCodeTo(mobile));
    expect(challenge!.expiresAt.getTime() - challenge!.createdAt.getTime()).toBeLessThanOrEqual(
      10 * 60_000 + 1000,
    );
  });

  it('throttles a resend within a minute', async () => {
    const again = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '4321',
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().error_code).toBe('TOO_MANY_REQUESTS');
    expect(gateway.received).toHaveLength(1);
  });

  it('checks the code: a wrong one is refused beside its field, the right one passes', async () => {
    const code = gateway.lastCodeTo(mobile);
    const wrong = await t.call('validaCodigoSms', {
      login: '10099',
      codigoSms: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ codigoSms: ['Código inválido ou expirado'] });
    const right = await t.call('validaCodigoSms', { login: '10099', codigoSms: code });
    expect(right.json()).toEqual({ data: { flValido: 'S' } });
  });

  it('refuses a new password that breaks the policy, in the right language', async () => {
    const code = gateway.lastCodeTo(mobile);
    const base = { loginUsuario: '10099', senhaAntiga: 'Primeiro@1', codigoSms: code };
    const short = await t.call('alteraSenhaEFazLogin', { ...base, senhaNova: 'abc' });
    expect(short.json().errors.senhaNova).toEqual(['A senha deve ter no mínimo 8 caracteres']);
    const birthDate = await t.call('alteraSenhaEFazLogin', { ...base, senhaNova: '20/05/1990' });
    expect(birthDate.json().errors.senhaNova).toEqual(['A senha não pode ser a sua data de nascimento']);
    const shortInEnglish = await t.call(
      'alteraSenhaEFazLogin',
      { ...base, senhaNova: '10099' },
      { language: 'en' },
    );
    expect(shortInEnglish.json().errors.senhaNova).toEqual(['The password must have at least 8 characters']);
    const common = await t.call(
      'alteraSenhaEFazLogin',
      { ...base, senhaNova: 'senha123' },
      { language: 'es' },
    );
    expect(common.json().errors.senhaNova).toEqual(['Esta contraseña es muy común. Elige otra']);
  });

  it('sets the password, signs in, and ends the provisional state for good', async () => {
    const code = gateway.lastCodeTo(mobile);
    const done = await t.call('alteraSenhaEFazLogin', {
      loginUsuario: '10099',
      senhaAntiga: 'Primeiro@1',
      senhaNova: 'Nova#Senha2026',
      codigoSms: code,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.usuario.nome).toBe('Juliana Costa');
    expect(done.json().data.tokenChat).toBeTruthy();
    const cookie = done.cookies.find((c) => c.name === 'elo_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(
      (await t.call('recuperaDadosUsuarioLogado', {}, { cookie: `elo_session=${cookie.value}` })).statusCode,
    ).toBe(200);

    expect((await t.call('doLogin', { login: '10099', senha: 'Nova#Senha2026' })).statusCode).toBe(200);
    expect((await t.call('doLogin', { login: '10099', senha: 'Primeiro@1' })).statusCode).toBe(401);
    // The provisional token and the code were single-use.
    const reuse = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '4321',
    });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().error_code).toBe('TOKEN_INVALID');
    expect((await t.call('validaCodigoSms', { login: '10099', codigoSms: code })).statusCode).toBe(422);
    expect((await startFirstAccess('10099', 'Nova#Senha2026')).json().error_code).toBe('FIRST_ACCESS_DONE');
  });
});

describe('first access without a mobile on file', () => {
  const newMobile = '+5521999887766';

  it('registers the number with the code sent to it, then sets the password', async () => {
    await t.database.db
      .update(users)
      .set({
        firstAccessPending: true,
        mobilePhone: null,
        passwordHash: await (await import('@node-rs/argon2')).hash('Provisoria#1'),
      })
      .where(eq(users.email, 'paula.moreira@demo.elo'));
    const step1 = await startFirstAccess('paula.moreira@demo.elo', 'Provisoria#1', '1990-01-01');
    expect(step1.statusCode).toBe(401); // her birth date is not on file yet
    await t.database.db
      .update(users)
      .set({ birthDate: '1988-03-14' })
      .where(eq(users.email, 'paula.moreira@demo.elo'));
    const started = await startFirstAccess('paula.moreira@demo.elo', 'Provisoria#1', '1988-03-14');
    expect(started.json().data).toMatchObject({ flMatricula: 'N', flNumeroCadastrado: 'N' });
    const token = started.json().data.tokenJwtProvisorio as string;

    const badNumber = await t.call('cadastraNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ddi: '55',
      numeroTelefoneNovo: '12ab',
    });
    expect(badNumber.statusCode).toBe(422);
    expect(badNumber.json().errors.numeroTelefoneNovo).toEqual([
      'Informe um número de celular válido, só com números e o DDD',
    ]);

    const sent = await t.call('cadastraNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ddi: '55',
      numeroTelefoneNovo: '21999887766',
    });
    expect(sent.json().data).toMatchObject({ flCodigoEnviado: 'S', flNumeroCadastrado: 'N' });
    const code = gateway.lastCodeTo(newMobile);
    const wrong = await t.call('cadastraNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ddi: '55',
      numeroTelefoneNovo: '21999887766',
      codigoSms: code === '123456' ? '654321' : '123456',
    });
    expect(wrong.json().errors).toEqual({ codigoSms: ['Código inválido ou expirado'] });
    const confirmed = await t.call('cadastraNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ddi: '55',
      numeroTelefoneNovo: '21999887766',
      codigoSms: code,
    });
    expect(confirmed.json().data).toMatchObject({ flNumeroCadastrado: 'S' });
    const [paula] = await t.database.db.select().from(users).where(eq(users.email, 'paula.moreira@demo.elo'));
    expect(paula!.mobilePhone).toBe(newMobile);

    const done = await t.call('alteraSenhaEFazLogin', {
      loginUsuario: 'paula.moreira@demo.elo',
      senhaAntiga: 'Provisoria#1',
      senhaNova: 'Outra#Senha2026',
      codigoSms: code,
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('bad tokens and codes', () => {
  /** Puts a demo person back into first access with a mobile ending in 4444; returns a provisional token. */
  async function pendingUserToken(email = 'lucas.teixeira@demo.elo') {
    await t.database.db
      .update(users)
      .set({
        firstAccessPending: true,
        passwordHash: await (await import('@node-rs/argon2')).hash('Provisoria#1'),
        birthDate: '1991-07-07',
        mobilePhone: '+5511955554444',
      })
      .where(eq(users.email, email));
    const started = await startFirstAccess(email, 'Provisoria#1', '1991-07-07');
    return started.json().data.tokenJwtProvisorio as string;
  }

  it('refuses a provisional token signed with another key', async () => {
    const forged = await new SignJWT({ purpose: 'first_access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('a-different-secret-of-enough-length-000'));
    const response = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: forged,
      ultimosDigitosCelular: '4444',
    });
    expect(response.statusCode).toBe(410);
  });

  it('refuses an expired provisional token, and an older one once a newer was issued', async () => {
    const first = await pendingUserToken();
    const second = await pendingUserToken();
    expect(
      (
        await t.call('confirmaNumeroTelefoneDeslogado', {
          codigoJwtProvisorio: first,
          ultimosDigitosCelular: '4444',
        })
      ).statusCode,
    ).toBe(410);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${accountTokens.usedAt} is null`);
    expect(
      (
        await t.call('confirmaNumeroTelefoneDeslogado', {
          codigoJwtProvisorio: second,
          ultimosDigitosCelular: '4444',
        })
      ).statusCode,
    ).toBe(410);
  });

  it('voids the token after five wrong digit answers', async () => {
    const token = await pendingUserToken();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await t.call('confirmaNumeroTelefoneDeslogado', {
            codigoJwtProvisorio: token,
            ultimosDigitosCelular: '0000',
          })
        ).statusCode,
      ).toBe(422);
    }
    expect(
      (
        await t.call('confirmaNumeroTelefoneDeslogado', {
          codigoJwtProvisorio: token,
          ultimosDigitosCelular: '4444',
        })
      ).statusCode,
    ).toBe(410);
  });

  it('voids a code after five wrong tries, and an expired code is refused', async () => {
    const token = await pendingUserToken();
    await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '4444',
    });
    const code = gateway.lastCodeTo('+5511955554444');
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      await t.call('validaCodigoSms', { login: 'lucas.teixeira@demo.elo', codigoSms: wrongCode });
    expect(
      (await t.call('validaCodigoSms', { login: 'lucas.teixeira@demo.elo', codigoSms: code })).statusCode,
    ).toBe(422);
  });

  it('keeps nothing when the SMS gateway is down, so the person can simply retry', async () => {
    const token = await pendingUserToken('renata.azevedo@demo.elo');
    gateway.state.failing = true;
    const down = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '4444',
    });
    gateway.state.failing = false;
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: 'Não foi possível enviar a mensagem agora. Tente novamente em instantes.',
      error_code: 'DELIVERY_FAILED',
    });
    const retry = await t.call('confirmaNumeroTelefoneDeslogado', {
      codigoJwtProvisorio: token,
      ultimosDigitosCelular: '4444',
    });
    expect(retry.statusCode).toBe(200);
  });

  it('expires a code after its time', async () => {
    const code = gateway.lastCodeTo('+5511955554444');
    expect(
      (await t.call('validaCodigoSms', { login: 'renata.azevedo@demo.elo', codigoSms: code })).statusCode,
    ).toBe(200);
    await t.database.db.update(smsChallenges).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(
      (await t.call('validaCodigoSms', { login: 'renata.azevedo@demo.elo', codigoSms: code })).statusCode,
    ).toBe(422);
  });
});
