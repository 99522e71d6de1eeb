import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/all.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function sessionRows(userEmail: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, userEmail));
  return t.database.db.select().from(sessions).where(eq(sessions.userId, user!.id));
}

describe('doLogin', () => {
  it('signs in by e-mail with everything the portal needs and an httpOnly SameSite=Lax cookie', async () => {
    const response = await t.call('doLogin', { login: 'Maria.Silva@demo.elo', senha: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.usuario.nome).toBe('Maria Silva');
    expect(data.usuario.idUsuarioPai).not.toBe(data.usuario.idUsuario);
    expect(data.permissoes).toEqual([
      'ADMIN_APP_TAB_MENSAGENS',
      'ADMIN_VIEW_APP_ABA_PESQUISAS',
      'PUBLICAR_TIMELINE_APP',
    ]);
    expect(data.listGrupo[0]).toMatchObject({ nome: 'Todos', flPadrao: 'S' });
    expect(data.listGrupo.filter((g: { flPadrao: string }) => g.flPadrao === 'S')).toHaveLength(1);
    // The demo names its chat in English and Spanish too (issue 29).
    expect(data.atalhosPermissoes).toContainEqual({
      permissao: 'ADMIN_APP_TAB_MENSAGENS',
      atalho: 'Mensagens',
      atalhosPorIdioma: { en: 'Messages', es: 'Mensajes' },
    });
    // The demo holds one HR answer Maria has not read yet.
    expect(data.qtdChamadosComMensagemNaoLida).toBe(1);
    expect(data.tokenChat).toMatch(/^[\w-]{43}$/);
    const cookie = response.cookies.find((c) => c.name === 'elo_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    // Beside it, a hint the page can read (no secret), so public pages know to ask who is signed in.
    const hint = response.cookies.find((c) => c.name === 'elo_signed_in')!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint.httpOnly).toBeFalsy();
  });

  it('stores only hashes of the session and chat tokens', async () => {
    const response = await t.call('doLogin', { login: 'maria.silva@demo.elo', senha: 'Demo@1234' });
    const token = response.cookies.find((c) => c.name === 'elo_session')!.value;
    const rows = await sessionRows('maria.silva@demo.elo');
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(token);
    expect(serialized).not.toContain(response.json().data.tokenChat);
  });

  it('signs in by matricula the user whose login type is matricula', async () => {
    const response = await t.call('doLogin', { login: '10002', senha: 'Demo@1234' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.usuario).toMatchObject({ nome: 'Carlos Pereira', tipoLogin: 'MATRICULA' });
  });

  it('does not accept the matricula of a user who signs in by e-mail, nor the reverse', async () => {
    expect((await t.call('doLogin', { login: '10001', senha: 'Demo@1234' })).statusCode).toBe(401);
    expect(
      (await t.call('doLogin', { login: 'carlos.pereira@demo.elo', senha: 'Demo@1234' })).statusCode,
    ).toBe(401);
  });

  it('answers a wrong password and an unknown login the same way', async () => {
    const wrong = await t.call('doLogin', { login: 'joao@outra.elo', senha: 'errada' });
    const unknown = await t.call('doLogin', { login: 'ninguem@demo.elo', senha: 'errada' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Login ou senha inválidos.', error_code: 'INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('tells a user pending first access to do it, without opening a session', async () => {
    const response = await t.call('doLogin', { login: '10099', senha: 'Primeiro@1' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('FIRST_ACCESS_REQUIRED');
    expect(response.json().message).toMatch(/primeiro acesso/);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a deactivated account', async () => {
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, 'paula.moreira@demo.elo'));
    const response = await t.call(
      'doLogin',
      { login: 'paula.moreira@demo.elo', senha: 'Demo@1234' },
      { language: 'en' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'This account is deactivated. Contact the administrator.',
      error_code: 'ACCOUNT_INACTIVE',
    });
  });

  it('hashes passwords with argon2id at or above the OWASP minimum', async () => {
    const [row] = await t.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'maria.silva@demo.elo'));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('the session', () => {
  it('gives the logged user and the permissions to the cookie holder, and 401 to anyone else', async () => {
    const cookie = await t.signIn('admin@demo.elo');
    const me = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data.usuario.idUsuario).toBe(data.usuario.idUsuarioPai);
    expect(data.usuario.flAdministrador).toBe(true);
    expect(data.empresa).toMatchObject({ nome: 'Elo Demonstração', corPrincipal: '#1d4ed8' });
    const permissions = await t.call('recuperaPermissoesUsuario', {}, { cookie });
    expect(permissions.json().data).toMatchObject({ maximoCaracteres: 2000 });
    expect(permissions.json().data.idsGruposAdm).toHaveLength(5);
    expect(permissions.json().data.idsGruposPermitePostar).toHaveLength(5);

    const anonymous = await t.call('recuperaDadosUsuarioLogado');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Sessão expirada', error_code: 'SESSION_EXPIRED' });
    const forged = await t.call('recuperaDadosUsuarioLogado', {}, { cookie: 'elo_session=forged' });
    expect(forged.statusCode).toBe(401);
  });

  it('lists the groups a user may post in and administers', async () => {
    const cookie = await t.signIn('sem.permissao@demo.elo');
    const data = (await t.call('recuperaPermissoesUsuario', {}, { cookie })).json().data;
    expect(data.permissoes).toEqual([]);
    expect(data.idsGruposPermitePostar).toEqual([]);
    expect(data.idsGruposAdm).toEqual([]);
  });

  it('ends on doLogout, which also clears the cookie and revokes the chat token', async () => {
    const cookie = await t.signIn('10002');
    const out = await t.call('doLogout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'elo_session')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'elo_signed_in')?.value).toBe('');
    const stale = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    expect(stale.statusCode).toBe(401);
    // A cookie whose session has ended goes with the 401, hint and all.
    expect(stale.cookies.map((c) => [c.name, c.value])).toEqual([
      ['elo_session', ''],
      ['elo_signed_in', ''],
    ]);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.revokedAt} is not null and ${sessions.chatTokenHash} is null`);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('expires after the idle time', async () => {
    const cookie = await t.signIn('10002');
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(200);
    const idleMinutes = t.config.SESSION_IDLE_MINUTES;
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(mins => ${idleMinutes + 1})` })
      .where(sql`${sessions.revokedAt} is null`);
    const response = await t.call('recuperaDadosUsuarioLogado', {}, { cookie });
    expect(response.statusCode).toBe(401);
    expect(response.json().error_code).toBe('SESSION_EXPIRED');
  });

  it('stays alive while it is used: its last sign of life is written (in a batch, seconds later)', async () => {
    const cookie = await t.signIn('10002');
    const newest = sql`(select max(id) from ${sessions})`;
    // Seen ten minutes ago, well inside the idle time.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(sql`${sessions.id} = ${newest}`);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(200);
    const seenLately = async () => {
      const result = await t.database.db.execute(
        sql`select last_seen_at > now() - interval '1 minute' as fresh from ${sessions} where id = ${newest}`,
      );
      return (result as unknown as { rows: { fresh: boolean }[] }).rows[0]!.fresh;
    };
    await expect.poll(seenLately, { timeout: 15_000, interval: 250 }).toBe(true);
  });

  it('expires at its absolute end even when active', async () => {
    const cookie = await t.signIn('joao@outra.elo');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`${sessions.revokedAt} is null`);
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(401);
  });

  it('ends when the account is deactivated', async () => {
    const cookie = await t.signIn('lucas.teixeira@demo.elo');
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.email, 'lucas.teixeira@demo.elo'));
    expect((await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).statusCode).toBe(401);
  });
});

describe('the Secure cookie behind HTTPS', () => {
  it('is Secure when a trusted proxy says the request came over HTTPS', async () => {
    // A second node of the same deployment, configured to trust its proxy: no database of its own.
    const proxied = await createTestApp({ shareWith: t, env: { TRUST_PROXY: 'true' } });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/backend/doLogin',
        headers: {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-forwarded-proto': 'https',
        },
        payload: JSON.stringify({ login: 'maria.silva@demo.elo', senha: 'Demo@1234' }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'elo_session')!.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
