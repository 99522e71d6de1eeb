import { AuditAction } from '@elo/contract/calls/audit';
import { limits } from '@elo/contract/limits';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { Logger } from '../../platform/logger.ts';
import { pageFrom, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { AnnouncementsService } from '../announcements/service.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { TimelineService } from '../timeline/service.ts';
import {
  clearDefault,
  countGroups,
  deleteGroup,
  findGroup,
  insertGroup,
  listGroups,
  lockCompanyDefault,
  updateGroup,
  type GroupRow,
} from './repo.ts';
import { auditedDefault, auditedDeletedContent, auditedGroupFields } from './wire.ts';

/** What the groups administration needs. */
export interface GroupsDeps {
  db: Database;
  storage: MediaStorage;
  log: Logger;
  /** Deletes the posts only a group being deleted held, in the groups' transaction. */
  timeline: Pick<TimelineService, 'deleteGroupPosts'>;
  /** Deletes (audited) the announcements only for a group being deleted, in the groups' transaction. */
  announcements: Pick<AnnouncementsService, 'deleteGroupAnnouncements'>;
}

/** The group form: a new group (no id) or an edit of one. */
export interface GroupForm {
  id?: number | undefined;
  /** The version read with the group (edits only): a stale one saves nothing. */
  version?: number | undefined;
  name: string;
  abbreviation: string;
  isDefault: boolean;
  /** Clears the saved photo (ignored when a new photo comes with the form). */
  removePhoto: boolean;
}

/** The image types a group photo may be (by content). */
const photoTypes = new Set(['image/png', 'image/jpeg']);

/** The group of the company (locked for the transaction when `lock`), or 404. */
export async function requireGroup(within: Database, companyId: number, groupId: number, lock = false) {
  const row = await findGroup(within, companyId, groupId, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Removes stored files no longer referenced; a failure only leaves an orphan behind. */
async function removeFiles(deps: GroupsDeps, keys: (string | null)[]) {
  for (const key of keys) {
    if (!key) continue;
    await deps.storage.remove(key).catch((error: unknown) => {
      deps.log.warn({ err: error, key }, 'stored file not removed');
    });
  }
}

/** A page of the company's groups, default first. */
export async function pageGroups(
  deps: { db: Database },
  companyId: number,
  search: string | undefined,
  page: PageQuery,
): Promise<Page<GroupRow>> {
  return pageFrom(
    page,
    listGroups(deps.db, companyId, search, rowsOf(page)),
    countGroups(deps.db, companyId, search),
  );
}

/** One group of the company, or 404. */
export const getGroup = (deps: { db: Database }, companyId: number, groupId: number) =>
  requireGroup(deps.db, companyId, groupId);

/**
 * Creates or edits a group. The photo (already stored by the upload) is checked by content
 * and size and replaces the old one in the transaction; the old file is removed only after
 * the commit, and a refused save leaves the old photo as it was (the binder removes the new
 * file); `removePhoto` clears the saved photo the same way. A new default clears the old one
 * in the same transaction, under the company's lock.
 */
export async function saveGroup(
  deps: GroupsDeps,
  input: GroupForm,
  files: UploadedFile[],
  actor: Actor,
): Promise<GroupRow> {
  const { companyId } = actor;
  const photo = files.find((file) => file.field === 'foto');
  if (photo) {
    const errors: FieldMessage[] = [];
    if (!photoTypes.has(photo.mimeType) || photo.width === null) errors.push('validation.fileFormatInvalid');
    else if (photo.width !== limits.groupPhotoPx || photo.height !== limits.groupPhotoPx)
      errors.push({
        key: 'validation.imageExactSize',
        params: { width: limits.groupPhotoPx, height: limits.groupPhotoPx },
      });
    if (errors.length > 0) throw invalidFields({ foto: errors });
  }
  const creating = input.id === undefined;
  const { isDefault } = input;
  const removingPhoto = !photo && input.removePhoto;
  const result = await deps.db.transaction(async (tx) => {
    // Two admins making two groups default at once: the company's lock makes the second wait
    // for the first to commit and then take the default over (never two defaults, never a 500).
    if (isDefault) await lockCompanyDefault(tx, companyId);
    const before = creating ? undefined : await requireGroup(tx, companyId, input.id!, true);
    // A stale versao (someone saved the group since this copy was read) writes nothing.
    if (before && input.version !== undefined && input.version !== before.version)
      throw new AppError('REGISTRO_ALTERADO');
    if (before?.isDefault && !isDefault)
      throw invalidFields({ flPadrao: ['validation.groupDefaultRequired'] });
    const previousDefault = isDefault ? await clearDefault(tx, companyId, input.id) : undefined;
    const values = {
      name: input.name,
      abbreviation: input.abbreviation,
      isDefault,
      ...(photo ? { photoKey: photo.key } : removingPhoto ? { photoKey: null } : {}),
    };
    let groupId: number;
    if (creating) groupId = await insertGroup(tx, companyId, values);
    else if (await updateGroup(tx, companyId, input.id!, values, input.version)) groupId = input.id!;
    else throw new AppError('REGISTRO_ALTERADO');
    const after = await requireGroup(tx, companyId, groupId);
    await recordAudit(tx, actor, {
      action: creating ? AuditAction.groupCreate : AuditAction.groupUpdate,
      target: { type: 'group', id: groupId, name: after.name },
      changes: changedFields(auditedGroupFields(before), auditedGroupFields(after)),
    });
    if (previousDefault) {
      await recordAudit(tx, actor, {
        action: AuditAction.groupUpdate,
        target: { type: 'group', id: previousDefault.id, name: previousDefault.name },
        changes: changedFields(auditedDefault(true), auditedDefault(false)),
      });
    }
    return {
      after,
      replacedPhoto: (photo || removingPhoto) && before?.photoKey ? before.photoKey : null,
    };
  });
  await removeFiles(deps, [result.replacedPhoto]);
  return result.after;
}

/**
 * Deletes a group that is not the default, with what only it held: its posts published to no
 * other group nor the wall (the timeline deletes them) and its announcements for no other group
 * (the announcements module deletes and audits them; their images go once committed). Its
 * memberships, rules and place in other posts, announcements and surveys go with it. Answers how
 * many posts and announcements went.
 */
export async function removeGroup(deps: GroupsDeps, groupId: number, actor: Actor) {
  const { companyId } = actor;
  const result = await deps.db.transaction(async (tx) => {
    const group = await requireGroup(tx, companyId, groupId, true);
    if (group.isDefault) throw new AppError('GROUP_DEFAULT_UNDELETABLE');
    const deleted = {
      postIds: await deps.timeline.deleteGroupPosts(tx, companyId, groupId),
      announcementImageKeys: await deps.announcements.deleteGroupAnnouncements(tx, companyId, groupId, actor),
    };
    await deleteGroup(tx, companyId, groupId);
    await recordAudit(tx, actor, {
      action: AuditAction.groupDelete,
      target: { type: 'group', id: groupId, name: group.name },
      changes: {
        ...changedFields(auditedGroupFields(group), null),
        ...auditedDeletedContent(deleted.postIds, deleted.announcementImageKeys.length),
      },
    });
    return { group, deleted };
  });
  await removeFiles(deps, [result.group.photoKey, ...result.deleted.announcementImageKeys]);
  return {
    deletedPosts: result.deleted.postIds.length,
    deletedAnnouncements: result.deleted.announcementImageKeys.length,
  };
}
