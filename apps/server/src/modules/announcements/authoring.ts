import { AuditAction } from '@elo/contract/calls/audit';
import { announcementLimits, type AnnouncementStatusValue } from '@elo/contract/calls/announcements';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { pageFrom, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  countAnnouncements,
  deleteAnnouncement,
  deleteAnnouncements,
  findAnnouncement,
  findCompanyGroupIds,
  insertAnnouncement,
  listAnnouncements,
  listGroupChoices,
  lockAnnouncement,
  lockGroupOnlyAnnouncements,
  lockOrder,
  replaceAnnouncementGroups,
  updateAnnouncement,
  writeOrder,
  type AnnouncementRow,
} from './repo.ts';
import { auditedFields, auditedOrder } from './wire.ts';

/** What the administration of announcements needs. */
export interface AnnouncementsDeps {
  db: Database;
  storage: MediaStorage;
  /** Tells whoever shows the company's announcements elsewhere (the corporate TV) that they changed. */
  onContentChanged?: ((companyId: number) => void) | undefined;
}

/** The announcement form: a new announcement (no id; its image required) or an edit of one. */
export interface AnnouncementForm {
  id?: number | undefined;
  /** The version read with the announcement (edits only): a stale one saves nothing. */
  version?: number | undefined;
  description: string | null;
  link: string | null;
  startsAt: Date;
  endsAt: Date;
  /** The groups it is for; none: everyone. */
  groupIds: number[];
}

/** The image types an announcement takes, told from the bytes. */
const imageTypes = new Set(['image/png', 'image/jpeg']);

/** What is wrong with an announcement's image: its type (by content) or its size, 1920x1080 exactly. */
function imageProblems(file: UploadedFile): FieldMessage[] {
  if (!imageTypes.has(file.mimeType)) return ['validation.fileFormatInvalid'];
  const width = announcementLimits.imageWidth;
  const height = announcementLimits.imageHeight;
  if (file.width !== width || file.height !== height)
    return [{ key: 'validation.imageExactSize', params: { width, height } }];
  return [];
}

