import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/all.ts';
import { factoryPassword, makeCatalogItem, makeCompany, makeGroup } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/*
 * Optimistic concurrency (issue 27) for a group's audience rules, saved apart from the group form
 * (salvaRegrasGrupoAdmin) with a versao of their own: a stale one answers 409 REGISTRO_ALTERADO
 * and writes nothing; a save without versao replaces the rules as before.
 */

const staleAnswer = {
  message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
  error_code: 'REGISTRO_ALTERADO',
};

let t: TestApp;
let companyId: number;
let admin: string;
let groupId: number;
const units = { centro: 0, norte: 0, sul: 0 };

const call = (name: string, body: unknown) => t.call(name, body, { cookie: admin });

async function readRules() {
  const response = await call('consultaRegrasGrupoAdmin', { idGrupo: groupId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { regras: { idUnidade: number | null }[]; versao: number };
}

async function rulesAuditCount() {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'group_rules_update')));
  return row!.total;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  units.centro = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Centro' });
  units.norte = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Norte' });
  units.sul = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Sul' });
  groupId = await makeGroup(db, { companyId, name: 'Regionais' });
  admin = await t.signIn(company.master.email, factoryPassword);
});
afterAll(async () => {
  await t?.close();
});

describe('a group’s audience rules carry a versao', () => {
  it('answers a save from a stale copy 409 REGISTRO_ALTERADO, writing nothing; a fresh one bumps versao; without versao it saves as before', async () => {
    const copy = await readRules();
    expect(copy).toEqual({ regras: [], versao: 1 });

    const savedA = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      versao: copy.versao,
      regras: [{ idUnidade: units.centro }],
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.versao).toBe(2);
    expect(await rulesAuditCount()).toBe(1);

    const staleB = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      versao: copy.versao,
      regras: [{ idUnidade: units.norte }],
    });
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual(staleAnswer);
    const after = await readRules();
    expect(after.regras.map((rule) => rule.idUnidade)).toEqual([units.centro]);
    expect(after.versao).toBe(2);
    expect(await rulesAuditCount()).toBe(1);

    const plain = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: units.sul }],
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const last = await readRules();
    expect(last.regras.map((rule) => rule.idUnidade)).toEqual([units.sul]);
    expect(last.versao).toBe(3);
  });

  it('keeps the rules’ versao and the group form’s apart: saving one makes no copy of the other stale', async () => {
    const group = (await call('consultaGrupoAdmin', { idGrupo: groupId })).json().data.grupo as {
      nome: string;
      sigla: string;
      versao: number;
    };
    const rules = await readRules();
    const savedRules = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      versao: rules.versao,
      regras: [{ idUnidade: units.norte }],
    });
    expect(savedRules.statusCode, savedRules.body).toBe(200);
    const savedGroup = await t.callMultipart('salvaGrupoAdmin', {
      cookie: admin,
      fields: {
        idGrupo: String(groupId),
        versao: String(group.versao),
        nome: 'Regionais do Sul',
        sigla: group.sigla,
        flPadrao: 'N',
      },
      files: [],
    });
    expect(savedGroup.statusCode, savedGroup.body).toBe(200);
    expect((await readRules()).versao).toBe(rules.versao + 1);
  });
});
