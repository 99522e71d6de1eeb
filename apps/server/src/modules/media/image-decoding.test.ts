import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { blankPng } from '../../test/png-builder.ts';

/*
 * Issue 27, item 3: an image is decoded whole before it is accepted, not only its header read.
 * The first 60 bytes of a PNG hold its 260x260 header and the start of its pixels: enough for the
 * header, nowhere near an image.
 */
let t: TestApp;
let admin: string;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await makeCompany(t.database.db);
  companyId = company.companyId;
  admin = await t.signIn(company.master.email, factoryPassword);
});
afterAll(() => t.close());

const unreadable = {
  'pt-BR': 'Arquivo inválido. A imagem está corrompida ou incompleta',
  en: 'Invalid file. The image is corrupt or incomplete',
  es: 'Archivo no válido. La imagen está dañada o incompleta',
};

/** A group saved with a photo, as the administration's group form sends it. */
const saveGroup = (name: string, photo: { body: Buffer; type: string }, language = 'pt-BR') =>
  t.callMultipart('salvaGrupoAdmin', {
    cookie: admin,
    fields: { nome: name, sigla: name.slice(-3).toUpperCase(), flPadrao: 'N' },
    files: [{ field: 'foto', name: photo.type === 'image/png' ? 'foto.png' : 'foto.jpg', ...photo }],
    language,
  });

/** Files stored for the company, however deep. */
async function storedFiles(): Promise<string[]> {
  const folder = path.join(t.dataDir, 'media', String(companyId));
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const groupNames = async () =>
  (await t.database.db.select({ name: groups.name }).from(groups).where(eq(groups.companyId, companyId))).map(
    (row) => row.name,
  );

/** A real 260x260 JPEG of varied pixels, so its scan is long enough to cut. */
const jpeg260 = () =>
  sharp(Buffer.from(Array.from({ length: 260 * 260 * 3 }, (_, i) => (i * 7919) % 256)), {
    raw: { width: 260, height: 260, channels: 3 },
  })
    .jpeg()
    .toBuffer();

describe('images are decoded before they are accepted', () => {
  it('refuses a PNG cut off after its header and a JPEG cut short as a group photo, storing nothing', async () => {
    const png = blankPng(260, 260);
    const headerOnly = png.subarray(0, 60);
    // What the upload read before: the header alone says 260x260, the size a group photo must be.
    expect(await sharp(headerOnly).metadata()).toMatchObject({ format: 'png', width: 260, height: 260 });
    const jpeg = await jpeg260();
    const cutJpeg = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(await sharp(cutJpeg).metadata()).toMatchObject({ format: 'jpeg', width: 260, height: 260 });

    const before = { files: await storedFiles(), groups: await groupNames() };
    for (const [what, photo] of [
      ['the first 60 bytes of a PNG', { body: headerOnly, type: 'image/png' }],
      ['a JPEG cut in the middle of its pixels', { body: cutJpeg, type: 'image/jpeg' }],
    ] as const) {
      const response = await saveGroup('Foto quebrada', photo);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(422);
      expect(response.json().errors, what).toEqual({ foto: [unreadable['pt-BR']] });
    }
    expect({ files: await storedFiles(), groups: await groupNames() }).toEqual(before);

    for (const language of ['en', 'es'] as const) {
      const response = await saveGroup('Foto quebrada', { body: headerOnly, type: 'image/png' }, language);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ foto: [unreadable[language]] });
    }
    expect({ files: await storedFiles(), groups: await groupNames() }).toEqual(before);

    // The same images whole are photos like any other.
    expect((await saveGroup('Foto PNG', { body: png, type: 'image/png' })).statusCode).toBe(200);
    expect((await saveGroup('Foto JPEG', { body: jpeg, type: 'image/jpeg' })).statusCode).toBe(200);
    expect((await storedFiles()).length).toBe(before.files.length + 2);
  });

  it('refuses a cut-off image in a field that takes any file, storing nothing', async () => {
    const before = await storedFiles();
    const response = await t.callMultipart('enviaAnexoChat', {
      cookie: admin,
      files: [{ name: 'print.png', type: 'image/png', body: blankPng(1200, 800).subarray(0, 60) }],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ file: [unreadable['pt-BR']] });
    expect(await storedFiles()).toEqual(before);
  });
});
