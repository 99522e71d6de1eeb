import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  bindCode,
  deleteScreen as deleteScreenRow,
  findCompanyGroupIds,
  findLiveCode,
  insertScreen,
  listGroupChoices,
  listScreens as listScreenRows,
  lockScreen,
  replaceScreenGroups,
  setScreenToken,
  updateScreen,
  voidPendingCodes,
  type ScreenRow,
  type ScreenValues,
} from './repo.ts';
import { invalidCode, refuseGuesser, requireScreen, type TvScope, type TvService } from './service.ts';
import { auditedFields, auditedPairing } from './wire.ts';

/** The screen form's body: create (no id) or edit a screen. */
export interface ScreenForm extends ScreenValues {
  id?: number | undefined;
  /** The version read with the screen (edits only): a stale one writes nothing. */
  version?: number | undefined;
}

/** A screen as the audit log names it. */
const screenTarget = (id: number, name: string) => ({ type: 'tv_screen', id, name });

/** Locks the company's screen (404 when there is none) and reads it as it stands. */
async function lockedScreen(tx: Database, scope: TvScope, screenId: number) {
  if (!(await lockScreen(tx, scope.companyId, screenId))) throw new AppError('NOT_FOUND');
  return requireScreen(tx, scope.companyId, screenId);
}

/** Unbinds a screen from its device: its pending codes die and its token stops working. */
async function unbindScreen(tx: Database, scope: TvScope, screenId: number): Promise<void> {
  await voidPendingCodes(tx, screenId);
  await setScreenToken(tx, scope.companyId, screenId, null);
}

/** The company's groups, for the screen form's choice and the list's names. */
export const screenGroups = (tv: TvService, scope: TvScope) => listGroupChoices(tv.db, scope.companyId);

/** The company's screens, each with whether a stream of it is open on this node. */
export async function listScreens(
  tv: TvService,
  scope: TvScope,
): Promise<{ row: ScreenRow; streaming: boolean }[]> {
  const rows = await listScreenRows(tv.db, scope.companyId);
  return rows.map((row) => ({ row, streaming: tv.live?.isConnected(row.id) ?? false }));
}

/**
 * Creates or edits a screen (its groups must be the company's); its device refreshes at once.
 * Answers the screen's id.
 */
export async function saveScreen(
  tv: TvService,
  scope: TvScope,
  form: ScreenForm,
  actor: Actor,
): Promise<number> {
  const creating = form.id === undefined;
  const groupIds = [...new Set(form.groupIds)];
  const screenId = await tv.db.transaction(async (tx) => {
    const locked = creating ? undefined : await lockScreen(tx, scope.companyId, form.id!);
    if (!creating && !locked) throw new AppError('NOT_FOUND');
    // A stale versao (someone saved the screen since this copy was read) writes nothing.
    if (locked && form.version !== undefined && form.version !== locked.version)
      throw new AppError('REGISTRO_ALTERADO');
    const found = await findCompanyGroupIds(tx, scope.companyId, groupIds);
    if (found.length !== groupIds.length) throw invalidFields({ idsGrupos: ['validation.groupsInvalid'] });
    const before = creating ? null : await requireScreen(tx, scope.companyId, form.id!);
    const values: ScreenValues = {
      name: form.name,
      groupIds,
      secondsPerSlide: form.secondsPerSlide,
      showAnnouncements: form.showAnnouncements,
      showPublications: form.showPublications,
      publicationCount: form.publicationCount,
      showCelebrations: form.showCelebrations,
    };
    let id: number;
    if (creating) id = await insertScreen(tx, scope.companyId, values);
    else if (await updateScreen(tx, scope.companyId, form.id!, values, form.version)) id = form.id!;
    else throw new AppError('REGISTRO_ALTERADO');
    await replaceScreenGroups(tx, scope.companyId, id, groupIds);
    const after = await requireScreen(tx, scope.companyId, id);
    await recordAudit(tx, actor, {
      action: creating ? AuditAction.tvScreenCreate : AuditAction.tvScreenUpdate,
      target: screenTarget(id, after.name),
      changes: changedFields(auditedFields(before), auditedFields(after)),
    });
    return id;
  });
  if (!creating) tv.live?.contentChanged(scope.companyId, [screenId]);
  return screenId;
}

/** Deletes a screen; its device is told it is no longer authorised. */
export async function deleteScreen(
  tv: TvService,
  scope: TvScope,
  screenId: number,
  actor: Actor,
): Promise<void> {
  await tv.db.transaction(async (tx) => {
    const before = await lockedScreen(tx, scope, screenId);
    await deleteScreenRow(tx, scope.companyId, screenId);
    await recordAudit(tx, actor, {
      action: AuditAction.tvScreenDelete,
      target: screenTarget(screenId, before.name),
      changes: changedFields(auditedFields(before), null),
    });
  });
  tv.live?.revoked(scope.companyId, [screenId]);
}

/**
 * Binds the screen to the device showing this code. A device paired before stops working at
 * once; the new one collects its token on its next poll. A stale, used or unknown code: the
 * one TV_CODIGO_INVALIDO answer (counted against the administrator, apart from the screens'
 * guesses per address).
 */
export async function pairScreen(
  tv: TvService,
  scope: TvScope,
  screenId: number,
  code: string,
  actor: Actor,
): Promise<void> {
  const guesser = `${scope.companyId}:${actor.userId ?? 'unknown'}`;
  await refuseGuesser(tv.adminFailures, guesser);
  const outcome = await tv.db.transaction(async (tx) => {
    const screen = await lockedScreen(tx, scope, screenId);
    const live = await findLiveCode(tx, hashToken(code), { lock: true });
    if (!live || live.screenId !== null) return 'invalid' as const;
    await unbindScreen(tx, scope, screenId);
    if (!(await bindCode(tx, live.id, scope.companyId, screenId))) return 'invalid' as const;
    await recordAudit(tx, actor, {
      action: AuditAction.tvScreenPair,
      target: screenTarget(screenId, screen.name),
      changes: changedFields(auditedPairing(screen.paired), auditedPairing('pending')),
    });
    return screen.paired ? ('replaced' as const) : ('paired' as const);
  });
  if (outcome === 'invalid') return invalidCode(tv.adminFailures, guesser);
  if (outcome === 'replaced') tv.live?.revoked(scope.companyId, [screenId]);
}

/** Unbinds the screen: its token stops working and its stream is told so. */
export async function revokeScreen(
  tv: TvService,
  scope: TvScope,
  screenId: number,
  actor: Actor,
): Promise<void> {
  await tv.db.transaction(async (tx) => {
    const screen = await lockedScreen(tx, scope, screenId);
    await unbindScreen(tx, scope, screenId);
    await recordAudit(tx, actor, {
      action: AuditAction.tvScreenRevoke,
      target: screenTarget(screenId, screen.name),
      changes: changedFields(auditedPairing(screen.paired), auditedPairing(false)),
    });
  });
  tv.live?.revoked(scope.companyId, [screenId]);
}
