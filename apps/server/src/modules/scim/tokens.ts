import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { recordAudit } from '../audit/service.ts';
import { findLiveToken, findTokenByHash, insertToken, revokeLiveToken, touchToken } from './repo.ts';

/** A token's prefix: says what it is where it is pasted or leaked (secret scanners match it). */
const tokenPrefix = 'elo_scim_';

/** The company's provisioning as the card shows it. */
export interface Provisioning {
  tokenCreatedAt: Date | null;
  tokenLastUsedAt: Date | null;
}

/** Whether the company has a live token, and when it was made and last used. */
export async function readProvisioning(db: Database, companyId: number): Promise<Provisioning> {
  const live = await findLiveToken(db, companyId);
  return { tokenCreatedAt: live?.createdAt ?? null, tokenLastUsedAt: live?.lastUsedAt ?? null };
}

/**
 * Makes the company's token, revoking the one before in the same transaction (audited, the token
 * never written anywhere but in the answer); answers it once.
 */
export async function createToken(
  db: Database,
  scope: { companyId: number; userId: number },
  actor: Actor,
): Promise<{ token: string; provisioning: Provisioning }> {
  const token = tokenPrefix + generateToken();
  const created = await db.transaction(async (tx) => {
    const replaced = await revokeLiveToken(tx, scope.companyId);
    const row = await insertToken(tx, scope.companyId, hashToken(token), scope.userId);
    await recordAudit(tx, actor, {
      action: AuditAction.scimTokenCreate,
      target: { type: 'scim_token', id: scope.companyId },
      changes: {
        tokenScim: { antes: '***', depois: '***' },
        ...(replaced ? { tokenAnteriorRevogado: { antes: null, depois: true } } : {}),
      },
    });
    return row;
  });
  return { token, provisioning: { tokenCreatedAt: created.createdAt, tokenLastUsedAt: null } };
}

/** Ends the company's live token (audited); a company without one is left as it is. */
export async function revokeToken(db: Database, companyId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeLiveToken(tx, companyId))) return;
    await recordAudit(tx, actor, {
      action: AuditAction.scimTokenRevoke,
      target: { type: 'scim_token', id: companyId },
    });
  });
}

/** The company a bearer token provisions, or undefined when it is no live token. */
export async function companyOfToken(db: Database, token: string): Promise<number | undefined> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) return undefined;
  const row = await findTokenByHash(db, hashToken(token));
  if (!row) return undefined;
  // When it was last used helps an administrator tell a forgotten token from a working one.
  await touchToken(db, row.id).catch(() => undefined);
  return row.companyId;
}
