import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AdminPermission } from '@elo/contract/enums';
import { adminTicketSubjects, auditLog, catalogItems, companies, users } from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makePerson,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let reader: string;
let otherAdmin: string;
let companyId: number;
let otherCompanyId: number;
let people: MadePerson[];

const list = (cookie: string, tipo: string) => t.call('consultaCatalogoAdmin', { tipo }, { cookie });
const save = (cookie: string, body: Record<string, unknown>) =>
  t.call('salvaItemCatalogoAdmin', body, { cookie });
const remove = (cookie: string, tipo: string, id: number) =>
  t.call('excluiItemCatalogoAdmin', { tipo, id }, { cookie });

async function auditActions(action: string) {
  return t.database.db
    .select({ targetName: auditLog.targetName, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  people = await Promise.all([1, 2, 3].map(() => makePerson(db, { companyId })));
  const readerPerson = await makePerson(db, { companyId, administrator: { [AdminPermission.users]: 'L' } });
  [admin, reader, otherAdmin] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('catalogues', () => {
  it('lists items by name with how many people (not deleted) point at each', async () => {
    const { db } = t.database;
    const centro = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Centro' });
    await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'barra', active: false });
    await makeCatalogItem(db, { companyId: otherCompanyId, kind: 'UNIDADE', name: 'Alheia' });
    await db.update(users).set({ unitId: centro }).where(eq(users.id, people[0]!.id));
    await db.update(users).set({ unitId: centro }).where(eq(users.id, people[1]!.id));
    await db.update(users).set({ unitId: centro, deletedAt: new Date() }).where(eq(users.id, people[2]!.id));

    const response = await list(reader, 'UNIDADE');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.listItens).toEqual([
      { id: expect.any(Number), nome: 'barra', flAtivo: 'N', qtdUsuarios: 0 },
      { id: centro, nome: 'Centro', flAtivo: 'S', qtdUsuarios: 2 },
    ]);
  });

  it('creates, renames and deactivates an item, each audited', async () => {
    const created = await save(admin, { tipo: 'SETOR', nome: '  Financeiro  ', flAtivo: 'S' });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data.item;
    expect(item).toEqual({ id: expect.any(Number), nome: 'Financeiro', flAtivo: 'S', qtdUsuarios: 0 });

    const renamed = await save(admin, { tipo: 'SETOR', id: item.id, nome: 'Finanças', flAtivo: 'N' });
    expect(renamed.json().data.item).toMatchObject({ id: item.id, nome: 'Finanças', flAtivo: 'N' });
    // Renaming to the same name with other letter case is the item itself, not a clash.
    expect(
      (await save(admin, { tipo: 'SETOR', id: item.id, nome: 'FINANÇAS', flAtivo: 'N' })).statusCode,
    ).toBe(200);

    expect((await auditActions('catalog_item_create')).map((entry) => entry.targetName)).toContain(
      'Financeiro',
    );
    const updates = await auditActions('catalog_item_update');
    expect(updates.map((entry) => entry.changes)).toContainEqual({
      nome: { antes: 'Financeiro', depois: 'Finanças' },
      ativo: { antes: true, depois: false },
    });
  });

  it('refuses a name already used in the kind, whatever the case, with a 422 on nome', async () => {
    await save(admin, { tipo: 'CARGO', nome: 'Analista', flAtivo: 'S' });
    const clash = await save(admin, { tipo: 'CARGO', nome: 'ANALISTA', flAtivo: 'S' });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ nome: ['Já existe um item com este nome'] });
    // Another kind may have the same name.
    expect((await save(admin, { tipo: 'SETOR', nome: 'Analista', flAtivo: 'S' })).statusCode).toBe(200);
    const empty = await save(admin, { tipo: 'CARGO', nome: '   ', flAtivo: 'S' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['nome']);
  });

  it('deletes an unused item and refuses one in use with 409 and how many use it', async () => {
    const { db } = t.database;
    const unused = await makeCatalogItem(db, { companyId, kind: 'FILIAL', name: 'Filial Sul' });
    const used = await makeCatalogItem(db, { companyId, kind: 'FILIAL', name: 'Filial Norte' });
    await db.update(users).set({ branchId: used }).where(eq(users.id, people[0]!.id));

    const refused = await remove(admin, 'FILIAL', used);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error_code: 'CATALOG_ITEM_IN_USE',
      message: 'Este item está em uso por 1 pessoa(s) e não pode ser excluído. Desative-o em vez disso.',
    });
    expect(await db.select().from(catalogItems).where(eq(catalogItems.id, used))).toHaveLength(1);

    expect((await remove(admin, 'FILIAL', unused)).json().data).toEqual({ ok: true });
    expect(await db.select().from(catalogItems).where(eq(catalogItems.id, unused))).toHaveLength(0);
    expect((await auditActions('catalog_item_delete')).map((entry) => entry.targetName)).toEqual([
      'Filial Sul',
    ]);
  });

  it('counts the administrators assigned to a ticket subject and keeps it while assigned', async () => {
    const { db } = t.database;
    const subject = await makeCatalogItem(db, { companyId, kind: 'ASSUNTO_CHAMADO', name: 'Férias' });
    await db.insert(adminTicketSubjects).values({ companyId, userId: companyId, itemId: subject });
    expect((await list(admin, 'ASSUNTO_CHAMADO')).json().data.listItens).toEqual([
      { id: subject, nome: 'Férias', flAtivo: 'S', qtdUsuarios: 1 },
    ]);
    expect((await remove(admin, 'ASSUNTO_CHAMADO', subject)).statusCode).toBe(409);
  });

  it('answers 404 for an item of another kind or another company, changing nothing', async () => {
    const { db } = t.database;
    const theirs = await makeCatalogItem(db, { companyId: otherCompanyId, kind: 'CARGO', name: 'Gerente' });
    const ours = await makeCatalogItem(db, { companyId, kind: 'CARGO', name: 'Diretor' });
    expect((await save(admin, { tipo: 'CARGO', id: theirs, nome: 'Tomado', flAtivo: 'S' })).statusCode).toBe(
      404,
    );
    expect((await remove(admin, 'CARGO', theirs)).statusCode).toBe(404);
    expect((await remove(admin, 'SETOR', ours)).statusCode).toBe(404);
    expect((await remove(otherAdmin, 'CARGO', ours)).statusCode).toBe(404);
    const [row] = await db
      .select({ name: catalogItems.name })
      .from(catalogItems)
      .where(eq(catalogItems.id, theirs));
    expect(row?.name).toBe('Gerente');
  });

  it('lets a read-only administrator read but not change', async () => {
    expect((await save(reader, { tipo: 'CARGO', nome: 'Estagiário', flAtivo: 'S' })).statusCode).toBe(403);
  });
});

