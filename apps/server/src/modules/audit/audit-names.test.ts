import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { auditLog, catalogItems, groups, users } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makeGroup, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The log stores ids; the screen and the export name people and records as they are named now.
let t: TestApp;
let admin: string;
let anaId: number;
let joaoId: number;
let financeiroId: number;
let comercialSectorId: number;
let vendasId: number;
let eventosId: number;

const listLog = (filter: Record<string, unknown> = {}, language?: string) =>
  t.call(
    'consultaAuditoriaAdmin',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 50, acao: 'names_test', ...filter },
    { cookie: admin, language },
  );

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db, { masterName: 'Beatriz Almeida' });
  const { companyId } = company;
  const sector = async (name: string) => {
    const [row] = await db
      .insert(catalogItems)
      .values({ companyId, kind: 'SETOR', name })
      .returning({ id: catalogItems.id });
    return row!.id;
  };
  financeiroId = await sector('Financeiro');
  comercialSectorId = await sector('Comercial');
  vendasId = await makeGroup(db, { companyId, name: 'Vendas' });
  eventosId = await makeGroup(db, { companyId, name: 'Eventos' });
  const ana = await makePerson(db, { companyId, name: 'Ana Rocha', permissions: employeePermissions });
  const joao = await makePerson(db, {
    companyId,
    name: 'João Prado',
    administrator: { [AdminPermission.users]: 'E' },
  });
  anaId = ana.id;
  joaoId = joao.id;
  admin = await t.signIn(company.master.email, factoryPassword);
  // João moved Ana from Financeiro to Comercial and changed her groups; the entry holds ids only.
  await db.insert(auditLog).values({
    companyId,
    actorUserId: joaoId,
    actorName: 'João Prado',
    action: 'names_test',
    targetType: 'user',
    targetId: String(anaId),
    targetName: 'Ana Rocha',
    changes: {
      idSetor: { antes: financeiroId, depois: comercialSectorId },
      idsGrupos: { antes: [vendasId], depois: [vendasId, eventosId] },
      idResponsavel: { antes: null, depois: joaoId },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the log in names', () => {
  it("shows the target's kind and name, and every id among the changes by its record's name", async () => {
    const [entry] = (await listLog()).json().data.listRegistros;
    expect(entry).toMatchObject({
      nomeAutor: 'João Prado',
      tipoAlvo: 'user',
      nomeTipoAlvo: 'Usuário',
      nomeAlvo: 'Ana Rocha',
      alteracoes: [
        { campo: 'idSetor', nomeCampo: 'Setor', antes: 'Financeiro', depois: 'Comercial' },
        { campo: 'idsGrupos', nomeCampo: 'Grupos', antes: ['Vendas'], depois: ['Vendas', 'Eventos'] },
        { campo: 'idResponsavel', nomeCampo: 'Responsável', antes: null, depois: 'João Prado' },
      ],
    });
    const english = (await listLog({}, 'en')).json().data.listRegistros[0];
    expect(english).toMatchObject({ nomeTipoAlvo: 'User' });
    expect(english.alteracoes[0]).toMatchObject({ nomeCampo: 'Sector', antes: 'Financeiro' });
  });

  it('writes the same words in the export', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/backend/auditoria/exportacao.csv?acao=names_test',
      headers: { cookie: admin, 'accept-language': 'pt-BR' },
    });
    expect(response.statusCode).toBe(200);
    const [, line] = response.body.slice(1).trim().split(/\r?\n/);
    expect(line).toContain(
      ';João Prado;names_test;Usuário;Ana Rocha;"Setor: Financeiro → Comercial; Grupos: Vendas → Vendas, Eventos; Responsável:  → João Prado";',
    );
  });

  it('follows a rename, and names a record that is gone as deleted rather than by its id', async () => {
    const { db } = t.database;
    await db
      .update(catalogItems)
      .set({ name: 'Financeiro e Controladoria' })
      .where(eq(catalogItems.id, financeiroId));
    await db.update(users).set({ name: 'Ana Rocha Lima' }).where(eq(users.id, anaId));
    await db.update(users).set({ name: 'João P. Prado' }).where(eq(users.id, joaoId));
    await db.delete(groups).where(eq(groups.id, eventosId));
    const [entry] = (await listLog()).json().data.listRegistros;
    expect(entry).toMatchObject({
      nomeAutor: 'João P. Prado',
      nomeAlvo: 'Ana Rocha Lima',
      alteracoes: [
        { campo: 'idSetor', antes: 'Financeiro e Controladoria', depois: 'Comercial' },
        { campo: 'idsGrupos', antes: ['Vendas'], depois: ['Vendas', '(excluído)'] },
        { campo: 'idResponsavel', depois: 'João P. Prado' },
      ],
    });
  });
});

describe('the author filter', () => {
  const authors = async (busca: string, idUsuarioAutor?: number) => {
    const response = await t.call(
      'consultaAutoresAuditoriaAdmin',
      { busca, ...(idUsuarioAutor ? { idUsuarioAutor } : {}) },
      { cookie: admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.listAutores as { idUsuario: number; nome: string }[]).map((a) => a.nome);
  };

  it('finds the people who wrote entries by their names, accents and case ignored', async () => {
    expect(await authors('joao')).toEqual(['João P. Prado']);
    expect(await authors('PRADO')).toEqual(['João P. Prado']);
    // Ana wrote nothing: she is a target, not an author.
    expect(await authors('ana')).toEqual([]);
    // The chosen author comes first, whatever the words.
    expect((await authors('', joaoId))[0]).toBe('João P. Prado');
    const filtered = await listLog({ idUsuarioAutor: joaoId });
    expect(filtered.json().data.qtdTotalRegistros).toBe(1);
  });
});
