import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createColorScale } from '@elo/contract/color-scale';
import { AdminPermission, Permission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { auditLog, companies, companyPermissionNames } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type MultipartFile, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let reader: string;
let employee: string;
let otherAdmin: string;

const validColours = { corPrincipal: '#0F766E', corFontePrimaria: '#111111', corFonteSecundaria: '#444444' };

function save(
  cookie: string,
  fields: Record<string, string> = {},
  files: MultipartFile[] = [],
  names?: unknown,
) {
  return t.callMultipart('salvaConfiguracoesAppAdmin', {
    cookie,
    fields: {
      ...validColours,
      ...(names === undefined
        ? {}
        : { nomesFuncoes: typeof names === 'string' ? names : JSON.stringify(names) }),
      ...fields,
    },
    files,
  });
}

const read = (cookie: string) => t.call('consultaConfiguracoesAppAdmin', {}, { cookie });

async function image(format: 'png' | 'jpeg' | 'gif', width = 200, height = 80) {
  const canvas = sharp({ create: { width, height, channels: 3, background: '#b91c1c' } });
  return canvas.toFormat(format).toBuffer();
}

const logoFile = (body: Buffer, name = 'logo.png', type = 'image/png'): MultipartFile => ({
  field: 'logo',
  name,
  type,
  body,
});

async function companyRow(id = companyId) {
  const [row] = await t.database.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

async function auditEntries() {
  return t.database.db
    .select({ changes: auditLog.changes, targetType: auditLog.targetType })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'app_settings_update')))
    .orderBy(asc(auditLog.id));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  const readerPerson = await makePerson(db, {
    companyId,
    administrator: { [AdminPermission.appSettings]: 'L' },
  });
  const employeePerson = await makePerson(db, {
    companyId,
    permissions: [Permission.chat, Permission.surveys, Permission.publishTimeline],
    groupIds: [company.defaultGroupId],
  });
  [admin, reader, employee, otherAdmin] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(employeePerson.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('app settings', () => {
  it('reads the defaults with the 10-shade scale of the main colour (600 main, 500 hover, 400 active)', async () => {
    const response = await read(reader);
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data.configuracoes;
    const scale = createColorScale('#1d4ed8');
    expect(settings).toMatchObject({
      urlLogo: null,
      corPrincipal: '#1d4ed8',
      corFontePrimaria: '#111827',
      corFonteSecundaria: '#4b5563',
      nomesFuncoes: [],
      coresEstados: { principal: '#1d4ed8', hover: scale[500], ativo: scale[400], foco: scale[500] },
    });
    expect(Object.keys(settings.escalaCores)).toEqual([
      '50',
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
    ]);
    expect(settings.escalaCores['600']).toBe('#1d4ed8');
    expect(settings.escalaCores['50']).toBe(scale[50]);
  });

  it('saves colours, names and a logo, audited before/after; the names reach the employees at their next load', async () => {
    const response = await save(
      admin,
      {},
      [logoFile(await image('png'))],
      [
        { permissao: Permission.chat, nome: '  Conversas  ' },
        { permissao: Permission.surveys, nome: 'Opine' },
        { permissao: Permission.publishTimeline, nome: '' },
      ],
    );
    expect(response.statusCode, response.body).toBe(200);
    const settings = response.json().data.configuracoes;
    expect(settings).toMatchObject({
      corPrincipal: '#0f766e',
      corFontePrimaria: '#111111',
      corFonteSecundaria: '#444444',
      nomesFuncoes: [
        { permissao: Permission.chat, nome: 'Conversas' },
        { permissao: Permission.surveys, nome: 'Opine' },
      ],
    });
    expect(settings.escalaCores['600']).toBe('#0f766e');
    expect(settings.escalaCores['900']).toBe(createColorScale('#0f766e')[900]);
    expect(settings.urlLogo).toMatch(new RegExp(`^/backend/midia/${companyId}/branding/`));
    const logo = await t.app.inject({ method: 'GET', url: settings.urlLogo, headers: { cookie: employee } });
    expect(logo.statusCode).toBe(200);

    const [entry] = await auditEntries();
    expect(entry!.targetType).toBe('app_settings');
    expect(entry!.changes).toMatchObject({
      logo: { antes: null, depois: settings.urlLogo },
      corPrincipal: { antes: '#1d4ed8', depois: '#0f766e' },
      nomesFuncoes: {
        antes: {},
        depois: { [Permission.chat]: 'Conversas', [Permission.surveys]: 'Opine' },
      },
    });

    // The employee's session, unchanged, now carries the names and the colours.
    const logged = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie: employee })).json().data;
    expect(logged.atalhosPermissoes).toEqual([
      { permissao: Permission.chat, atalho: 'Conversas' },
      { permissao: Permission.surveys, atalho: 'Opine' },
    ]);
    expect(logged.empresa).toMatchObject({
      corPrincipal: '#0f766e',
      corFontePrimaria: '#111111',
      urlLogo: settings.urlLogo,
    });
  });

  it('keeps the names when the list is not sent, and the logo when none is sent; a new logo replaces the old file', async () => {
    const before = (await read(admin)).json().data.configuracoes;
    const kept = await save(admin, { corPrincipal: '#7c3aed' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.configuracoes).toMatchObject({
      corPrincipal: '#7c3aed',
      urlLogo: before.urlLogo,
      nomesFuncoes: before.nomesFuncoes,
    });

    const replaced = await save(admin, {}, [logoFile(await image('jpeg', 64, 64), 'logo.jpg', 'image/jpeg')]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = replaced.json().data.configuracoes.urlLogo as string;
    expect(newUrl).not.toBe(before.urlLogo);
    // The old file is gone from the storage once the new one is saved.
    const oldKey = (before.urlLogo as string).replace('/backend/midia/', '');
    await expect(t.storage.read(oldKey)).rejects.toThrow();

    // An empty list puts every function back to its default label.
    const cleared = await save(admin, {}, [], []);
    expect(cleared.json().data.configuracoes.nomesFuncoes).toEqual([]);
    const logged = (await t.call('recuperaPermissoesUsuario', {}, { cookie: employee })).json().data;
    expect(logged.atalhosPermissoes).toEqual([]);
  });

  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; without versao it saves as before (issue 27)', async () => {
    const copy = (await read(admin)).json().data.configuracoes;
    expect(copy.versao).toEqual(expect.any(Number));
    const savedA = await save(admin, { corPrincipal: '#be123c', versao: String(copy.versao) });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.configuracoes.versao).toBe(copy.versao + 1);
    const row = await companyRow();
    const audits = (await auditEntries()).length;

    const staleB = await save(
      admin,
      { corPrincipal: '#0369a1', versao: String(copy.versao) },
      [logoFile(await image('png', 64, 64))],
      [{ permissao: Permission.chat, nome: 'Conversas' }],
    );
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    expect(await companyRow()).toEqual(row);
    expect((await auditEntries()).length).toBe(audits);
    expect((await read(admin)).json().data.configuracoes).toMatchObject({
      corPrincipal: '#be123c',
      nomesFuncoes: copy.nomesFuncoes,
    });

    const plain = await save(admin, { corPrincipal: '#0369a1' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data.configuracoes).toMatchObject({
      corPrincipal: '#0369a1',
      versao: copy.versao + 2,
    });
  });

  it('removes the saved logo when asked (flRemoverLogo), audited, its file gone after the save', async () => {
    const stored = await save(admin, {}, [logoFile(await image('png', 64, 64))]);
    expect(stored.statusCode, stored.body).toBe(200);
    const url = stored.json().data.configuracoes.urlLogo as string;
    const key = url.replace('/backend/midia/', '');
    await expect(t.storage.read(key)).resolves.toBeDefined();
    const auditsBefore = (await auditEntries()).length;

    const removed = await save(admin, { flRemoverLogo: 'S' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.configuracoes.urlLogo).toBeNull();
    expect((await read(admin)).json().data.configuracoes.urlLogo).toBeNull();
    expect((await companyRow()).logoKey).toBeNull();
    await expect(t.storage.read(key)).rejects.toThrow();
    const audits = await auditEntries();
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.map((entry) => (entry.changes as Record<string, unknown>).logo)).toContainEqual({
      antes: url,
      depois: null,
    });
  });

  it('refuses bad input with translated 422s, writing nothing and keeping the old logo', async () => {
    const kept = await save(
      admin,
      {},
      [logoFile(await image('png'))],
      [{ permissao: Permission.chat, nome: 'Conversas' }],
    );
    expect(kept.statusCode).toBe(200);
    const before = await companyRow();
    const entriesBefore = (await auditEntries()).length;
    const gif = await image('gif');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');

    const cases: [Promise<Awaited<ReturnType<typeof save>>>, string, string][] = [
      [save(admin, { corPrincipal: 'azul' }), 'corPrincipal', 'Informe uma cor no formato #RRGGBB'],
      [save(admin, { corFontePrimaria: '#12345' }), 'corFontePrimaria', 'Informe uma cor no formato #RRGGBB'],
      [
        save(admin, { corFonteSecundaria: 'rgb(0,0,0)' }),
        'corFonteSecundaria',
        'Informe uma cor no formato #RRGGBB',
      ],
      [
        save(admin, {}, [], [{ permissao: Permission.chat, nome: 'x'.repeat(17) }]),
        'nomesFuncoes.0.nome',
        'Informe um nome com no máximo 16 caracteres',
      ],
      [
        save(admin, {}, [], [{ permissao: 'ADMIN_INEXISTENTE', nome: 'Algo' }]),
        'nomesFuncoes.0.permissao',
        'Esta função não existe no portal',
      ],
      [
        save(
          admin,
          {},
          [],
          [
            { permissao: Permission.chat, nome: 'A' },
            { permissao: Permission.chat, nome: 'B' },
          ],
        ),
        'nomesFuncoes.1.permissao',
        'Esta função já foi nomeada na lista',
      ],
      [save(admin, {}, [], 'não é json'), 'nomesFuncoes', 'Valor inválido'],
      [
        save(admin, {}, [logoFile(gif)]),
        'logo',
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      ],
      [
        save(admin, {}, [logoFile(svg)]),
        'logo',
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      ],
      [
        save(admin, {}, [logoFile(await image('png', 3000, 100))]),
        'logo',
        'O logotipo deve ter de 32 a 2048 pixels de largura e de altura',
      ],
      [
        save(admin, {}, [logoFile(await image('png', 20, 20))]),
        'logo',
        'O logotipo deve ter de 32 a 2048 pixels de largura e de altura',
      ],
    ];
    for (const [pending, field, message] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }

    const tooBig = await save(admin, {}, [logoFile(Buffer.alloc(limits.mediaMaxBytes + 1))]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      message: 'Arquivo inválido. O limite de tamanho de arquivo é 60MB',
      error_code: 'FILE_TOO_LARGE',
    });

    expect(await companyRow()).toEqual(before);
    expect((await auditEntries()).length).toBe(entriesBefore);
    const names = await t.database.db
      .select({ name: companyPermissionNames.name })
      .from(companyPermissionNames)
      .where(eq(companyPermissionNames.companyId, companyId));
    expect(names).toEqual([{ name: 'Conversas' }]);
    const logo = await t.app.inject({
      method: 'GET',
      url: `/backend/midia/${before.logoKey}`,
      headers: { cookie: admin },
    });
    expect(logo.statusCode).toBe(200);
    // No refused logo stayed in the storage.
    const { readdir } = await import('node:fs/promises');
    const stored = await readdir(`${t.dataDir}/media/${companyId}/branding`);
    expect(stored).toEqual([before.logoKey!.split('/').at(-1)]);
  });

  it('refuses a logo heavier than 2 MB with its own message', async () => {
    // A PNG of random pixels does not compress: about 3 MB, within the allowed sides.
    const noise = Buffer.alloc(1000 * 1000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const heavy = await sharp(noise, { raw: { width: 1000, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const response = await save(admin, {}, [logoFile(heavy)]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.logo).toEqual(['Arquivo inválido. O logotipo pode ter no máximo 2 MB']);
  });

  it('is for the company’s own settings administrators: read-only may read, others are refused', async () => {
    expect((await save(reader)).statusCode).toBe(403);
    expect((await read(employee)).statusCode).toBe(403);
    expect((await save(employee)).statusCode).toBe(403);
  });

  it('changes only the caller’s company: the other company keeps its colours, logo and names', async () => {
    await t.database.db
      .insert(companyPermissionNames)
      .values({ companyId: otherCompanyId, permission: Permission.chat, name: 'Papo' });
    const before = await companyRow(otherCompanyId);
    const response = await save(
      otherAdmin,
      { corPrincipal: '#b91c1c' },
      [],
      [{ permissao: Permission.surveys, nome: 'Enquetes' }],
    );
    expect(response.statusCode).toBe(200);
    expect((await companyRow(otherCompanyId)).mainColor).toBe('#b91c1c');
    expect((await companyRow()).mainColor).not.toBe('#b91c1c');
    const mine = (await read(admin)).json().data.configuracoes;
    expect(mine.nomesFuncoes).toEqual([
      { permissao: Permission.chat, nome: 'Conversas', nomesPorIdioma: {} },
    ]);
    const theirs = (await read(otherAdmin)).json().data.configuracoes;
    expect(theirs.nomesFuncoes).toEqual([
      { permissao: Permission.surveys, nome: 'Enquetes', nomesPorIdioma: {} },
    ]);
    expect(before.logoKey).toBeNull();
  });

  it('keeps English and Spanish names beside the default one, audited, for the employees’ portal to pick by language (issue 29)', async () => {
    const auditsBefore = (await auditEntries()).length;
    const response = await save(
      admin,
      {},
      [],
      [
        {
          permissao: Permission.chat,
          nome: 'Mensagens',
          nomesPorIdioma: { en: ' Messages ', es: 'Mensajes' },
        },
        // No Spanish name: Spanish shows the default name.
        { permissao: Permission.surveys, nome: 'Pesquisas', nomesPorIdioma: { en: 'Surveys', es: '' } },
        { permissao: Permission.publishTimeline, nome: 'Publicar' },
      ],
    );
    expect(response.statusCode, response.body).toBe(200);
    const expected = [
      { permissao: Permission.chat, nome: 'Mensagens', nomesPorIdioma: { en: 'Messages', es: 'Mensajes' } },
      { permissao: Permission.surveys, nome: 'Pesquisas', nomesPorIdioma: { en: 'Surveys' } },
      { permissao: Permission.publishTimeline, nome: 'Publicar', nomesPorIdioma: {} },
    ];
    expect(response.json().data.configuracoes.nomesFuncoes).toEqual(expected);
    // Read back from the database.
    expect((await read(reader)).json().data.configuracoes.nomesFuncoes).toEqual(expected);

    const audits = await auditEntries();
    expect(audits).toHaveLength(auditsBefore + 1);
    expect(audits.at(-1)!.changes).toMatchObject({
      nomesFuncoesEn: {
        antes: {},
        depois: { [Permission.chat]: 'Messages', [Permission.surveys]: 'Surveys' },
      },
      nomesFuncoesEs: { antes: {}, depois: { [Permission.chat]: 'Mensajes' } },
    });

    // The employee's portal gets each name with its languages; a function without any shows only atalho.
    const logged = (await t.call('recuperaDadosUsuarioLogado', {}, { cookie: employee })).json().data;
    expect(logged.atalhosPermissoes).toEqual([
      {
        permissao: Permission.chat,
        atalho: 'Mensagens',
        atalhosPorIdioma: { en: 'Messages', es: 'Mensajes' },
      },
      { permissao: Permission.surveys, atalho: 'Pesquisas', atalhosPorIdioma: { en: 'Surveys' } },
      { permissao: Permission.publishTimeline, atalho: 'Publicar' },
    ]);

    // A save without the languages of a function drops them (the list is whole), audited.
    const dropped = await save(admin, {}, [], [{ permissao: Permission.chat, nome: 'Mensagens' }]);
    expect(dropped.json().data.configuracoes.nomesFuncoes).toEqual([
      { permissao: Permission.chat, nome: 'Mensagens', nomesPorIdioma: {} },
    ]);
    expect((await auditEntries()).at(-1)!.changes).toMatchObject({
      nomesFuncoesEs: { antes: { [Permission.chat]: 'Mensajes' }, depois: {} },
    });
  });

  it('refuses a language name over 16 characters or without a default name, in the caller’s language, writing nothing', async () => {
    const before = (await read(admin)).json().data.configuracoes;
    const entriesBefore = (await auditEntries()).length;
    const long = [{ permissao: Permission.chat, nome: 'Mensagens', nomesPorIdioma: { es: 'x'.repeat(17) } }];
    const cases: [Promise<Awaited<ReturnType<typeof save>>>, string, string][] = [
      [
        save(admin, {}, [], long),
        'nomesFuncoes.0.nomesPorIdioma.es',
        'Informe um nome com no máximo 16 caracteres',
      ],
      [
        t.callMultipart('salvaConfiguracoesAppAdmin', {
          cookie: admin,
          language: 'en',
          fields: { ...validColours, nomesFuncoes: JSON.stringify(long) },
        }),
        'nomesFuncoes.0.nomesPorIdioma.es',
        'Enter a name with at most 16 characters',
      ],
      [
        save(admin, {}, [], [{ permissao: Permission.chat, nome: ' ', nomesPorIdioma: { en: 'Messages' } }]),
        'nomesFuncoes.0.nome',
        'Informe o nome padrão para dar nomes em outros idiomas',
      ],
      [
        t.callMultipart('salvaConfiguracoesAppAdmin', {
          cookie: admin,
          language: 'es',
          fields: {
            ...validColours,
            nomesFuncoes: JSON.stringify([
              { permissao: Permission.chat, nome: '', nomesPorIdioma: { es: 'Mensajes' } },
            ]),
          },
        }),
        'nomesFuncoes.0.nome',
        'Introduce el nombre predeterminado para dar nombres en otros idiomas',
      ],
    ];
    for (const [pending, field, message] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await read(admin)).json().data.configuracoes).toEqual(before);
    expect((await auditEntries()).length).toBe(entriesBefore);
  });
});