describe('fields employees change themselves', () => {
  it('answers and saves the company fields, audited, without touching another company', async () => {
    const before = await t.call('consultaConfiguracoesUsuarioAdmin', {}, { cookie: admin });
    expect(before.json().data).toEqual({ camposEditaveis: ['TEXTO_PERFIL', 'FOTO'] });

    const saved = await t.call(
      'salvaConfiguracoesUsuarioAdmin',
      { camposEditaveis: ['CELULAR', 'TEXTO_PERFIL'] },
      { cookie: admin },
    );
    expect(saved.json().data).toEqual({ camposEditaveis: ['TEXTO_PERFIL', 'CELULAR'] });
    const read = await t.call('consultaConfiguracoesUsuarioAdmin', {}, { cookie: reader });
    expect(read.json().data).toEqual({ camposEditaveis: ['TEXTO_PERFIL', 'CELULAR'] });

    const [theirs] = await t.database.db
      .select({ fields: companies.selfEditableFields })
      .from(companies)
      .where(eq(companies.id, otherCompanyId));
    expect(theirs?.fields).toEqual(['TEXTO_PERFIL', 'FOTO']);
    const [entry] = await auditActions('user_settings_update');
    expect(entry?.changes).toEqual({
      camposEditaveis: { antes: ['TEXTO_PERFIL', 'FOTO'], depois: ['TEXTO_PERFIL', 'CELULAR'] },
    });

    const bad = await t.call(
      'salvaConfiguracoesUsuarioAdmin',
      { camposEditaveis: ['NOME'] },
      { cookie: admin },
    );
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.call('salvaConfiguracoesUsuarioAdmin', { camposEditaveis: [] }, { cookie: reader }))
        .statusCode,
    ).toBe(403);
  });
});
