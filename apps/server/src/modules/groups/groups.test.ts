import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull, like } from 'drizzle-orm';
import sharp from 'sharp';
import { AdminPermission, employeePermissions, PostType } from '@elo/contract/enums';
import {
  adminTicketGroups,
  announcementGroups,
  announcements,
  auditLog,
  groupMembers,
  groups,
  posts,
  surveyGroups,
  surveys,
  users,
} from '../../db/schema/all.ts';
import {
  factoryPassword,
  makeCatalogItem,
  makeCompany,
  makeGroup,
  makePerson,
  makePost,
  type MadePerson,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: string;
let reader: string;
let otherAdmin: string;
let companyId: number;
let otherCompanyId: number;
let defaultGroupId: number;
let otherGroupId: number;
const catalog = { centro: 0, norte: 0, ti: 0, rh: 0, analista: 0, otherUnit: 0 };
let ana: MadePerson;
let bruno: MadePerson;
let carla: MadePerson;

async function png(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="260" height="260"><rect width="260" height="260"/></svg>',
);

const saveGroup = (fields: Record<string, string>, photo?: { body: Buffer; name?: string }, cookie = admin) =>
  t.callMultipart('salvaGrupoAdmin', {
    cookie,
    fields,
    files: photo
      ? [{ field: 'foto', name: photo.name ?? 'foto.png', type: 'image/png', body: photo.body }]
      : [],
  });

const call = (name: string, body: unknown, cookie = admin) => t.call(name, body, { cookie });

async function groupCount() {
  return (await t.database.db.select({ id: groups.id }).from(groups).where(eq(groups.companyId, companyId)))
    .length;
}

/** Audit entries of group actions in the company's log. */
async function groupAuditCount() {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'group%')));
  return row!.total;
}

/** The group photo files stored for the company. */
async function storedGroupPhotos() {
  return readdir(`${t.dataDir}/media/${companyId}/groups`, { recursive: true }).catch(() => []);
}

