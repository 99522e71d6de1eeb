import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, companyPermissionNames } from '../../db/schema/all.ts';
import { nextVersion, stillAtVersion } from '../../db/schema/columns.ts';
import type { PermissionName } from '../../db/permission-names.ts';

/** The company's branding as stored. */
export interface AppSettingsRow {
  logoKey: string | null;
  mainColor: string;
  fontPrimaryColor: string;
  fontSecondaryColor: string;
}

/** The branding with the settings' version (the form's versao). */
export interface StoredAppSettings extends AppSettingsRow {
  version: number;
}

/**
 * The company's branding; undefined when the company does not exist. With `lock`, the row is held
 * until the transaction ends, so two saves at once each see what the other wrote.
 */
export async function findAppSettings(
  db: Database,
  companyId: number,
  options: { lock?: boolean } = {},
): Promise<StoredAppSettings | undefined> {
  const query = db
    .select({
      logoKey: companies.logoKey,
      mainColor: companies.mainColor,
      fontPrimaryColor: companies.fontPrimaryColor,
      fontSecondaryColor: companies.fontSecondaryColor,
      version: companies.settingsVersion,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export { listPermissionNames, type PermissionName } from '../../db/permission-names.ts';

/**
 * Writes the company's branding and bumps the settings' version; with `version`, only while the
 * stored one is that. Answers the new version, or undefined when someone saved since.
 */
export async function updateAppSettings(
  db: Database,
  companyId: number,
  values: AppSettingsRow,
  version?: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...values, settingsVersion: nextVersion(companies.settingsVersion) })
    .where(and(eq(companies.id, companyId), stillAtVersion(companies.settingsVersion, version)))
    .returning({ version: companies.settingsVersion });
  return row?.version;
}

/**
 * Replaces the company's function names with `names`, each with its names by language (an empty
 * list leaves every default label).
 */
export async function replaceFunctionNames(db: Database, companyId: number, names: PermissionName[]) {
  await db.delete(companyPermissionNames).where(and(eq(companyPermissionNames.companyId, companyId)));
  if (names.length === 0) return;
  await db.insert(companyPermissionNames).values(
    names.map(({ permission, name, byLanguage }) => ({
      companyId,
      permission,
      name,
      nameEn: byLanguage.en ?? null,
      nameEs: byLanguage.es ?? null,
    })),
  );
}
