import { randomBytes, randomInt } from 'node:crypto';
import { AuditAction } from '@elo/contract/calls/audit';
import { tvLimits } from '@elo/contract/calls/tv';
import { actorAt } from '../../platform/auth/actor.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { consumeOrRefuse } from '../../platform/rate-limit.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  deleteStaleCodes,
  findLiveCode,
  findScreen,
  insertPairingCode,
  markCodeUsed,
  setScreenToken,
} from './repo.ts';
import { invalidCode, refuseGuesser, type RequestOrigin, type TvService } from './service.ts';
import { auditedPairing } from './wire.ts';

/** A new pairing code: crypto-random over the alphabet without look-alikes. */
function newCode(): string {
  const alphabet = tvLimits.codeAlphabet;
  let code = '';
  for (let i = 0; i < tvLimits.codeLength; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/**
 * A fresh code for a screen asking to be paired, valid 24 hours, and the secret its browser
 * keeps in a cookie: both stored hashed only.
 */
export async function requestCode(
  tv: TvService,
  origin: RequestOrigin,
): Promise<{ code: string; expiresAt: Date; requestSecret: string }> {
  await consumeOrRefuse(tv.byAddress, origin.ip);
  await deleteStaleCodes(tv.db);
  const requestSecret = generateToken();
  const expiresAt = new Date(Date.now() + tvLimits.codeValidHours * 3_600_000);
  for (;;) {
    const code = newCode();
    const stored = await insertPairingCode(tv.db, {
      codeHash: hashToken(code),
      requestHash: hashToken(requestSecret),
      expiresAt,
    });
    if (stored) return { code, expiresAt, requestSecret };
  }
}

/**
 * Whether the code was paired. Once it was, the browser holding the code's request secret gets
 * the screen's new device token, once (the token hash replaces the screen's, audited): null
 * while the code waits.
 */
export async function checkPairing(
  tv: TvService,
  code: string,
  requestSecret: string | undefined,
  origin: RequestOrigin,
): Promise<string | null> {
  await consumeOrRefuse(tv.byAddress, origin.ip);
  await refuseGuesser(tv.failures, origin.ip);
  const live = await findLiveCode(tv.db, hashToken(code));
  if (!live || !requestSecret || hashToken(requestSecret) !== live.requestHash) {
    return invalidCode(tv.failures, origin.ip);
  }
  if (live.screenId === null || live.companyId === null) return null;
  const token = randomBytes(32).toString('base64url');
  const issued = await tv.db.transaction(async (tx) => {
    const locked = await findLiveCode(tx, hashToken(code), { lock: true });
    if (!locked || locked.screenId === null || locked.companyId === null) return undefined;
    const screen = await findScreen(tx, locked.companyId, locked.screenId);
    if (!screen) return undefined;
    await setScreenToken(tx, locked.companyId, locked.screenId, hashToken(token));
    await markCodeUsed(tx, locked.id);
    await recordAudit(tx, actorAt({ companyId: locked.companyId, userId: null }, origin), {
      action: AuditAction.tvScreenTokenIssued,
      target: { type: 'tv_screen', id: screen.id, name: screen.name },
      changes: changedFields(auditedPairing(false), auditedPairing(true)),
    });
    return screen;
  });
  if (!issued) return invalidCode(tv.failures, origin.ip);
  return token;
}
