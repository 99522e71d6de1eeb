import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, countDistinct, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { comments, companies, postMedia, posts, reactions, users } from '../schema/all.ts';
import { createPasswordHasher } from '../../platform/auth/password.ts';
import { createDiskStorage } from '../../platform/storage/media-storage.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemo } from './demo.ts';
import path from 'node:path';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed', () => {
  it('makes a living company: 30+ employees with photos and posts of every media type', async () => {
    const [demo] = await t.database.db.select().from(companies).where(eq(companies.name, 'Elo Demonstração'));
    const [people] = await t.database.db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.companyId, demo!.id), isNotNull(users.photoKey)));
    expect(people!.total).toBeGreaterThanOrEqual(30);
    const types = await t.database.db
      .selectDistinct({ type: posts.type })
      .from(posts)
      .where(and(eq(posts.companyId, demo!.id), eq(posts.status, 'published')));
    expect(types.map((row) => row.type).sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 7]);
    const [withComments] = await t.database.db
      .select({ total: countDistinct(comments.postId) })
      .from(comments)
      .where(eq(comments.companyId, demo!.id));
    expect(withComments!.total).toBeGreaterThan(5);
    const [reacted] = await t.database.db
      .select({ total: count() })
      .from(reactions)
      .where(eq(reactions.companyId, demo!.id));
    expect(reacted!.total).toBeGreaterThan(20);
    const [media] = await t.database.db
      .select({ total: count() })
      .from(postMedia)
      .where(ne(postMedia.mimeType, ''));
    expect(media!.total).toBeGreaterThan(0);
  });

  it('seeds a second company to prove isolation', async () => {
    const rows = await t.database.db.select({ name: companies.name }).from(companies).orderBy(companies.id);
    expect(rows.map((row) => row.name)).toEqual(['Elo Demonstração', 'Outra Indústria S.A.']);
  });

  it('shows the users list with varied units and sectors, inactive people and varied last access', async () => {
    const admin = await t.signIn('admin@demo.elo');
    const answer = await t.call('consultaUsuariosAdmin', { idPaginaAtual: 1 }, { cookie: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().data.listUsuarios as {
      nome: string;
      unidade: string | null;
      setor: string | null;
      flAtivo: string;
      dtUltimoAcesso: string | null;
    }[];
    expect(new Set(rows.map((row) => row.unidade)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((row) => row.setor)).size).toBeGreaterThanOrEqual(4);
    expect(rows.filter((row) => row.flAtivo === 'N').map((row) => row.nome)).toEqual([
      'Rodrigo Batista',
      'Vanessa Lopes',
    ]);
    const ages = rows.map((row) => (row.dtUltimoAcesso ? Date.now() - Date.parse(row.dtUltimoAcesso) : null));
    expect(ages).toContain(null);
    expect(ages.some((age) => age !== null && age > 365 * 86_400_000)).toBe(true);
    expect(ages.some((age) => age !== null && age < 3_600_000)).toBe(true);
    const inactive = await t.call('doLogin', { login: 'rodrigo.batista@demo.elo', senha: 'Demo@1234' });
    expect(inactive.statusCode).toBe(403);
  });

  it('leaves two account deletion requests waiting for the demo company’s administration', async () => {
    const admin = await t.signIn('admin@demo.elo');
    const answer = await t.call(
      'consultaSolicitacoesExclusaoAdmin',
      { status: 'PENDENTE' },
      { cookie: admin },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const names = answer
      .json()
      .data.listSolicitacoes.map((row: { usuario: { nome: string } }) => row.usuario.nome);
    expect(names).toEqual(['Paula Moreira', 'Otávio Dias']);
  });

  it('has a restricted administrator and one awaiting approval in the demo company', async () => {
    const page = { idPaginaAtual: 1, qtdRegistrosPorPagina: 20 };
    const hr = await t.signIn('rh.admin@demo.elo');
    expect((await t.call('consultaAdministradoresAdmin', page, { cookie: hr })).statusCode).toBe(200);
    const removal = await t.call('removeAdministradorAdmin', { idUsuario: 1 }, { cookie: hr });
    expect(removal.statusCode).toBe(403);
    const waiting = await t.signIn('aguardando@demo.elo');
    const refused = await t.call('consultaAdministradoresAdmin', page, { cookie: waiting });
    expect(refused.json().error_code).toBe('ADMIN_NOT_APPROVED');
  });

  it('has publications of every status, with an image, in groups and a mandatory reading with figures', async () => {
    const admin = await t.signIn('admin@demo.elo');
    const answer = await t.call(
      'consultaPublicacoesAdmin',
      { idPaginaAtual: 1, qtdRegistrosPorPagina: 50 },
      { cookie: admin },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = answer.json().data.listPublicacoes as {
      status: string;
      tipo: number;
      flMural: string;
      grupos: unknown[];
      flLeituraObrigatoria: string;
      qtdVisualizacoes: number;
    }[];
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['Publicado', 'Agendado', 'Rascunho']));
    expect(rows.some((row) => row.status === 'Publicado' && row.tipo === 3 && row.flMural === 'S')).toBe(
      true,
    );
    expect(rows.some((row) => row.status === 'Publicado' && row.grupos.length > 0)).toBe(true);
    const reading = rows.find((row) => row.flLeituraObrigatoria === 'S');
    expect(reading?.qtdVisualizacoes).toBeGreaterThan(0);
  });

  it('has the reception’s and the canteen’s corporate TV screens, waiting to be paired', async () => {
    const admin = await t.signIn('admin@demo.elo');
    const answer = await t.call('consultaTelasTvAdmin', {}, { cookie: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    const screens = answer.json().data.listTelas as { nome: string; flPareada: string }[];
    expect(screens.map((screen) => [screen.nome, screen.flPareada])).toEqual([
      ['Recepção', 'N'],
      ['Refeitório', 'N'],
    ]);
  });

  it("has a working SCIM set-up in the demo company's app settings", async () => {
    const admin = await t.signIn('admin@demo.elo');
    const answer = await t.call('consultaProvisionamentoScimAdmin', {}, { cookie: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    const state = answer.json().data as { flTokenAtivo: string; dtUltimoUsoToken: string | null };
    expect(state.flTokenAtivo).toBe('S');
    expect(state.dtUltimoUsoToken).not.toBeNull();
  });

  it('gives the other company corporate sign-in settings, left off, so passwords still work', async () => {
    const admin = await t.signIn('admin@outra.elo');
    const answer = await t.call('consultaConfiguracaoSsoAdmin', {}, { cookie: admin });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.configuracao).toMatchObject({
      protocolo: 'OIDC',
      flAtivo: 'N',
      dominiosEmail: ['outra.elo'],
      emissor: 'https://login.outra.elo/realms/outra',
      flCriarUsuarios: 'S',
      mapeamentoGrupos: [{ valor: 'fabrica' }],
    });
    expect((await t.call('consultaSsoLogin', { login: 'joao@outra.elo' })).json().data.flSso).toBe('N');
  });

  it('changes nothing when run again', async () => {
    const before = await t.database.db.select({ total: count() }).from(users);
    const result = await seedDemo({
      db: t.database.db,
      storage: createDiskStorage(path.join(t.dataDir, 'media')),
      hashPassword: createPasswordHasher(1).hashPassword,
    });
    expect(result.companiesCreated).toBe(0);
    const after = await t.database.db.select({ total: count() }).from(users);
    expect(after).toEqual(before);
    const masters = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${users.companyId}`);
    expect(masters.map((row) => row.email).sort()).toEqual(['admin@demo.elo', 'admin@outra.elo']);
  });
});
