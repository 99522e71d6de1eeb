import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pushDevices, pushKeys, users } from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

export type DeviceRow = typeof pushDevices.$inferSelect;

/** The stored VAPID pair, if a node made one already. */
export async function findStoredKeys(
  db: Database,
): Promise<{ publicKey: string; privateKey: string } | undefined> {
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, 1));
  return row;
}

/** Stores a pair unless another node stored one first (then that one is the pair). */
export async function storeKeysOnce(
  db: Database,
  keys: { publicKey: string; privateKey: string },
): Promise<void> {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
}

/**
 * Registers a subscription for a person, or updates it when its endpoint is known already (a
 * browser registers again after each sign-in); an endpoint moves to whoever registers it last.
 */
export async function upsertDevice(
  db: Database,
  owner: TenantScope,
  device: { endpoint: string; p256dh: string; auth: string; name: string | null },
): Promise<DeviceRow> {
  const [row] = await db
    .insert(pushDevices)
    .values({ companyId: owner.companyId, userId: owner.userId, ...device })
    .onConflictDoUpdate({
      target: pushDevices.endpoint,
      set: {
        companyId: owner.companyId,
        userId: owner.userId,
        p256dh: device.p256dh,
        auth: device.auth,
        name: sql`coalesce(excluded.name, ${pushDevices.name})`,
      },
    })
    .returning();
  return row!;
}

/** Keeps a person's newest `keep` devices and forgets the older ones. */
export async function trimDevices(db: Database, owner: TenantScope, keep: number): Promise<void> {
  const kept = db
    .select({ id: pushDevices.id })
    .from(pushDevices)
    .where(and(eq(pushDevices.companyId, owner.companyId), eq(pushDevices.userId, owner.userId)))
    .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id))
    .limit(keep);
  await db
    .delete(pushDevices)
    .where(
      and(
        eq(pushDevices.companyId, owner.companyId),
        eq(pushDevices.userId, owner.userId),
        sql`${pushDevices.id} not in (${kept})`,
      ),
    );
}

/** A person's devices, newest first. */
export async function listDevices(db: Database, owner: TenantScope): Promise<DeviceRow[]> {
  return db
    .select()
    .from(pushDevices)
    .where(and(eq(pushDevices.companyId, owner.companyId), eq(pushDevices.userId, owner.userId)))
    .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id));
}

/** One of a person's devices (another's answers as none). */
export async function findOwnDevice(
  db: Database,
  owner: TenantScope,
  id: number,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(pushDevices)
    .where(
      and(
        eq(pushDevices.id, id),
        eq(pushDevices.companyId, owner.companyId),
        eq(pushDevices.userId, owner.userId),
      ),
    );
  return row;
}

/** The devices of these people of a company, each with its person's language (users.language). */
export async function devicesOf(
  db: Database,
  companyId: number,
  userIds: number[],
): Promise<(DeviceRow & { language: string | null })[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ device: pushDevices, language: users.language })
    .from(pushDevices)
    .innerJoin(users, eq(users.id, pushDevices.userId))
    .where(and(eq(pushDevices.companyId, companyId), inArray(pushDevices.userId, userIds)));
  return rows.map((row) => ({ ...row.device, language: row.language }));
}

export async function findDevice(db: Database, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(pushDevices).where(eq(pushDevices.id, id));
  return row;
}

/** Forgets a device; answers whether it was there. */
export async function deleteDevice(db: Database, id: number, owner?: TenantScope): Promise<boolean> {
  const rows = await db
    .delete(pushDevices)
    .where(
      and(
        eq(pushDevices.id, id),
        owner ? eq(pushDevices.companyId, owner.companyId) : undefined,
        owner ? eq(pushDevices.userId, owner.userId) : undefined,
      ),
    )
    .returning({ id: pushDevices.id });
  return rows.length > 0;
}

/** The push service accepted a message for it now. */
export async function markSent(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(pushDevices)
    .set({ lastSentAt: at })
    .where(and(eq(pushDevices.id, id), lt(sql`coalesce(${pushDevices.lastSentAt}, '-infinity')`, at)));
}

/** Deletes a person's devices (their account was erased). */
export async function deletePersonDevices(db: Database, person: TenantScope): Promise<void> {
  await db
    .delete(pushDevices)
    .where(and(eq(pushDevices.companyId, person.companyId), eq(pushDevices.userId, person.userId)));
}
