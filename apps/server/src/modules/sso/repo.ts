import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  groupMembers,
  groups,
  sessions,
  ssoConfigs,
  ssoDomains,
  ssoFlows,
  ssoSessions,
  ssoUsedAssertions,
  users,
  type SsoGroupMapping,
} from '../../db/schema/all.ts';
import { nextVersion, stillAtVersion } from '../../db/schema/columns.ts';

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;

/** The company's settings with its domains, or undefined before its first save. */
export async function findSsoConfig(db: Database, companyId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(ssoConfigs).where(eq(ssoConfigs.companyId, companyId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.companyId, companyId))
    .orderBy(asc(ssoDomains.domain));
  return { ...row, domains: domains.map((item) => item.domain) };
}
export type SsoConfig = NonNullable<Awaited<ReturnType<typeof findSsoConfig>>>;

/** What the settings form writes. */
export type SsoConfigValues = Omit<SsoConfigRow, 'companyId' | 'updatedAt' | 'version'>;

/**
 * Writes the company's settings (the first save inserts them). With `version`, only while the
 * stored one is that version: answers the new version, or undefined when someone saved since.
 */
export async function writeSsoConfig(
  db: Database,
  companyId: number,
  values: SsoConfigValues,
  version: number | undefined,
  exists: boolean,
): Promise<number | undefined> {
  if (!exists) {
    const [row] = await db
      .insert(ssoConfigs)
      .values({ companyId, ...values })
      .returning({ version: ssoConfigs.version });
    return row?.version;
  }
  const [row] = await db
    .update(ssoConfigs)
    .set({ ...values, updatedAt: sql`now()`, version: nextVersion(ssoConfigs.version) })
    .where(and(eq(ssoConfigs.companyId, companyId), stillAtVersion(ssoConfigs.version, version)))
    .returning({ version: ssoConfigs.version });
  return row?.version;
}

/** Of these domains, those another company already signs in with. */
export async function findDomainsOfOthers(db: Database, companyId: number, domains: string[]) {
  if (domains.length === 0) return [];
  const rows = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(and(inArray(ssoDomains.domain, domains), sql`${ssoDomains.companyId} <> ${companyId}`));
  return rows.map((row) => row.domain);
}

/** Makes the company's domains exactly these. */
export async function replaceDomains(db: Database, companyId: number, domains: string[]): Promise<void> {
  await db.delete(ssoDomains).where(eq(ssoDomains.companyId, companyId));
  if (domains.length > 0)
    await db.insert(ssoDomains).values(domains.map((domain) => ({ domain, companyId })));
}

/** The company whose single sign-on a domain belongs to, with its settings' switches. */
export async function findCompanyOfDomain(db: Database, domain: string) {
  const [row] = await db
    .select({ companyId: ssoConfigs.companyId, active: ssoConfigs.active, ssoOnly: ssoConfigs.ssoOnly })
    .from(ssoDomains)
    .innerJoin(ssoConfigs, eq(ssoConfigs.companyId, ssoDomains.companyId))
    .where(eq(ssoDomains.domain, domain));
  return row;
}

/** The company's groups that exist, of these ids. */
export async function findGroupIds(db: Database, companyId: number, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), inArray(groups.id, groupIds)));
  return rows.map((row) => row.id);
}

/** The company's groups, for the mapping's picker. */
export function listGroups(db: Database, companyId: number) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(groups.name));
}

/** The company's active administrators (the master among them), for the break-glass list. */
export function listAdministrators(db: Database, companyId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isAdministrator, true),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.name));
}

/** Stores a flow step under its key's hash, clearing the company's expired ones on the way. */
export async function insertFlow(
  db: Database,
  values: {
    keyHash: string;
    companyId: number;
    kind: string;
    data: Record<string, unknown>;
    expiresAt: Date;
  },
): Promise<void> {
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, sql`now()`));
  await db.insert(ssoFlows).values(values);
}

/** Takes a live flow step of a kind by its key's hash: it is gone afterwards (used once). */
export async function takeFlow(db: Database, keyHash: string, kind: string) {
  const [row] = await db
    .delete(ssoFlows)
    .where(and(eq(ssoFlows.keyHash, keyHash), eq(ssoFlows.kind, kind)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return row;
}

/** Records an assertion as taken; answers false when it was taken before (a replay). */
export async function takeAssertion(
  db: Database,
  companyId: number,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(ssoUsedAssertions).where(lt(ssoUsedAssertions.expiresAt, sql`now()`));
  const rows = await db
    .insert(ssoUsedAssertions)
    .values({ companyId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: ssoUsedAssertions.assertionId });
  return rows.length > 0;
}

/** Notes that a session came from the identity provider, with what its sign-out needs. */
export async function insertSsoSession(
  db: Database,
  values: { sessionId: number; companyId: number; protocol: string; idToken: string | null },
): Promise<void> {
  await db.insert(ssoSessions).values(values);
}

/** The provider's part of a session known by its cookie token's hash. */
export async function findSsoSessionByToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      companyId: ssoSessions.companyId,
      protocol: ssoSessions.protocol,
      idToken: ssoSessions.idToken,
    })
    .from(ssoSessions)
    .innerJoin(sessions, eq(sessions.id, ssoSessions.sessionId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

/** The session id of a cookie token's hash. */
export async function findSessionId(db: Database, tokenHash: string): Promise<number | undefined> {
  const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, tokenHash));
  return row?.id;
}

/**
 * The company's person a login claim names: by e-mail (any case) or by matricula, within that
 * company only.
 */
export async function findPersonByLogin(db: Database, companyId: number, login: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      active: users.active,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        or(sql`lower(${users.email}) = lower(${login})`, eq(users.matricula, login)),
      ),
    )
    .limit(1);
  return row;
}

/** Whether someone of any company already holds this e-mail (e-mails sign one person in). */
export async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row !== undefined;
}

/** The groups, of these, the person belongs to. */
export async function findMemberships(db: Database, companyId: number, userId: number, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ groupId: groupMembers.groupId, byRule: groupMembers.byRule })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.userId, userId),
        inArray(groupMembers.groupId, groupIds),
      ),
    );
  return rows;
}

/** Adds the person to groups as a plain member (never a group administrator, never posting). */
export async function addMemberships(db: Database, companyId: number, userId: number, groupIds: number[]) {
  if (groupIds.length === 0) return;
  await db
    .insert(groupMembers)
    .values(groupIds.map((groupId) => ({ companyId, groupId, userId, isAdmin: false, canPost: false })))
    .onConflictDoNothing();
}

/**
 * Takes the person out of groups; where one of a group's audience rules holds them, they stay
 * by that rule alone (the provider decides what it was given, not the company's rules).
 */
export async function removeMemberships(db: Database, companyId: number, userId: number, groupIds: number[]) {
  if (groupIds.length === 0) return;
  const theirs = and(
    eq(groupMembers.companyId, companyId),
    eq(groupMembers.userId, userId),
    inArray(groupMembers.groupId, groupIds),
  );
  await db
    .update(groupMembers)
    .set({ byHand: false })
    .where(and(theirs, eq(groupMembers.byRule, true)));
  await db.delete(groupMembers).where(and(theirs, eq(groupMembers.byRule, false)));
}

export type { SsoGroupMapping };
