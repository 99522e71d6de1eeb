import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import { findStoredKeys, storeKeysOnce } from './repo.ts';

/** The VAPID pair, base64url (web-push's form). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured pair, or the one kept in the database, made on first need: every node and
 * every restart signs with the same key, which browsers' subscriptions are bound to.
 */
export async function loadVapidKeys(
  db: Database,
  configured: { publicKey?: string | undefined; privateKey?: string | undefined },
): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  }
  if (configured.publicKey || configured.privateKey) {
    throw new Error('set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  }
  const stored = await findStoredKeys(db);
  if (stored) return stored;
  await storeKeysOnce(db, webpush.generateVAPIDKeys());
  const kept = await findStoredKeys(db);
  if (!kept) throw new Error('the VAPID keys could not be stored');
  return kept;
}
