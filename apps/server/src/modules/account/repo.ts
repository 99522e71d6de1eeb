import { and, desc, eq, gt, isNull, lt, sql, type Column } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountTokens, companies, smsChallenges, users } from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

export type TokenPurpose = 'first_access' | 'password_reset';

/** The user's facts the account flows check. */
export async function findAccount(db: Database, scope: TenantScope) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      email: users.email,
      matricula: users.matricula,
      loginType: users.loginType,
      passwordHash: users.passwordHash,
      birthDate: users.birthDate,
      mobilePhone: users.mobilePhone,
      active: users.active,
      firstAccessPending: users.firstAccessPending,
      companyName: companies.name,
      companyLogoKey: companies.logoKey,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return row;
}

export type Account = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Accounts with this e-mail, or with this matricula (in any company). */
export async function findAccountIdsBy(db: Database, by: { email: string } | { matricula: string }) {
  const condition =
    'email' in by ? sql`lower(${users.email}) = lower(${by.email})` : eq(users.matricula, by.matricula);
  return db.select({ userId: users.id, companyId: users.companyId }).from(users).where(condition).limit(5);
}

/**
 * Tokens and SMS codes are alike: one user's, of one purpose, open until closed (a token's
 * `usedAt`, a code's `consumedAt`), void after too many wrong answers.
 */
type SecretTable = typeof accountTokens | typeof smsChallenges;

/** The user's open secrets of a purpose. */
function openSecrets(table: SecretTable, closedAt: Column, scope: TenantScope, purpose: TokenPurpose) {
  return and(
    eq(table.companyId, scope.companyId),
    eq(table.userId, scope.userId),
    eq(table.purpose, purpose),
    isNull(closedAt),
  );
}

/** One more wrong answer, and the time the secret closes: now once `maxAttempts` is reached. */
function wrongAnswer(table: SecretTable, maxAttempts: number) {
  return {
    attempts: sql`${table.attempts} + 1`,
    closedAt: sql`case when ${table.attempts} + 1 >= ${maxAttempts} then now() else null end`,
  };
}

/** Stores a new token (its hash), voiding the user's earlier unused ones of the same purpose. */
export async function replaceToken(
  db: Database,
  values: {
    scope: TenantScope;
    purpose: TokenPurpose;
    channel: string | null;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  await voidTokens(db, values.scope, values.purpose);
  await db.insert(accountTokens).values({
    companyId: values.scope.companyId,
    userId: values.scope.userId,
    purpose: values.purpose,
    channel: values.channel,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
  });
}

/** A token that is still good: unused and not expired. */
export async function findLiveToken(db: Database, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Counts a wrong answer given with a token; the token is void once `maxAttempts` is reached. */
export async function countTokenAttempt(db: Database, tokenId: number, maxAttempts: number): Promise<void> {
  const { attempts, closedAt } = wrongAnswer(accountTokens, maxAttempts);
  await db.update(accountTokens).set({ attempts, usedAt: closedAt }).where(eq(accountTokens.id, tokenId));
}

/** Marks every unused token of a purpose as used. */
export async function voidTokens(db: Database, scope: TenantScope, purpose: TokenPurpose): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(openSecrets(accountTokens, accountTokens.usedAt, scope, purpose));
}

/** Stores a new SMS code (its HMAC), voiding the user's earlier codes of the same purpose. */
export async function replaceSmsChallenge(
  db: Database,
  values: { scope: TenantScope; purpose: TokenPurpose; phone: string; codeHash: string; expiresAt: Date },
): Promise<number> {
  await voidSmsChallenges(db, values.scope, values.purpose);
  const [row] = await db
    .insert(smsChallenges)
    .values({
      companyId: values.scope.companyId,
      userId: values.scope.userId,
      purpose: values.purpose,
      phone: values.phone,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
    })
    .returning({ id: smsChallenges.id });
  return row!.id;
}

/** The user's live SMS code of a purpose: not consumed, not expired. */
export async function findLiveSmsChallenge(db: Database, scope: TenantScope, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(smsChallenges)
    .where(
      and(
        openSecrets(smsChallenges, smsChallenges.consumedAt, scope, purpose),
        gt(smsChallenges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(smsChallenges.id))
    .limit(1);
  return row;
}

/** Counts a wrong code; the code is void once `maxAttempts` is reached. */
export async function countSmsAttempt(db: Database, challengeId: number, maxAttempts: number): Promise<void> {
  const { attempts, closedAt } = wrongAnswer(smsChallenges, maxAttempts);
  await db
    .update(smsChallenges)
    .set({ attempts, consumedAt: closedAt })
    .where(eq(smsChallenges.id, challengeId));
}

/** Voids the user's open SMS codes of a purpose (a new one replaces them, or the flow ended). */
export async function voidSmsChallenges(
  db: Database,
  scope: TenantScope,
  purpose: TokenPurpose,
): Promise<void> {
  await db
    .update(smsChallenges)
    .set({ consumedAt: sql`now()` })
    .where(openSecrets(smsChallenges, smsChallenges.consumedAt, scope, purpose));
}

/** Deletes an SMS code that could not be delivered, so it never counts as sent. */
export async function deleteSmsChallenge(db: Database, challengeId: number): Promise<void> {
  await db.delete(smsChallenges).where(eq(smsChallenges.id, challengeId));
}

/** Sets a new password (and, for first access, ends the provisional state). */
export async function updatePassword(
  db: Database,
  scope: TenantScope,
  values: { passwordHash: string; mobilePhone?: string },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: values.passwordHash,
      firstAccessPending: false,
      ...(values.mobilePhone ? { mobilePhone: values.mobilePhone } : {}),
    })
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
}

/** Keeps a confirmed mobile number. */
export async function updateMobilePhone(
  db: Database,
  scope: TenantScope,
  mobilePhone: string,
): Promise<void> {
  await db
    .update(users)
    .set({ mobilePhone })
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
}

/**
 * Deletes the account tokens and SMS codes of every company that expired before the cutoff
 * (upkeep across tenants, run by the cleanup job); returns how many of each went.
 */
export async function deleteExpiredAccountSecrets(
  db: Database,
  expiredBefore: Date,
): Promise<{ tokens: number; smsCodes: number }> {
  const tokens = await db
    .delete(accountTokens)
    .where(lt(accountTokens.expiresAt, expiredBefore))
    .returning({ id: accountTokens.id });
  const smsCodes = await db
    .delete(smsChallenges)
    .where(lt(smsChallenges.expiresAt, expiredBefore))
    .returning({ id: smsChallenges.id });
  return { tokens: tokens.length, smsCodes: smsCodes.length };
}