async function requireAnnouncement(within: Database, scope: TenantScope, id: number) {
  const row = await findAnnouncement(within, scope.companyId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A page of the company's announcements in the carousel's order, with views and clicks. */
export async function pageAnnouncements(
  deps: { db: Database },
  scope: TenantScope,
  status: AnnouncementStatusValue | undefined,
  page: PageQuery,
): Promise<Page<AnnouncementRow>> {
  return pageFrom(
    page,
    listAnnouncements(deps.db, scope.companyId, status, rowsOf(page)),
    countAnnouncements(deps.db, scope.companyId, status),
  );
}

/** The company's groups, for the list and the form. */
export const listAnnouncementGroups = (deps: { db: Database }, scope: TenantScope) =>
  listGroupChoices(deps.db, scope.companyId);

/**
 * Creates (image required, last in the order) or edits an announcement. Everything is checked
 * before anything is written; a new image replaces the old one only once the change commits,
 * and the old file is removed after that.
 */
export async function saveAnnouncement(
  deps: AnnouncementsDeps,
  scope: TenantScope,
  input: AnnouncementForm,
  files: UploadedFile[],
  actor: Actor,
): Promise<AnnouncementRow> {
  const creating = input.id === undefined;
  const file = files.find((entry) => entry.field === 'imagem');
  const errors: Record<string, FieldMessage[]> = {};
  if (file) {
    const problems = imageProblems(file);
    if (problems.length > 0) errors.imagem = problems;
  } else if (creating) {
    errors.imagem = ['validation.required'];
  }
  const groupIds = [...new Set(input.groupIds)];
  const { saved, replaced } = await deps.db.transaction(async (tx) => {
    const locked = creating ? undefined : await lockAnnouncement(tx, scope.companyId, input.id!);
    if (!creating && !locked) throw new AppError('NOT_FOUND');
    // A stale versao (someone saved it since this copy was read) writes nothing.
    if (locked && input.version !== undefined && input.version !== locked.version)
      throw new AppError('REGISTRO_ALTERADO');
    const found = await findCompanyGroupIds(tx, scope.companyId, groupIds);
    if (found.length !== groupIds.length) errors.idsGrupos = ['validation.groupsInvalid'];
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    const before = locked ? await requireAnnouncement(tx, scope, locked.id) : null;
    const values = {
      imageKey: file?.key ?? locked!.imageKey,
      description: input.description,
      link: input.link,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    };
    let id: number;
    if (creating) {
      id = await insertAnnouncement(tx, scope.companyId, values);
    } else {
      id = locked!.id;
      if (!(await updateAnnouncement(tx, scope.companyId, id, values, input.version)))
        throw new AppError('REGISTRO_ALTERADO');
    }
    await replaceAnnouncementGroups(tx, scope.companyId, id, groupIds);
    const after = await requireAnnouncement(tx, scope, id);
    await recordAudit(tx, actor, {
      action: creating ? AuditAction.announcementCreate : AuditAction.announcementUpdate,
      target: { type: 'announcement', id, name: after.description },
      changes: changedFields(auditedFields(before), auditedFields(after)),
    });
    return { saved: after, replaced: file && locked ? locked.imageKey : null };
  });
  if (replaced) await deps.storage.remove(replaced).catch(() => undefined);
  deps.onContentChanged?.(scope.companyId);
  return saved;
}

/** Deletes an announcement, then its image. */
export async function removeAnnouncement(
  deps: AnnouncementsDeps,
  scope: TenantScope,
  announcementId: number,
  actor: Actor,
): Promise<void> {
  const imageKey = await deps.db.transaction(async (tx) => {
    const locked = await lockAnnouncement(tx, scope.companyId, announcementId);
    if (!locked) throw new AppError('NOT_FOUND');
    const before = await requireAnnouncement(tx, scope, announcementId);
    await deleteAnnouncement(tx, scope.companyId, announcementId);
    await recordAudit(tx, actor, {
      action: AuditAction.announcementDelete,
      target: { type: 'announcement', id: announcementId, name: before.description },
      changes: changedFields(auditedFields(before), null),
    });
    return locked.imageKey;
  });
  await deps.storage.remove(imageKey).catch(() => undefined);
  deps.onContentChanged?.(scope.companyId);
}

/**
 * For a group being deleted, in the caller's transaction: deletes the company's announcements
 * for that group and no other, each audited as an administrator's deletion. Answers their
 * image keys, for the caller to remove once committed.
 */
export async function deleteGroupAnnouncements(
  tx: Database,
  companyId: number,
  groupId: number,
  actor: Actor,
) {
  const doomed = await lockGroupOnlyAnnouncements(tx, companyId, groupId);
  await deleteAnnouncements(
    tx,
    companyId,
    doomed.map((row) => row.id),
  );
  for (const before of doomed) {
    await recordAudit(tx, actor, {
      action: AuditAction.announcementDelete,
      target: { type: 'announcement', id: before.id, name: before.description },
      changes: changedFields(auditedFields(before), null),
    });
  }
  return doomed.map((row) => row.imageKey);
}

/**
 * Reorders announcements: those sent take, in the order sent, the places they held among
 * themselves; the rest keep theirs. Any id not of the company: 404, nothing changed.
 */
export async function reorderAnnouncements(
  deps: AnnouncementsDeps,
  scope: TenantScope,
  announcementIds: number[],
  actor: Actor,
): Promise<void> {
  const ids = [...new Set(announcementIds)];
  if (ids.length !== announcementIds.length)
    throw invalidFields({ idsComunicados: ['validation.valueInvalid'] });
  await deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, scope.companyId);
    const sent = new Set(ids);
    if (ids.some((id) => !current.includes(id))) throw new AppError('NOT_FOUND');
    const before = current.filter((id) => sent.has(id));
    const queue = [...ids];
    const next = current.map((id) => (sent.has(id) ? queue.shift()! : id));
    await writeOrder(tx, scope.companyId, next);
    await recordAudit(tx, actor, {
      action: AuditAction.announcementReorder,
      target: { type: 'announcement', id: ids[0]! },
      changes: changedFields(auditedOrder(before), auditedOrder(ids)),
    });
  });
  deps.onContentChanged?.(scope.companyId);
}