async function membership(groupId: number, userId: number) {
  const [row] = await t.database.db
    .select()
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db, { masterName: 'Beatriz Almeida' });
  const other = await makeCompany(db, { masterName: 'Outro Mestre' });
  companyId = company.companyId;
  otherCompanyId = other.companyId;
  defaultGroupId = company.defaultGroupId;
  otherGroupId = await makeGroup(db, { companyId: otherCompanyId, name: 'Alheio' });
  catalog.centro = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Centro' });
  catalog.norte = await makeCatalogItem(db, { companyId, kind: 'UNIDADE', name: 'Zona Norte' });
  catalog.ti = await makeCatalogItem(db, { companyId, kind: 'SETOR', name: 'Tecnologia' });
  catalog.rh = await makeCatalogItem(db, { companyId, kind: 'SETOR', name: 'Recursos Humanos' });
  catalog.analista = await makeCatalogItem(db, { companyId, kind: 'CARGO', name: 'Analista' });
  catalog.otherUnit = await makeCatalogItem(db, {
    companyId: otherCompanyId,
    kind: 'UNIDADE',
    name: 'Centro',
  });
  const person = (name: string) =>
    makePerson(db, { companyId, name, permissions: employeePermissions, groupIds: [defaultGroupId] });
  ana = await person('Ana Barros');
  bruno = await person('Bruno Costa');
  carla = await person('Carla Dias');
  await db.update(users).set({ unitId: catalog.centro, sectorId: catalog.ti }).where(eq(users.id, ana.id));
  await db.update(users).set({ unitId: catalog.centro, sectorId: catalog.rh }).where(eq(users.id, bruno.id));
  await db.update(users).set({ unitId: catalog.norte, sectorId: catalog.ti }).where(eq(users.id, carla.id));
  const readerPerson = await makePerson(db, {
    companyId,
    name: 'Leitor Grupos',
    administrator: { [AdminPermission.groups]: 'L' },
  });
  [admin, otherAdmin, reader] = await Promise.all([
    t.signIn(company.master.email, factoryPassword),
    t.signIn(other.master.email, factoryPassword),
    t.signIn(readerPerson.email, factoryPassword),
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('groups', () => {
  it('creates a group with a 260x260 photo, lists it with counts and reads it back; audited', async () => {
    const created = await saveGroup(
      { nome: 'Marketing', sigla: 'MKT', flPadrao: 'N' },
      { body: await png(260, 260) },
    );
    expect(created.statusCode, created.body).toBe(200);
    const grupo = created.json().data.grupo;
    expect(grupo).toMatchObject({
      nome: 'Marketing',
      sigla: 'MKT',
      flPadrao: 'N',
      qtdMembros: 0,
      qtdPublicacoes: 0,
    });
    const photo = await t.app.inject({ method: 'GET', url: grupo.urlFoto, headers: { cookie: admin } });
    expect(photo.statusCode).toBe(200);

    const list = await call('consultaGruposAdmin', { idPaginaAtual: 1, qtdRegistrosPorPagina: 10 });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.listGrupos as { nome: string; flPadrao: string; qtdMembros: number }[];
    expect(rows[0]).toMatchObject({ nome: 'Todos', flPadrao: 'S' });
    expect(rows.map((row) => row.nome)).toContain('Marketing');
    expect(rows[0]!.qtdMembros).toBe(4);

    const found = await call('consultaGruposAdmin', { idPaginaAtual: 1, busca: 'market' });
    expect(found.json().data.listGrupos.map((row: { nome: string }) => row.nome)).toEqual(['Marketing']);
    expect(found.json().data.qtdTotalRegistros).toBe(1);

    const one = await call('consultaGrupoAdmin', { idGrupo: grupo.idGrupo });
    expect(one.json().data.grupo.sigla).toBe('MKT');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_create'), eq(auditLog.targetId, String(grupo.idGrupo))));
    expect(entry).toBeDefined();
  });

  it('refuses bad input with translated 422s and writes nothing', async () => {
    // A stored photo first, so the folder read below is known to be where photos go.
    const withPhoto = await saveGroup(
      { nome: 'Com Foto', sigla: 'CF', flPadrao: 'N' },
      { body: await png(260, 260) },
    );
    expect(withPhoto.statusCode).toBe(200);
    const before = await groupCount();
    const auditsBefore = await groupAuditCount();
    const photosBefore = await storedGroupPhotos();
    expect(photosBefore.length).toBeGreaterThan(0);
    const cases: [Record<string, string>, { body: Buffer; name?: string } | undefined, string, string][] = [
      [{ nome: 'A', sigla: 'A' }, undefined, 'sigla', 'A sigla deve ter de 2 a 5 caracteres'],
      [{ nome: 'A', sigla: 'ABCDEF' }, undefined, 'sigla', 'A sigla deve ter de 2 a 5 caracteres'],
      [{ nome: '', sigla: 'AB' }, undefined, 'nome', 'Campo obrigatório'],
      [
        { nome: 'A', sigla: 'AB' },
        { body: await png(259, 260) },
        'foto',
        'A imagem deve ter exatamente 260x260 pixels',
      ],
      [
        { nome: 'A', sigla: 'AB' },
        { body: await png(261, 260) },
        'foto',
        'A imagem deve ter exatamente 260x260 pixels',
      ],
      [
        { nome: 'A', sigla: 'AB' },
        { body: gif },
        'foto',
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      ],
      [
        { nome: 'A', sigla: 'AB' },
        { body: svg },
        'foto',
        'Arquivo inválido. Os formatos de arquivo válido PNG, JPG, JPEG',
      ],
    ];
    for (const [fields, photo, field, message] of cases) {
      const response = await saveGroup({ flPadrao: 'N', ...fields }, photo);
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await groupCount()).toBe(before);
    const english = await t.callMultipart('salvaGrupoAdmin', {
      cookie: admin,
      fields: { nome: 'A', sigla: 'AB', flPadrao: 'N' },
      files: [{ field: 'foto', name: 'foto.png', type: 'image/png', body: await png(300, 260) }],
      language: 'en',
    });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors.foto).toEqual(['The image must be exactly 260x260 pixels']);
    const englishShort = await t.callMultipart('salvaGrupoAdmin', {
      cookie: admin,
      fields: { nome: 'A', sigla: 'A', flPadrao: 'N' },
      language: 'en',
    });
    expect(englishShort.json().errors.sigla).toEqual(['The abbreviation must have 2 to 5 characters']);
    // A file over the 60 MB limit is refused while it streams, with the spec's message.
    const huge = Buffer.concat([await png(260, 260), Buffer.alloc(60 * 1024 * 1024 + 16)]);
    const tooLarge = await saveGroup({ nome: 'Grande', sigla: 'GR', flPadrao: 'N' }, { body: huge });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Arquivo inválido. O limite de tamanho de arquivo é 60MB');
    expect(await groupCount()).toBe(before);
    expect(await groupAuditCount()).toBe(auditsBefore);
    expect(await storedGroupPhotos()).toEqual(photosBefore);
  });

  it('replaces the photo only once the new one is stored, and keeps the old one when the new is refused', async () => {
    const created = await saveGroup(
      { nome: 'Fotografia', sigla: 'FOTO', flPadrao: 'N' },
      { body: await png(260, 260) },
    );
    const { idGrupo, urlFoto } = created.json().data.grupo;
    const refused = await saveGroup(
      { idGrupo: String(idGrupo), nome: 'Fotografia', sigla: 'FOTO', flPadrao: 'N' },
      { body: await png(300, 300) },
    );
    expect(refused.statusCode).toBe(422);
    const still = await call('consultaGrupoAdmin', { idGrupo });
    expect(still.json().data.grupo.urlFoto).toBe(urlFoto);
    expect((await t.app.inject({ method: 'GET', url: urlFoto, headers: { cookie: admin } })).statusCode).toBe(
      200,
    );
    const replaced = await saveGroup(
      { idGrupo: String(idGrupo), nome: 'Fotografia 2', sigla: 'FOTO', flPadrao: 'N' },
      { body: await png(260, 260) },
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.grupo.urlFoto).not.toBe(urlFoto);
    await expect(t.storage.read(urlFoto.replace('/backend/midia/', ''))).rejects.toThrow();
    // Editing without a photo keeps it.
    const renamed = await saveGroup({
      idGrupo: String(idGrupo),
      nome: 'Fotografia 3',
      sigla: 'FT',
      flPadrao: 'N',
    });
    expect(renamed.json().data.grupo.urlFoto).toBe(replaced.json().data.grupo.urlFoto);

    // Removing the saved photo clears it, is audited and removes its file.
    const savedUrl = renamed.json().data.grupo.urlFoto as string;
    const cleared = await saveGroup({
      idGrupo: String(idGrupo),
      nome: 'Fotografia 3',
      sigla: 'FT',
      flPadrao: 'N',
      flRemoverFoto: 'S',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.grupo.urlFoto).toBeNull();
    expect((await call('consultaGrupoAdmin', { idGrupo })).json().data.grupo.urlFoto).toBeNull();
    await expect(t.storage.read(savedUrl.replace('/backend/midia/', ''))).rejects.toThrow();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_update'), eq(auditLog.targetId, String(idGrupo))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.changes).toMatchObject({ foto: { antes: savedUrl, depois: null } });
  });

  it('keeps exactly one default: a new default clears the old one, new users join it, it cannot be deleted nor unmarked', async () => {
    const created = await saveGroup({ nome: 'Novo Padrão', sigla: 'NP', flPadrao: 'S' });
    expect(created.statusCode, created.body).toBe(200);
    const newDefault = created.json().data.grupo.idGrupo as number;
    const defaults = await t.database.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.companyId, companyId), eq(groups.isDefault, true)));
    expect(defaults.map((row) => row.id)).toEqual([newDefault]);

    const person = await call('salvaUsuarioAdmin', {
      nome: 'Recém Chegada',
      tipoLogin: 'EMAIL',
      email: `recem.${Date.now()}@fabrica.elo`,
      senha: 'Provisoria@2026',
      dtNascimento: '1990-04-12',
      idsGrupos: [],
    });
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json().data.usuario.idsGrupos).toEqual([newDefault]);

    const deleting = await call('excluiGrupoAdmin', { idGrupo: newDefault });
    expect(deleting.statusCode).toBe(409);
    expect(deleting.json()).toMatchObject({
      error_code: 'GROUP_DEFAULT_UNDELETABLE',
      message: 'O grupo padrão não pode ser excluído. Escolha outro grupo como padrão antes de excluí-lo.',
    });
    const unmark = await saveGroup({
      idGrupo: String(newDefault),
      nome: 'Novo Padrão',
      sigla: 'NP',
      flPadrao: 'N',
    });
    expect(unmark.statusCode).toBe(422);
    expect(unmark.json().errors.flPadrao).toHaveLength(1);

    // Back to the first default, so the other tests see the company as it was.
    const back = await saveGroup({
      idGrupo: String(defaultGroupId),
      nome: 'Todos',
      sigla: 'TOD',
      flPadrao: 'S',
    });
    expect(back.statusCode).toBe(200);
    expect((await call('consultaGrupoAdmin', { idGrupo: newDefault })).json().data.grupo.flPadrao).toBe('N');
  });

  it('two groups made default at the same moment: both saves succeed and one default is left', async () => {
    const [first, second] = await Promise.all([
      saveGroup({ nome: 'Corrida A', sigla: 'CA', flPadrao: 'N' }),
      saveGroup({ nome: 'Corrida B', sigla: 'CB', flPadrao: 'N' }),
    ]);
    const ids = [first.json().data.grupo.idGrupo as number, second.json().data.grupo.idGrupo as number];
    const answers = await Promise.all(
      ids.map((id, index) =>
        saveGroup({ idGrupo: String(id), nome: `Corrida ${'AB'[index]}`, sigla: 'CR', flPadrao: 'S' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const defaults = await t.database.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.companyId, companyId), eq(groups.isDefault, true)));
    expect(defaults).toHaveLength(1);
    expect(ids).toContain(defaults[0]!.id);
    const back = await saveGroup({
      idGrupo: String(defaultGroupId),
      nome: 'Todos',
      sigla: 'TOD',
      flPadrao: 'S',
    });
    expect(back.statusCode).toBe(200);
  });

  it('answers a save from a stale copy 409 REGISTRO_ALTERADO and keeps the other save, writing nothing (issue 27)', async () => {
    const created = await saveGroup({ nome: 'Versionado', sigla: 'VER', flPadrao: 'N' });
    expect(created.statusCode, created.body).toBe(200);
    const { idGrupo, versao } = created.json().data.grupo as { idGrupo: number; versao: number };
    const read = await call('consultaGrupoAdmin', { idGrupo });
    expect(read.json().data.grupo.versao).toBe(versao);

    // A renames it; B, from the copy read before, changes the abbreviation.
    const savedA = await saveGroup({
      idGrupo: String(idGrupo),
      versao: String(versao),
      nome: 'Versão de A',
      sigla: 'VER',
    });
    expect(savedA.statusCode, savedA.body).toBe(200);
    expect(savedA.json().data.grupo.versao).toBe(versao + 1);
    const audits = await groupAuditCount();
    const photos = await storedGroupPhotos();
    const staleB = await saveGroup(
      { idGrupo: String(idGrupo), versao: String(versao), nome: 'Versionado', sigla: 'VB' },
      { body: await png(260, 260) },
    );
    expect(staleB.statusCode, staleB.body).toBe(409);
    expect(staleB.json()).toEqual({
      message: 'Este registro foi alterado por outra pessoa. Recarregue para ver a versão atual.',
      error_code: 'REGISTRO_ALTERADO',
    });
    const after = (await call('consultaGrupoAdmin', { idGrupo })).json().data.grupo;
    expect(after).toMatchObject({ nome: 'Versão de A', sigla: 'VER', urlFoto: null, versao: versao + 1 });
    expect(await groupAuditCount()).toBe(audits);
    expect(await storedGroupPhotos()).toEqual(photos);

    // Made default elsewhere, the old default's copy goes stale too.
    const defaultCopy = (await call('consultaGrupoAdmin', { idGrupo: defaultGroupId })).json().data.grupo;
    const newDefault = await saveGroup({
      idGrupo: String(idGrupo),
      nome: 'Versão de A',
      sigla: 'VER',
      flPadrao: 'S',
    });
    expect(newDefault.statusCode, newDefault.body).toBe(200);
    const staleDefault = await saveGroup({
      idGrupo: String(defaultGroupId),
      versao: String(defaultCopy.versao),
      nome: defaultCopy.nome,
      sigla: defaultCopy.sigla,
      flPadrao: 'S',
    });
    expect(staleDefault.statusCode, staleDefault.body).toBe(409);
    expect((await call('consultaGrupoAdmin', { idGrupo })).json().data.grupo.flPadrao).toBe('S');

    // Without versao a save overwrites, as before.
    const restored = await saveGroup({
      idGrupo: String(defaultGroupId),
      nome: defaultCopy.nome,
      sigla: defaultCopy.sigla,
      flPadrao: 'S',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.grupo.versao).toBe(defaultCopy.versao + 2);
  });

  it('counts only active people as members', async () => {
    const { db } = t.database;
    const active = await makePerson(db, { companyId, name: 'Hugo Ativo', permissions: employeePermissions });
    const inactive = await makePerson(db, {
      companyId,
      name: 'Iara Inativa',
      permissions: employeePermissions,
    });
    await db.update(users).set({ active: false }).where(eq(users.id, inactive.id));
    const groupId = await makeGroup(db, { companyId, name: 'Contagem', memberIds: [active.id, inactive.id] });
    const one = await call('consultaGrupoAdmin', { idGrupo: groupId });
    expect(one.json().data.grupo.qtdMembros).toBe(1);
    const list = await call('consultaGruposAdmin', { idPaginaAtual: 1, busca: 'Contagem' });
    expect(list.json().data.listGrupos[0].qtdMembros).toBe(1);
  });

  it('deletes a group: posts only there go, posts also elsewhere stay there, announcements only for it go', async () => {
    const { db } = t.database;
    const doomed = await makeGroup(db, { companyId, name: 'Efêmero', memberIds: [ana.id] });
    const onlyHere = await makePost(db, {
      companyId,
      authorId: ana.id,
      groupIds: [doomed],
      text: 'só aqui',
      type: PostType.text,
    });
    const shared = await makePost(db, {
      companyId,
      authorId: ana.id,
      groupIds: [doomed, defaultGroupId],
      text: 'dois',
      type: PostType.text,
    });
    const [banner] = await db
      .insert(announcements)
      .values({
        companyId,
        imageKey: `${companyId}/banners/x.png`,
        description: 'Só para o Efêmero',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: announcements.id });
    await db.insert(announcementGroups).values({ companyId, announcementId: banner!.id, groupId: doomed });
    const [sharedBanner] = await db
      .insert(announcements)
      .values({
        companyId,
        imageKey: `${companyId}/banners/y.png`,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: announcements.id });
    await db.insert(announcementGroups).values([
      { companyId, announcementId: sharedBanner!.id, groupId: doomed },
      { companyId, announcementId: sharedBanner!.id, groupId: defaultGroupId },
    ]);
    const [survey] = await db
      .insert(surveys)
      .values({
        companyId,
        title: 'Clima do Efêmero',
        createdBy: ana.id,
        mainColor: '#0f766e',
        backgroundColor: '#ffffff',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: surveys.id });
    await db.insert(surveyGroups).values([
      { companyId, surveyId: survey!.id, groupId: doomed },
      { companyId, surveyId: survey!.id, groupId: defaultGroupId },
    ]);
    await db.insert(adminTicketGroups).values({ companyId, userId: ana.id, groupId: doomed });

    const elsewhere = await call('excluiGrupoAdmin', { idGrupo: doomed }, otherAdmin);
    expect(elsewhere.statusCode).toBe(404);
    const readOnly = await call('excluiGrupoAdmin', { idGrupo: doomed }, reader);
    expect(readOnly.statusCode).toBe(403);

    const deleted = await call('excluiGrupoAdmin', { idGrupo: doomed });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toEqual({ qtdPublicacoesExcluidas: 1, qtdComunicadosExcluidos: 1 });
    const alive = await db.select({ id: posts.id }).from(posts).where(isNull(posts.deletedAt));
    expect(alive.map((row) => row.id)).toContain(shared.id);
    expect(alive.map((row) => row.id)).not.toContain(onlyHere.id);
    expect(await db.select().from(announcements).where(eq(announcements.id, banner!.id))).toEqual([]);
    expect((await call('consultaGrupoAdmin', { idGrupo: doomed })).statusCode).toBe(404);
    // The announcement for two groups stays, for the other one; the survey keeps its other group.
    const bannerGroups = await db
      .select({ groupId: announcementGroups.groupId })
      .from(announcementGroups)
      .where(eq(announcementGroups.announcementId, sharedBanner!.id));
    expect(bannerGroups).toEqual([{ groupId: defaultGroupId }]);
    const audience = await db
      .select({ groupId: surveyGroups.groupId })
      .from(surveyGroups)
      .where(eq(surveyGroups.surveyId, survey!.id));
    expect(audience).toEqual([{ groupId: defaultGroupId }]);
    expect(await db.select().from(adminTicketGroups).where(eq(adminTicketGroups.groupId, doomed))).toEqual(
      [],
    );
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_delete'), eq(auditLog.targetId, String(doomed))));
    expect(entry).toMatchObject({ targetName: 'Efêmero' });
    expect(entry!.changes).toMatchObject({
      nome: { antes: 'Efêmero', depois: null },
      publicacoesExcluidas: { antes: null, depois: [onlyHere.id] },
      comunicadosExcluidos: { antes: null, depois: 1 },
    });
    // The announcement only for the deleted group is audited as an administrator's deletion of it.
    const announcementEntries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'announcement_delete')));
    expect(announcementEntries).toHaveLength(1);
    expect(announcementEntries[0]).toMatchObject({
      targetType: 'announcement',
      targetId: String(banner!.id),
      targetName: 'Só para o Efêmero',
    });
    expect(announcementEntries[0]!.changes).toMatchObject({
      imagem: { antes: expect.stringContaining('banners/x.png'), depois: null },
      descricao: { antes: 'Só para o Efêmero', depois: null },
      idsGrupos: { antes: [doomed], depois: null },
    });
  });
});

