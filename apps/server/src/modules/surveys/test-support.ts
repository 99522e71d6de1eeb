import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { surveys } from '../../db/schema/all.ts';
import type { MultipartFile, TestApp } from '../../test/harness.ts';

/** The id of a seeded survey by its title. */
export async function surveyIdByTitle(t: TestApp, title: string): Promise<number> {
  const [row] = await t.database.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.title, title));
  if (!row) throw new Error(`no survey titled ${title}`);
  return row.id;
}

/** Sends a multipart call the way the browser's FormData does. */
export const postMultipart = (
  t: TestApp,
  name: string,
  cookie: string,
  fields: Record<string, string>,
  files: MultipartFile[],
) => t.callMultipart(name, { cookie, fields, files });

export const png = (width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

/** A minimal valid PDF document. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A Windows executable's first bytes: what a renamed .exe looks like. */
export const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
