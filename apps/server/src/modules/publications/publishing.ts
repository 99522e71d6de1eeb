import { readingDeadlineProblem } from '@elo/contract/publication-schedule';
import { AuditAction } from '@elo/contract/calls/audit';
import { PublicationAction } from '@elo/contract/calls/publications';
import { PostType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { hasVisibleText } from '@elo/contract/text';
import { findYouTubeLink } from '@elo/contract/youtube';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { postMediaOf, type UploadedFile } from '../../platform/http/uploads.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { queueNotification, type NotifyingDeps } from './notifying.ts';
import type { Publication } from './publication.ts';
import {
  countConfirmations,
  deleteConfirmations,
  findCompanyGroupIds,
  insertPublication,
  lockPublication,
  replaceGroups,
  replaceMedia,
  updatePublication,
  type MediaValues,
} from './repo.ts';
import { auditName, requirePublication, scheduleProblems } from './scheduling.ts';
import { auditedFields } from './wire.ts';

/** What the publish screen's buttons ask: publish now, schedule, or keep as a draft. */
export type PublicationActionValue = (typeof PublicationAction)[keyof typeof PublicationAction];

/** The publish screen's form: a new publication (no id) or an edit of one. */
export interface PublicationForm {
  id?: number | undefined;
  /** The version read with the publication (edits only): a stale one saves nothing. */
  version?: number | undefined;
  text: string;
  /** Keeps the current file of an edited publication when no new one comes (else it goes). */
  keepFile: boolean;
  allowsComments: boolean;
  groupIds: number[];
  onWall: boolean;
  action: PublicationActionValue;
  /** The time a schedule asks for. */
  scheduledAt?: Date | undefined;
  requiresReading: boolean;
  readingDeadline?: Date | undefined;
  /** Days between reminders of a mandatory reading; none: no reminders. */
  reminderDays?: number | undefined;
  /** An edit of the text clears the confirmations of its reading. */
  reconfirmReading: boolean;
}

/** What saving a publication needs: its notification job, and the storage its old files leave. */
export interface PublishingDeps extends NotifyingDeps {
  storage: MediaStorage;
}

/** What the publish screen takes, told from the bytes (platform/http/uploads.ts sniffs them). */
const imageTypes = new Set(['image/png', 'image/jpeg']);
const videoType = 'video/mp4';

/** What is wrong with a publication's file: PNG, JPEG or MP4 by content; an image within the spec's sizes. */
function mediaProblems(file: UploadedFile): FieldMessage[] {
  if (file.mimeType === videoType) return [];
  if (!imageTypes.has(file.mimeType) || file.width === null || file.height === null)
    return ['validation.mediaFormatInvalid'];
  const size = limits.postImage;
  if (
    file.width < size.minWidth ||
    file.height < size.minHeight ||
    file.width > size.maxWidth ||
    file.height > size.maxHeight
  )
    return [{ key: 'validation.imageSizeRange', params: { ...size } }];
  return [];
}

/**
 * Creates or edits a publication after every rule of spec section 5; nothing is written when
 * one fails (the files received are removed by the binder). One transaction holds the post,
 * its groups and file, the confirmations it clears, its notification job and the audit entry.
 * The rules that need the clock or the stored publication (a schedule ahead and within a year,
 * a reading deadline after the publication time) are the server's: the contract's schema checks
 * the rest.
 */
export async function savePublication(
  deps: PublishingDeps,
  scope: TenantScope,
  input: PublicationForm,
  files: UploadedFile[],
  actor: Actor,
): Promise<Publication> {
  const creating = input.id === undefined;
  const file = files.find((entry) => entry.field === 'arquivo');
  const thumbnail = files.find((entry) => entry.field === 'thumbnail');
  const text = input.text.trim();
  const now = new Date();
  const errors: Record<string, FieldMessage[]> = {};
  const fail = (field: string, message: FieldMessage) =>
    (errors[field] = [...(errors[field] ?? []), message]);

  if (file) for (const problem of mediaProblems(file)) fail('arquivo', problem);
  if (thumbnail && (!imageTypes.has(thumbnail.mimeType) || thumbnail.width === null))
    fail('thumbnail', 'validation.thumbnailInvalid');
  const scheduledAt =
    input.action === PublicationAction.schedule && input.scheduledAt ? input.scheduledAt : null;
  if (scheduledAt) for (const problem of scheduleProblems(scheduledAt, now)) fail('dtAgendamento', problem);
  const reading = input.requiresReading;
  const deadline = reading && input.readingDeadline ? input.readingDeadline : null;
  const groupIds = [...new Set(input.groupIds)];

  const { postId, replacedKeys } = await deps.db.transaction(async (tx) => {
    const locked = creating ? undefined : await lockPublication(tx, scope.companyId, input.id!);
    if (!creating && !locked) throw new AppError('NOT_FOUND');
    // A stale versao (someone saved it since this copy was read) writes nothing.
    if (locked && input.version !== undefined && input.version !== locked.editVersion)
      throw new AppError('REGISTRO_ALTERADO');
    const wasOut = locked ? locked.status === 'published' && !locked.scheduled : false;
    if (wasOut && input.action !== PublicationAction.publish)
      throw new AppError('PUBLICATION_ALREADY_PUBLISHED');

    if ((await findCompanyGroupIds(tx, scope.companyId, groupIds)).length !== groupIds.length)
      fail('idsGrupos', 'validation.groupsInvalid');
    // The file it will show: the one sent, else (editing) the current one unless removed.
    const keepsFile = !file && locked?.mediaKey && input.keepFile;
    const mediaType = file?.mimeType ?? (keepsFile ? locked!.mediaType : null);
    if (!mediaType && !hasVisibleText(text)) fail('texto', 'validation.postEmpty');

    // A publication published now, or kept out as it is; a schedule's time; a draft's last save.
    const publishAt = wasOut
      ? locked!.publishAt
      : input.action === PublicationAction.schedule
        ? scheduledAt!
        : now;
    const deadlineProblem = deadline && readingDeadlineProblem(deadline, publishAt);
    if (deadlineProblem) fail('dtLimiteLeitura', deadlineProblem);
    if (Object.keys(errors).length > 0) throw invalidFields(errors);

    const youtubeId = mediaType ? null : (findYouTubeLink(text)?.videoId ?? null);
    const type =
      mediaType === videoType
        ? PostType.video
        : mediaType
          ? PostType.image
          : youtubeId
            ? PostType.youtube
            : PostType.text;
    const values = {
      type,
      text: text || null,
      allowComments: input.allowsComments,
      youtubeId,
      onWall: input.onWall,
      status: input.action === PublicationAction.draft ? 'draft' : 'published',
      publishAt,
      requiresReading: reading,
      readingDeadline: deadline,
      readingReminderDays: reading ? (input.reminderDays ?? null) : null,
    };
    const before = locked ? auditedFields(await requirePublication(tx, scope, locked.id)) : null;
    let id: number;
    const replaced: string[] = [];
    if (creating) {
      id = await insertPublication(tx, scope, values);
    } else {
      id = locked!.id;
      const textChanged = (locked!.text ?? '') !== (values.text ?? '');
      const updated = await updatePublication(
        tx,
        scope.companyId,
        id,
        { ...values, ...(wasOut ? { editedAt: now } : {}) },
        input.version,
      );
      if (!updated) throw new AppError('REGISTRO_ALTERADO');
      if (textChanged && input.reconfirmReading && (await countConfirmations(tx, id)) > 0)
        await deleteConfirmations(tx, id);
    }
    await replaceGroups(tx, scope.companyId, id, groupIds);
    if (file || (locked?.mediaKey && !keepsFile)) {
      const media: MediaValues | null = file
        ? {
            ...postMediaOf(file),
            thumbnailKey: file.mimeType === videoType ? (thumbnail?.key ?? null) : null,
          }
        : null;
      await replaceMedia(tx, scope.companyId, id, media);
      if (locked?.mediaKey) replaced.push(locked.mediaKey);
      if (locked?.thumbnailKey) replaced.push(locked.thumbnailKey);
    }
    // A thumbnail without a video to go with it is not kept.
    if (thumbnail && file?.mimeType !== videoType) replaced.push(thumbnail.key);
    if (!wasOut && values.status === 'published') await queueNotification(deps, tx, id, publishAt);
    await recordAudit(tx, actor, {
      action: creating ? AuditAction.publicationCreate : AuditAction.publicationUpdate,
      target: { type: 'publication', id, name: auditName(values.text) },
      changes: changedFields(before, auditedFields(await requirePublication(tx, scope, id))),
    });
    return { postId: id, replacedKeys: replaced };
  });
  await Promise.all(replacedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
  deps.onContentChanged?.(scope.companyId);
  return requirePublication(deps.db, scope, postId);
}