describe('members', () => {
  let groupId: number;

  beforeAll(async () => {
    groupId = await makeGroup(t.database.db, { companyId, name: 'Projetos' });
  });

  it('adds, changes and removes members; the employee session reflects it at the next load', async () => {
    const session = await t.signIn(ana.email, factoryPassword);
    const feed = async () => (await call('recuperaDadosUsuarioLogado', {}, session)).json().data;
    expect((await feed()).listGrupo.map((group: { idGrupo: number }) => group.idGrupo)).not.toContain(
      groupId,
    );

    const candidates = await call('consultaCandidatosMembroGrupoAdmin', { idGrupo: groupId, busca: 'ana b' });
    expect(candidates.json().data.listUsuarios.map((row: { nome: string }) => row.nome)).toEqual([
      'Ana Barros',
    ]);

    const added = await call('adicionaMembrosGrupoAdmin', {
      idGrupo: groupId,
      idsUsuarios: [ana.id, bruno.id],
      flPermitePostar: 'S',
      flAdministrador: 'N',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.qtdAdicionados).toBe(2);
    let data = await feed();
    expect(data.listGrupo.map((group: { idGrupo: number }) => group.idGrupo)).toContain(groupId);
    expect(data.idsGruposPermitePostar).toContain(groupId);
    expect(data.idsGruposAdm).not.toContain(groupId);

    const changed = await call('alteraMembroGrupoAdmin', {
      idGrupo: groupId,
      idUsuario: ana.id,
      flPermitePostar: 'N',
      flAdministrador: 'S',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.membro).toMatchObject({
      flAdministrador: 'S',
      flPermitePostar: 'N',
      flManual: 'S',
    });
    data = await feed();
    expect(data.idsGruposAdm).toContain(groupId);
    expect(data.idsGruposPermitePostar).not.toContain(groupId);

    const members = await call('consultaMembrosGrupoAdmin', { idGrupo: groupId, idPaginaAtual: 1 });
    expect(members.json().data.listMembros.map((row: { nome: string }) => row.nome)).toEqual([
      'Ana Barros',
      'Bruno Costa',
    ]);

    const removed = await call('removeMembrosGrupoAdmin', { idGrupo: groupId, idsUsuarios: [ana.id] });
    expect(removed.json().data).toEqual({ qtdRemovidos: 1, qtdMantidosPorRegra: 0 });
    expect((await feed()).listGrupo.map((group: { idGrupo: number }) => group.idGrupo)).not.toContain(
      groupId,
    );
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(groupId)));
    expect(actions.map((row) => row.action).sort()).toEqual([
      'group_member_update',
      'group_members_add',
      'group_members_remove',
    ]);
  });

  it('refuses people of another company, and other companies reach nothing', async () => {
    const stranger = await makePerson(t.database.db, { companyId: otherCompanyId, name: 'Estranho' });
    const refused = await call('adicionaMembrosGrupoAdmin', {
      idGrupo: groupId,
      idsUsuarios: [stranger.id],
      flPermitePostar: 'N',
      flAdministrador: 'N',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.idsUsuarios).toEqual(['Pessoas não encontradas na empresa']);
    expect(await membership(groupId, stranger.id)).toBeUndefined();
    for (const [name, body] of [
      ['consultaMembrosGrupoAdmin', { idGrupo: groupId }],
      ['consultaGrupoAdmin', { idGrupo: groupId }],
      ['consultaRegrasGrupoAdmin', { idGrupo: groupId }],
      [
        'adicionaMembrosGrupoAdmin',
        { idGrupo: groupId, idsUsuarios: [stranger.id], flPermitePostar: 'N', flAdministrador: 'N' },
      ],
      ['removeMembrosGrupoAdmin', { idGrupo: groupId, idsUsuarios: [bruno.id] }],
      ['salvaRegrasGrupoAdmin', { idGrupo: groupId, regras: [{ idUnidade: catalog.otherUnit }] }],
    ] as const) {
      expect((await call(name, body, otherAdmin)).statusCode, name).toBe(404);
    }
    expect(await membership(groupId, bruno.id)).toBeDefined();
    const list = await call('consultaGruposAdmin', { idPaginaAtual: 1 }, otherAdmin);
    expect(list.json().data.listGrupos.map((row: { idGrupo: number }) => row.idGrupo)).toEqual(
      expect.not.arrayContaining([groupId]),
    );
    expect(list.json().data.listGrupos.map((row: { idGrupo: number }) => row.idGrupo)).toContain(
      otherGroupId,
    );
  });

  it('a read-only administrator reads but cannot write', async () => {
    expect((await call('consultaMembrosGrupoAdmin', { idGrupo: groupId }, reader)).statusCode).toBe(200);
    const refused = await call(
      'adicionaMembrosGrupoAdmin',
      { idGrupo: groupId, idsUsuarios: [carla.id], flPermitePostar: 'N', flAdministrador: 'N' },
      reader,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('audience rules', () => {
  let groupId: number;

  beforeAll(async () => {
    groupId = await makeGroup(t.database.db, { companyId, name: 'Unidade Centro' });
  });

  const memberRows = async () =>
    (
      await call('consultaMembrosGrupoAdmin', {
        idGrupo: groupId,
        idPaginaAtual: 1,
        qtdRegistrosPorPagina: 100,
      })
    ).json().data.listMembros as { nome: string; flPorRegra: string; flManual: string; idUsuario: number }[];

  it('validates rules: a criterion needed, items of the company and of the right kind', async () => {
    const empty = await call('salvaRegrasGrupoAdmin', { idGrupo: groupId, regras: [{}] });
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json().errors)).toContain(
      'Escolha ao menos uma unidade, filial, setor ou cargo',
    );
    const foreign = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.otherUnit }],
    });
    expect(foreign.statusCode).toBe(422);
    const wrongKind = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.ti }],
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.regras).toEqual([
      'Unidade, filial, setor ou cargo não encontrado; escolha um da lista',
    ]);
    expect((await call('consultaRegrasGrupoAdmin', { idGrupo: groupId })).json().data.regras).toEqual([]);
  });

  it('a rule takes everyone matching every criterion; rules add up; the members screen tells by rule from by hand', async () => {
    await call('adicionaMembrosGrupoAdmin', {
      idGrupo: groupId,
      idsUsuarios: [carla.id],
      flPermitePostar: 'N',
      flAdministrador: 'N',
    });
    const saved = await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.centro, idSetor: catalog.ti }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.regras[0]).toMatchObject({
      unidade: 'Centro',
      setor: 'Tecnologia',
      qtdPessoas: 1,
    });
    expect(saved.json().data.qtdMembrosPorRegra).toBe(1);
    const [rulesEntry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'group_rules_update'), eq(auditLog.targetId, String(groupId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(rulesEntry!.changes).toEqual({ regras: { antes: [], depois: ['Centro + Tecnologia'] } });
    let rows = await memberRows();
    expect(rows.map((row) => [row.nome, row.flManual, row.flPorRegra])).toEqual([
      ['Ana Barros', 'N', 'S'],
      ['Carla Dias', 'S', 'N'],
    ]);

    // A second rule adds Bruno (Centro, RH) and Carla (by hand, now by rule too).
    await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [
        { idUnidade: catalog.centro, idSetor: catalog.ti },
        { idSetor: catalog.rh },
        { idUnidade: catalog.norte },
      ],
    });
    rows = await memberRows();
    expect(rows.map((row) => [row.nome, row.flManual, row.flPorRegra])).toEqual([
      ['Ana Barros', 'N', 'S'],
      ['Bruno Costa', 'N', 'S'],
      ['Carla Dias', 'S', 'S'],
    ]);
    const session = await t.signIn(bruno.email, factoryPassword);
    const feed = await call('recuperaDadosUsuarioLogado', {}, session);
    expect(feed.json().data.listGrupo.map((group: { idGrupo: number }) => group.idGrupo)).toContain(groupId);

    // Removing by hand someone also in by rule: they stay, by rule.
    const removed = await call('removeMembrosGrupoAdmin', {
      idGrupo: groupId,
      idsUsuarios: [carla.id, ana.id],
    });
    expect(removed.json().data).toEqual({ qtdRemovidos: 0, qtdMantidosPorRegra: 2 });
    rows = await memberRows();
    expect(rows.find((row) => row.nome === 'Carla Dias')).toMatchObject({ flManual: 'N', flPorRegra: 'S' });

    // Dropping the rules lets everyone held only by rule go.
    await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.centro, idSetor: catalog.ti }],
    });
    rows = await memberRows();
    expect(rows.map((row) => row.nome)).toEqual(['Ana Barros']);
  });

  it('keeps members by rule current as people are created, moved, deactivated and imported', async () => {
    const created = await call('salvaUsuarioAdmin', {
      nome: 'Davi Esteves',
      tipoLogin: 'EMAIL',
      email: `davi.${Date.now()}@fabrica.elo`,
      senha: 'Provisoria@2026',
      dtNascimento: '1991-02-03',
      idUnidade: catalog.centro,
      idSetor: catalog.ti,
      idsGrupos: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    const davi = created.json().data.usuario;
    // In by rule: shown apart from the groups the form chooses (issue 29).
    expect(davi.idsGrupos).not.toContain(groupId);
    expect(davi.listGruposPorRegra.map((group: { idGrupo: number }) => group.idGrupo)).toEqual([groupId]);
    expect(await membership(groupId, davi.idUsuario)).toMatchObject({ byRule: true, byHand: false });

    // Moved out of the sector: leaves.
    const moved = await call('salvaUsuarioAdmin', {
      ...davi,
      idSetor: catalog.rh,
      dtNascimento: '1991-02-03',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await membership(groupId, davi.idUsuario)).toBeUndefined();
    // Moved back (the form as it reads now): returns, by rule only.
    const movedBack = await call('salvaUsuarioAdmin', {
      ...moved.json().data.usuario,
      idSetor: catalog.ti,
      dtNascimento: '1991-02-03',
    });
    expect(movedBack.statusCode, movedBack.body).toBe(200);
    expect(await membership(groupId, davi.idUsuario)).toMatchObject({ byRule: true, byHand: false });

    // Deactivated: leaves; reactivated: returns.
    await call('alteraSituacaoUsuariosAdmin', { idsUsuarios: [davi.idUsuario], flAtivo: 'N' });
    expect(await membership(groupId, davi.idUsuario)).toBeUndefined();
    await call('alteraSituacaoUsuariosAdmin', { idsUsuarios: [davi.idUsuario], flAtivo: 'S' });
    expect(await membership(groupId, davi.idUsuario)).toMatchObject({ byRule: true });

    // Imported: a new person of Centro/Tecnologia joins; Davi moved by the file leaves.
    const csv = [
      'matricula,nome,email,tipoLogin,celular,dtNascimento,dtAdmissao,unidade,filial,setor,cargo,grupos',
      `,Davi Esteves,${davi.email},EMAIL,,03/02/1991,,Zona Norte,,Tecnologia,,`,
      `,Elisa Fonseca,elisa.${Date.now()}@fabrica.elo,EMAIL,,04/05/1992,,Centro,,Tecnologia,,`,
    ].join('\n');
    const imported = await t.callMultipart('importaUsuariosAdmin', {
      cookie: admin,
      fields: { simular: 'N' },
      files: [{ name: 'pessoas.csv', type: 'text/csv', body: Buffer.from(csv) }],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await membership(groupId, davi.idUsuario)).toBeUndefined();
    const [elisa] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.name, 'Elisa Fonseca')));
    expect(await membership(groupId, elisa!.id)).toMatchObject({ byRule: true, byHand: false });
  });

  it("a person's record shows the groups they are in by rule apart, with the rules that hold them; a save cannot put them in or take them out by hand (issue 29)", async () => {
    const { db } = t.database;
    const person = await makePerson(db, {
      companyId,
      name: 'Gabriela Hora',
      permissions: employeePermissions,
      groupIds: [defaultGroupId],
    });
    await db
      .update(users)
      .set({ unitId: catalog.centro, sectorId: catalog.ti, birthDate: '1990-01-02' })
      .where(eq(users.id, person.id));
    await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.centro, idSetor: catalog.ti }, { idUnidade: catalog.norte }],
    });
    const read = async () =>
      (await call('consultaUsuarioAdmin', { idUsuario: person.id })).json().data.usuario as Record<
        string,
        unknown
      > & { idsGrupos: number[] };
    const usuario = await read();
    expect(usuario.idsGrupos).toEqual([defaultGroupId]);
    // Only the rule that matches her (Centro and Tecnologia), by name.
    expect(usuario.listGruposPorRegra).toEqual([
      {
        idGrupo: groupId,
        nome: 'Unidade Centro',
        regras: [{ unidade: 'Centro', filial: null, setor: 'Tecnologia', cargo: null }],
      },
    ]);
    const formOf = (record: typeof usuario) => {
      const form: Record<string, unknown> = { ...record };
      for (const key of [
        'listGruposPorRegra',
        'flPrimeiroAcessoPendente',
        'flAdministrador',
        'dtUltimoAcesso',
        'dtCriacao',
        'urlFoto',
      ])
        delete form[key];
      return form;
    };
    const audits = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.companyId, companyId));

    // Naming the group she is in only by rule: refused, nothing written.
    const naming = await call('salvaUsuarioAdmin', {
      ...formOf(usuario),
      idsGrupos: [defaultGroupId, groupId],
    });
    expect(naming.statusCode).toBe(422);
    expect(naming.json().errors.idsGrupos).toEqual([
      'Esta pessoa está em “Unidade Centro” por uma regra do grupo: o cadastro não a coloca nem a tira dele. Mude as regras do grupo, ou a unidade, filial, setor ou cargo da pessoa.',
    ]);
    expect(await membership(groupId, person.id)).toMatchObject({ byRule: true, byHand: false });
    expect(
      await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, companyId)),
    ).toHaveLength(audits.length);

    // The form as it reads (without it): saved, and she stays by rule.
    const saved = await call('salvaUsuarioAdmin', { ...formOf(usuario), nome: 'Gabriela Hora Lima' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.usuario.listGruposPorRegra).toHaveLength(1);
    expect(await membership(groupId, person.id)).toMatchObject({ byRule: true, byHand: false });

    // Also in by hand (the group's members page): the form may drop that, not the rule.
    await call('adicionaMembrosGrupoAdmin', {
      idGrupo: groupId,
      idsUsuarios: [person.id],
      flPermitePostar: 'N',
      flAdministrador: 'N',
    });
    const both = await read();
    expect(both.idsGrupos).toEqual([defaultGroupId, groupId].sort((a, b) => a - b));
    const dropped = await call('salvaUsuarioAdmin', { ...formOf(both), idsGrupos: [defaultGroupId] });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await membership(groupId, person.id)).toMatchObject({ byRule: true, byHand: false });
  });

  it('a person erased at their request leaves the groups they were in by rule', async () => {
    const { db } = t.database;
    const person = await makePerson(db, { companyId, name: 'Fábio Gomes', permissions: employeePermissions });
    await db
      .update(users)
      .set({ unitId: catalog.centro, sectorId: catalog.ti })
      .where(eq(users.id, person.id));
    await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.centro, idSetor: catalog.ti }],
    });
    expect(await membership(groupId, person.id)).toMatchObject({ byRule: true });
    const matched = async () =>
      (await call('consultaRegrasGrupoAdmin', { idGrupo: groupId })).json().data.regras[0]
        .qtdPessoas as number;
    const before = await matched();
    const cookie = await t.signIn(person.email, factoryPassword);
    const asked = await call('solicitaExclusaoConta', { comentario: 'Saindo da empresa' }, cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    const forced = await call('efetivaSolicitacaoExclusaoAdmin', {
      idSolicitacao: asked.json().data.idSolicitacao,
    });
    expect(forced.statusCode, forced.body).toBe(200);
    await expect
      .poll(async () => (await membership(groupId, person.id)) ?? null, { timeout: 30_000, interval: 200 })
      .toBeNull();
    expect(await matched()).toBe(before - 1);
  });

  it('a catalogue item a rule names cannot be deleted', async () => {
    const unused = await makeCatalogItem(t.database.db, { companyId, kind: 'CARGO', name: 'Estagiário' });
    await call('salvaRegrasGrupoAdmin', {
      idGrupo: groupId,
      regras: [{ idUnidade: catalog.centro, idSetor: catalog.ti }, { idCargo: unused }],
    });
    const refused = await call('excluiItemCatalogoAdmin', { tipo: 'CARGO', id: unused });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('CATALOG_ITEM_IN_RULES');
  });

  it('offers the company’s units, branches, sectors and positions', async () => {
    const options = await call('consultaOpcoesRegrasGrupoAdmin', {});
    expect(options.json().data.listUnidades.map((item: { nome: string }) => item.nome)).toEqual([
      'Centro',
      'Zona Norte',
    ]);
    expect(options.json().data.listSetores).toHaveLength(2);
  });
});
