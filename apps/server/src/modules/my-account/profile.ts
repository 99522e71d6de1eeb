import { AuditAction } from '@elo/contract/calls/audit';
import { SelfEditableField, type SelfEditableFieldValue } from '@elo/contract/calls/catalog';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { cropStoredImageToSquare, isSquareCroppable } from '../../platform/square-image.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { findAccount, findOpenRequestOf, listOwnGroups, updateOwnProfile, type AccountRow } from './repo.ts';
import type { MyAccountDeps } from './service.ts';
import { auditedProfile } from './wire.ts';

/** The person's account as "Minha conta" shows it, with their open deletion request. */
export interface OwnAccount {
  account: AccountRow;
  request: { id: number; comment: string; status: string; requestedAt: Date } | undefined;
}

/** The profile fields a person changes themselves; one not given stays as it is. */
export interface ProfileChange {
  profileText?: string | null | undefined;
  mobilePhone?: string | null | undefined;
  /** Keeps their birthday and work anniversary off the corporate TV. */
  hideCelebrations?: boolean | undefined;
}

export const userTarget = (id: number, name: string) => ({ type: 'user', id, name });

/** The caller's account; 404 when it is gone. */
export async function requireAccount(myAccount: { db: Database }, scope: TenantScope): Promise<AccountRow> {
  const row = await findAccount(myAccount.db, scope);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Refuses a change to a field the company does not let its people change themselves. */
function requireEditable(editable: readonly string[], field: SelfEditableFieldValue) {
  if (!editable.includes(field)) throw new AppError('FORBIDDEN');
}

/** The caller's profile as the company keeps it, what they may change, and their open request. */
export async function ownAccount(myAccount: MyAccountDeps, scope: TenantScope): Promise<OwnAccount> {
  const [account, request] = await Promise.all([
    requireAccount(myAccount, scope),
    findOpenRequestOf(myAccount.db, scope),
  ]);
  return { account, request };
}

/** Changes the caller's own profile fields the company lets them change (another: 403). */
export async function saveOwnProfile(
  myAccount: MyAccountDeps,
  scope: TenantScope,
  actor: Actor,
  change: ProfileChange,
): Promise<OwnAccount> {
  const row = await requireAccount(myAccount, scope);
  const values: { profileText?: string | null; mobilePhone?: string | null; hideCelebrations?: boolean } = {};
  if (change.profileText !== undefined) {
    requireEditable(row.selfEditableFields, SelfEditableField.profileText);
    values.profileText = change.profileText;
  }
  if (change.mobilePhone !== undefined) {
    requireEditable(row.selfEditableFields, SelfEditableField.mobile);
    values.mobilePhone = change.mobilePhone;
  }
  // Keeping one's birthday off the TV is always the person's own choice.
  if (change.hideCelebrations !== undefined) values.hideCelebrations = change.hideCelebrations;
  const changes = changedFields(
    auditedProfile(row),
    auditedProfile({
      profileText: values.profileText === undefined ? row.profileText : values.profileText,
      mobilePhone: values.mobilePhone === undefined ? row.mobilePhone : values.mobilePhone,
      hideCelebrations: values.hideCelebrations ?? row.hideCelebrations,
    }),
  );
  if (Object.keys(changes).length > 0) {
    await myAccount.db.transaction(async (tx) => {
      await updateOwnProfile(tx, scope, values);
      await recordAudit(tx, actor, {
        action: AuditAction.ownProfileUpdate,
        target: userTarget(row.id, row.name),
        changes,
      });
    });
  }
  return ownAccount(myAccount, scope);
}

/**
 * Sets the caller's photo (when the company lets them): the sniffed PNG or JPEG is cropped to
 * its centred square, and the previous photo's file is deleted once the change is committed.
 * Answers the photo's storage key.
 */
export async function saveOwnPhoto(
  myAccount: MyAccountDeps,
  scope: TenantScope,
  actor: Actor,
  files: UploadedFile[],
): Promise<string> {
  const { storage } = myAccount;
  const row = await requireAccount(myAccount, scope);
  requireEditable(row.selfEditableFields, SelfEditableField.photo);
  const file = files[0];
  if (!file) throw invalidFields({ file: ['validation.required'] });
  if (!isSquareCroppable(file)) throw invalidFields({ file: ['validation.fileFormatInvalid'] });
  await cropStoredImageToSquare(storage, file.key);
  await myAccount.db.transaction(async (tx) => {
    await updateOwnProfile(tx, scope, { photoKey: file.key });
    await recordAudit(tx, actor, {
      action: AuditAction.ownPhotoUpdate,
      target: userTarget(row.id, row.name),
    });
  });
  if (row.photoKey) await storage.remove(row.photoKey);
  return file.key;
}

/** Everything the portal holds about the caller, gathered from every module (LGPD art. 18). */
export async function personalData(myAccount: MyAccountDeps, scope: TenantScope) {
  const [account, groups, timeline, messages, answers, tickets] = await Promise.all([
    requireAccount(myAccount, scope),
    listOwnGroups(myAccount.db, scope),
    myAccount.timeline.listPersonData(scope),
    myAccount.chat.listSentMessages(scope),
    myAccount.surveys.listNamedAnswers(scope),
    myAccount.hrTickets?.listPersonData(scope) ?? [],
  ]);
  return { generatedAt: new Date(), account, groups, timeline, messages, answers, tickets };
}

export type PersonalData = Awaited<ReturnType<typeof personalData>>;
