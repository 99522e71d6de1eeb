import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { companies, tvPairingCodes, tvScreenGroups, tvScreens } from '../../db/schema/all.ts';

export { findCompanyGroupIds, listGroupChoices } from '../../db/company-groups.ts';

/** What a screen shows, as the form sets it. */
export interface ScreenValues {
  name: string;
  groupIds: number[];
  secondsPerSlide: number;
  showAnnouncements: boolean;
  showPublications: boolean;
  publicationCount: number;
  showCelebrations: boolean;
}

const groupIdsOf = sql<number[]>`coalesce((select array_agg(g.group_id order by g.group_id)
    from tv_screen_groups g where g.screen_id = "tv_screens"."id"), '{}')`;

const screenColumns = {
  id: tvScreens.id,
  companyId: tvScreens.companyId,
  name: tvScreens.name,
  secondsPerSlide: tvScreens.secondsPerSlide,
  showAnnouncements: tvScreens.showAnnouncements,
  showPublications: tvScreens.showPublications,
  publicationCount: tvScreens.publicationCount,
  showCelebrations: tvScreens.showCelebrations,
  paired: sql<boolean>`${tvScreens.tokenHash} is not null`,
  lastContactAt: tvScreens.lastContactAt,
  groupIds: groupIdsOf,
  version: tvScreens.version,
};

export type ScreenRow = Awaited<ReturnType<typeof listScreens>>[number];

/** The company's screens by name. */
export async function listScreens(db: Database, companyId: number) {
  return db
    .select(screenColumns)
    .from(tvScreens)
    .where(eq(tvScreens.companyId, companyId))
    .orderBy(asc(tvScreens.name), asc(tvScreens.id));
}

/** One screen of the company, or undefined. */
export async function findScreen(db: Database, companyId: number, screenId: number) {
  const [row] = await db
    .select(screenColumns)
    .from(tvScreens)
    .where(and(eq(tvScreens.companyId, companyId), eq(tvScreens.id, screenId)));
  return row;
}

/** Locks one screen of the company for a change; undefined when it is not the company's. */
export async function lockScreen(db: Database, companyId: number, screenId: number) {
  const [row] = await db
    .select({ id: tvScreens.id, version: tvScreens.version })
    .from(tvScreens)
    .where(and(eq(tvScreens.companyId, companyId), eq(tvScreens.id, screenId)))
    .for('update');
  return row;
}

const columnsOf = (values: ScreenValues) => ({
  name: values.name,
  secondsPerSlide: values.secondsPerSlide,
  showAnnouncements: values.showAnnouncements,
  showPublications: values.showPublications,
  publicationCount: values.publicationCount,
  showCelebrations: values.showCelebrations,
});

export async function insertScreen(db: Database, companyId: number, values: ScreenValues): Promise<number> {
  const [row] = await db
    .insert(tvScreens)
    .values({ companyId, ...columnsOf(values) })
    .returning({ id: tvScreens.id });
  return row!.id;
}

/**
 * Changes a screen's settings and bumps its version. With `version`, only while the stored
 * version is that one: answers false when it is not (someone saved since).
 */
export async function updateScreen(
  db: Database,
  companyId: number,
  screenId: number,
  values: ScreenValues,
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(tvScreens)
    .set({ ...columnsOf(values), version: nextVersion(tvScreens.version) })
    .where(recordAtVersion(tvScreens, companyId, screenId, version))
    .returning({ id: tvScreens.id });
  return rows.length > 0;
}

export async function replaceScreenGroups(
  db: Database,
  companyId: number,
  screenId: number,
  groupIds: number[],
) {
  await db.delete(tvScreenGroups).where(eq(tvScreenGroups.screenId, screenId));
  if (groupIds.length === 0) return;
  await db.insert(tvScreenGroups).values(groupIds.map((groupId) => ({ companyId, screenId, groupId })));
}

export async function deleteScreen(db: Database, companyId: number, screenId: number) {
  await db.delete(tvScreens).where(and(eq(tvScreens.companyId, companyId), eq(tvScreens.id, screenId)));
}

