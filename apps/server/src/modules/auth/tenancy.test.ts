import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/all.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findProfile, listMemberships } from './repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it("shows a user only their own company's groups and branding", async () => {
    const cookie = await t.signIn('joao@outra.elo');
    const data = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie })).json().data;
    expect(data.empresa.nome).toBe('Outra Indústria S.A.');
    expect(data.listGrupo.map((g: { nome: string }) => g.nome)).toEqual(['Geral', 'Fábrica']);
    expect(data.usuario.idUsuarioPai).toBe(data.empresa.idEmpresa);
  });

  it("never serves one company's media to another company's user", async () => {
    const maria = await t.signIn('maria.silva@demo.elo');
    const mariaData = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie: maria })).json().data;
    const photo: string = mariaData.usuario.urlFoto;
    const own = await t.app.inject({ method: 'GET', url: photo, headers: { cookie: maria } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, max-age=86400, immutable');
    const joao = await t.signIn('joao@outra.elo');
    const foreign = await t.app.inject({ method: 'GET', url: photo, headers: { cookie: joao } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error_code).toBe('NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(401);
  });

  it('repo reads of one company cannot reach rows of another, even with a foreign user id', async () => {
    const [maria] = await t.database.db.select().from(users).where(eq(users.email, 'maria.silva@demo.elo'));
    const [joao] = await t.database.db.select().from(users).where(eq(users.email, 'joao@outra.elo'));
    expect(
      await findProfile(t.database.db, { companyId: joao!.companyId, userId: maria!.id }),
    ).toBeUndefined();
    expect(await listMemberships(t.database.db, { companyId: joao!.companyId, userId: maria!.id })).toEqual(
      [],
    );
  });

  it('lets the same matricula exist in two companies and signs in the one whose password matches', async () => {
    // 10002 is Carlos (matricula login) in the demo company and João's matricula in the other.
    const [other] = await t.database.db.select().from(users).where(eq(users.email, 'joao@outra.elo'));
    expect(other!.matricula).toBe('10002');
    const response = await t.call('doLogin', { login: '10002', senha: 'Demo@1234' });
    expect(response.json().data.usuario.nome).toBe('Carlos Pereira');
  });
});