/** Sets (a new device's) or clears (revoked, being paired again) the screen's token hash. */
export async function setScreenToken(
  db: Database,
  companyId: number,
  screenId: number,
  tokenHash: string | null,
) {
  await db
    .update(tvScreens)
    .set(
      tokenHash
        ? { tokenHash, pairedAt: sql`now()`, revokedAt: null }
        : { tokenHash: null, revokedAt: sql`now()` },
    )
    .where(and(eq(tvScreens.companyId, companyId), eq(tvScreens.id, screenId)));
}

/** The screen a device token hash belongs to, if any (revoked and replaced tokens match none). */
export async function findScreenByToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ id: tvScreens.id, companyId: tvScreens.companyId })
    .from(tvScreens)
    .where(eq(tvScreens.tokenHash, tokenHash));
  return row;
}

/** Whether the screen of the company has a device paired now. */
export async function isScreenPaired(db: Database, companyId: number, screenId: number) {
  const [row] = await db
    .select({ id: tvScreens.id })
    .from(tvScreens)
    .where(
      and(
        eq(tvScreens.companyId, companyId),
        eq(tvScreens.id, screenId),
        sql`${tvScreens.tokenHash} is not null`,
      ),
    );
  return row !== undefined;
}

/** Records the screen's contact now, unless one was recorded within the last `seconds`. */
export async function touchScreen(db: Database, screenId: number, seconds: number) {
  await db
    .update(tvScreens)
    .set({ lastContactAt: sql`now()` })
    .where(
      and(
        eq(tvScreens.id, screenId),
        or(
          isNull(tvScreens.lastContactAt),
          lt(tvScreens.lastContactAt, sql`now() - make_interval(secs => ${seconds})`),
        ),
      ),
    );
}

/** The company's name, logo and main colour, for the screen's frame. */
export async function findCompanyBrand(db: Database, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, logoKey: companies.logoKey, mainColor: companies.mainColor })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** Stores a new pairing code's hashes; false when the code is taken by another live row. */
export async function insertPairingCode(
  db: Database,
  values: { codeHash: string; requestHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(tvPairingCodes)
    .values(values)
    .onConflictDoNothing({ target: tvPairingCodes.codeHash })
    .returning({ id: tvPairingCodes.id });
  return rows.length > 0;
}

/** Forgets codes that expired a day ago or more (nobody can use them; the audit keeps the pairings). */
export async function deleteStaleCodes(db: Database) {
  await db.delete(tvPairingCodes).where(lt(tvPairingCodes.expiresAt, sql`now() - interval '1 day'`));
}

/** A code still usable: not expired and its token not collected yet. Locked when asked. */
export async function findLiveCode(db: Database, codeHash: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: tvPairingCodes.id,
      requestHash: tvPairingCodes.requestHash,
      expiresAt: tvPairingCodes.expiresAt,
      companyId: tvPairingCodes.companyId,
      screenId: tvPairingCodes.screenId,
    })
    .from(tvPairingCodes)
    .where(
      and(
        eq(tvPairingCodes.codeHash, codeHash),
        gt(tvPairingCodes.expiresAt, sql`now()`),
        isNull(tvPairingCodes.usedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Binds a live, unbound code to a screen of the company; false when it was bound meanwhile. */
export async function bindCode(db: Database, codeId: number, companyId: number, screenId: number) {
  const rows = await db
    .update(tvPairingCodes)
    .set({ companyId, screenId, pairedAt: sql`now()` })
    .where(and(eq(tvPairingCodes.id, codeId), isNull(tvPairingCodes.screenId), isNull(tvPairingCodes.usedAt)))
    .returning({ id: tvPairingCodes.id });
  return rows.length > 0;
}

/** Codes bound to the screen whose token was not collected yet stop working (revoked, paired again). */
export async function voidPendingCodes(db: Database, screenId: number) {
  await db
    .update(tvPairingCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(tvPairingCodes.screenId, screenId), isNull(tvPairingCodes.usedAt)));
}

/** Marks a code used: its token was collected. */
export async function markCodeUsed(db: Database, codeId: number) {
  await db
    .update(tvPairingCodes)
    .set({ usedAt: sql`now()` })
    .where(eq(tvPairingCodes.id, codeId));
}
