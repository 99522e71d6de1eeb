import type { z } from 'zod';
import { AuditAction } from '@elo/contract/calls/audit';
import {
  PublicationAction,
  publicationLimits,
  ScheduleCancelAction,
  type salvaPublicacaoAdminInputSchema,
} from '@elo/contract/calls/publications';
import { NotificationType, PostType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { hasVisibleText } from '@elo/contract/text';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { auditedFields, presentPublication } from './presenter.ts';
import {
  countConfirmations,
  deleteConfirmations,
  findCompanyGroupIds,
  findForNotification,
  findPublication,
  hasPublicationNotification,
  insertPublication,
  listAudience,
  listGroups,
  listOutPublications,
  lockPublication,
  pagePublications,
  replaceGroups,
  replaceMedia,
  softDeletePublication,
  updatePublication,
  type MediaValues,
  type PublicationFilter,
} from './repo.ts';
import { findYouTubeLink } from '@elo/contract/youtube';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** Tells a publication's audience it is out, at its publication time (see docs/publications.md). */
    'publication-published': { postId: number; publishAt: string };
  }
}

export const publicationJob = 'publication-published';

/** Who calls: their company and themselves. */
export interface PublicationsScope {
  companyId: number;
  userId: number;
}

export type SavePublicationInput = z.output<typeof salvaPublicacaoAdminInputSchema>;

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

/** A publication of the company as the administration shows it, or undefined: for the reach reports. */
export async function findPresentedPublication(db: Database, options: { companyId: number; postId: number }) {
  const row = await findPublication(db, options.companyId, options.postId);
  return row && presentPublication(row);
}

/**
 * The latest publications out now on the wall or in these groups, newest first, at most `limit`:
 * what a corporate TV screen rotates (never a draft, a scheduled one before its time, a hidden or
 * a deleted one). Media come as storage keys: the caller decides how they are served.
 */
export async function listOutPublicationsForScreen(
  db: Database,
  options: { companyId: number; groupIds: number[]; limit: number },
) {
  const rows = await listOutPublications(db, options.companyId, options.groupIds, options.limit);
  return rows.map((row) => {
    const isVideo = row.media_type?.startsWith('video/') ?? false;
    return {
      id: row.id,
      text: plainText(row.text),
      publishedAt: new Date(row.publish_at),
      authorName: row.author_name,
      authorPhotoKey: row.author_photo,
      imageKey: isVideo ? null : row.media_key,
      videoThumbnailKey: isVideo ? row.thumb_key : null,
    };
  });
}

const dayMs = 86_400_000;

/** A schedule must be ahead of now and within publicationLimits.scheduleMaxDays. */
function scheduleProblems(at: Date, now: Date): FieldMessage[] {
  if (at.getTime() <= now.getTime()) return ['validation.scheduleInPast'];
  if (at.getTime() > now.getTime() + publicationLimits.scheduleMaxDays * dayMs)
    return [{ key: 'validation.scheduleTooFar', params: { max: publicationLimits.scheduleMaxDays } }];
  return [];
}

/** A post's text as plain words: its tags dropped, its whitespace collapsed. */
const plainText = (text: string | null) =>
  (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const excerpt = (text: string | null) => {
  const plain = plainText(text);
  return [...plain].length > 200 ? `${[...plain].slice(0, 199).join('')}…` : plain;
};

const isoOf = (value: Date | string) => new Date(value).toISOString();

export type PublicationsService = ReturnType<typeof createPublicationsService>;

/**
 * Publications: the administration's posts to the wall or to groups, published now, scheduled or
 * kept as drafts. A scheduled publication is a published post whose publish_at is ahead: the feed
 * shows it from that instant by itself; a job queued for the same instant tells its audience.
 */
export function createPublicationsService(deps: {
  db: Database;
  storage: MediaStorage;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  log: Logger;
  /** Tells whoever shows the company's publications elsewhere (the corporate TV) that they changed. */
  onContentChanged?: ((companyId: number) => void) | undefined;
}) {
  const { db } = deps;

  async function present(scope: PublicationsScope, postId: number, within: Database = db) {
    const row = await findPublication(within, scope.companyId, postId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Queues the audience's notification for the publication's time, in the caller's transaction. */
  async function queueNotification(tx: Database, postId: number, publishAt: Date) {
    const at = publishAt.toISOString();
    await deps.jobs.send(
      publicationJob,
      { postId, publishAt: at },
      { startAfter: publishAt, singletonKey: `${postId}@${at}`, transaction: tx },
    );
  }

  /**
   * The job: tells the audience once the publication is out. It does nothing when the post was
   * deleted, hidden, turned into a draft or moved to another time since the job was queued (that
   * change queued its own job), and nothing when this publication's notification already exists
   * (a retry after a crash).
   */
  async function notifyAudience(data: { postId: number; publishAt: string }) {
    const post = await findForNotification(db, data.postId);
    if (!post || post.gone || post.status !== 'published' || !post.due) return;
    if (isoOf(post.publish_at) !== new Date(data.publishAt).toISOString()) return;
    // A scheduled publication is out now: screens showing the company's publications refresh.
    deps.onContentChanged?.(post.company_id);
    const link = `/painel/publicacao/${post.id}`;
    // One notification per publication: a second run of the job finds the first one's rows.
    if (await hasPublicationNotification(db, post.company_id, link)) return;
    const audience = (await listAudience(db, post)).filter((userId) => userId !== post.author_id);
    await deps.notifications.notify({
      companyId: post.company_id,
      userIds: audience,
      type: NotificationType.publicationPublished,
      title: 'Nova publicação',
      body: excerpt(post.text) || 'Nova publicação na timeline',
      link,
    });
  }

  return {
    notifyAudience,

    async groups(scope: PublicationsScope) {
      return { listGrupos: await listGroups(db, scope.companyId) };
    },

    async list(scope: PublicationsScope, filter: PublicationFilter, page: { number: number; size: number }) {
      const { rows, total } = await pagePublications(db, scope.companyId, filter, {
        limit: page.size,
        offset: (page.number - 1) * page.size,
      });
      return {
        listPublicacoes: rows.map(presentPublication),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /**
     * Creates or edits a publication after every rule of spec section 5; nothing is written when
     * one fails (the files received are removed by the binder). One transaction holds the post,
     * its groups and file, the confirmations it clears, its notification job and the audit entry.
     */
    async save(scope: PublicationsScope, input: SavePublicationInput, files: UploadedFile[], actor: Actor) {
      const creating = input.idPublicacao === undefined;
      const file = files.find((entry) => entry.field === 'arquivo');
      const thumbnail = files.find((entry) => entry.field === 'thumbnail');
      const text = input.texto.trim();
      const now = new Date();
      const errors: Record<string, FieldMessage[]> = {};
      const fail = (field: string, message: FieldMessage) =>
        (errors[field] = [...(errors[field] ?? []), message]);

      if (file) for (const problem of mediaProblems(file)) fail('arquivo', problem);
      if (thumbnail && (!imageTypes.has(thumbnail.mimeType) || thumbnail.width === null))
        fail('thumbnail', 'validation.thumbnailInvalid');
      const scheduledAt =
        input.acao === PublicationAction.schedule && input.dtAgendamento
          ? new Date(input.dtAgendamento)
          : null;
      if (scheduledAt)
        for (const problem of scheduleProblems(scheduledAt, now)) fail('dtAgendamento', problem);
      const reading = input.flLeituraObrigatoria === 'S';
      const deadline = reading && input.dtLimiteLeitura ? new Date(input.dtLimiteLeitura) : null;
      const groupIds = [...new Set(input.idsGrupos)];

      const { postId, replacedKeys } = await db.transaction(async (tx) => {
        const locked = creating ? undefined : await lockPublication(tx, scope.companyId, input.idPublicacao!);
        if (!creating && !locked) throw new AppError('NOT_FOUND');
        // A stale versao (someone saved it since this copy was read) writes nothing.
        if (locked && input.versao !== undefined && input.versao !== locked.edit_version)
          throw new AppError('REGISTRO_ALTERADO');
        const wasOut = locked ? locked.status === 'published' && !locked.scheduled : false;
        if (wasOut && input.acao !== PublicationAction.publish)
          throw new AppError('PUBLICATION_ALREADY_PUBLISHED');

        if ((await findCompanyGroupIds(tx, scope.companyId, groupIds)).length !== groupIds.length)
          fail('idsGrupos', 'validation.groupsInvalid');
        // The file it will show: the one sent, else (editing) the current one unless removed.
        const keepsFile = !file && locked?.media_key && input.flManterArquivo === 'S';
        const mediaType = file?.mimeType ?? (keepsFile ? locked!.media_type : null);
        if (!mediaType && !hasVisibleText(text)) fail('texto', 'validation.postEmpty');

        // A publication published now, or kept out as it is; a schedule's time; a draft's last save.
        const publishAt = wasOut
          ? new Date(locked!.publish_at)
          : input.acao === PublicationAction.schedule
            ? scheduledAt!
            : now;
        if (deadline && deadline.getTime() <= publishAt.getTime())
          fail('dtLimiteLeitura', 'validation.readingDeadlineInvalid');
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
          allowComments: input.flPermiteComentarios === 'S',
          youtubeId,
          onWall: input.flMural === 'S',
          status: input.acao === PublicationAction.draft ? 'draft' : 'published',
          publishAt,
          requiresReading: reading,
          readingDeadline: deadline,
          readingReminderDays: reading ? (input.diasLembreteLeitura ?? null) : null,
        };
        const before = locked ? auditedFields(await present(scope, locked.id, tx)) : null;
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
            input.versao,
          );
          if (!updated) throw new AppError('REGISTRO_ALTERADO');
          if (textChanged && input.flReconfirmarLeitura === 'S' && (await countConfirmations(tx, id)) > 0)
            await deleteConfirmations(tx, id);
        }
        await replaceGroups(tx, scope.companyId, id, groupIds);
        if (file || (locked?.media_key && !keepsFile)) {
          const media: MediaValues | null = file
            ? {
                storageKey: file.key,
                mimeType: file.mimeType,
                sizeBytes: file.sizeBytes,
                width: file.width,
                height: file.height,
                thumbnailKey: file.mimeType === videoType ? (thumbnail?.key ?? null) : null,
              }
            : null;
          await replaceMedia(tx, scope.companyId, id, media);
          if (locked?.media_key) replaced.push(locked.media_key);
          if (locked?.thumb_key) replaced.push(locked.thumb_key);
        }
        // A thumbnail without a video to go with it is not kept.
        if (thumbnail && file?.mimeType !== videoType) replaced.push(thumbnail.key);
        if (!wasOut && values.status === 'published') await queueNotification(tx, id, publishAt);
        await recordAudit(tx, actor, {
          action: creating ? AuditAction.publicationCreate : AuditAction.publicationUpdate,
          target: { type: 'publication', id, name: excerpt(values.text).slice(0, 100) || null },
          changes: changedFields(before, auditedFields(await present(scope, id, tx))),
        });
        return { postId: id, replacedKeys: replaced };
      });
      await Promise.all(replacedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
      deps.onContentChanged?.(scope.companyId);
      return { publicacao: presentPublication(await present(scope, postId)) };
    },

    /** Moves a scheduled publication to another time; the job queued for the old time does nothing. */
    async reschedule(scope: PublicationsScope, postId: number, when: string, actor: Actor) {
      const at = new Date(when);
      await db.transaction(async (tx) => {
        const locked = await lockPublication(tx, scope.companyId, postId);
        if (!locked) throw new AppError('NOT_FOUND');
        if (locked.status !== 'published') throw new AppError('PUBLICATION_NOT_SCHEDULED');
        if (!locked.scheduled) throw new AppError('PUBLICATION_ALREADY_PUBLISHED');
        const problems = scheduleProblems(at, new Date());
        if (problems.length > 0) throw invalidFields({ dtAgendamento: problems });
        await updatePublication(tx, scope.companyId, postId, { publishAt: at });
        await queueNotification(tx, postId, at);
        await recordAudit(tx, actor, {
          action: AuditAction.publicationReschedule,
          target: { type: 'publication', id: postId, name: excerpt(locked.text).slice(0, 100) || null },
          changes: changedFields(
            { dtAgendamento: isoOf(locked.publish_at) },
            { dtAgendamento: at.toISOString() },
          ),
        });
      });
      return { publicacao: presentPublication(await present(scope, postId)) };
    },

    /** Cancels a schedule that has not fired: delete, keep as a draft, or publish now. */
    async cancelSchedule(
      scope: PublicationsScope,
      postId: number,
      action: (typeof ScheduleCancelAction)[keyof typeof ScheduleCancelAction],
      actor: Actor,
    ) {
      await db.transaction(async (tx) => {
        const locked = await lockPublication(tx, scope.companyId, postId);
        if (!locked) throw new AppError('NOT_FOUND');
        if (locked.status !== 'published') throw new AppError('PUBLICATION_NOT_SCHEDULED');
        if (!locked.scheduled) throw new AppError('PUBLICATION_ALREADY_PUBLISHED');
        const now = new Date();
        if (action === ScheduleCancelAction.delete) await softDeletePublication(tx, scope.companyId, postId);
        else if (action === ScheduleCancelAction.draft)
          await updatePublication(tx, scope.companyId, postId, { status: 'draft', publishAt: now });
        else {
          await updatePublication(tx, scope.companyId, postId, { publishAt: now });
          await queueNotification(tx, postId, now);
        }
        await recordAudit(tx, actor, {
          action: AuditAction.publicationScheduleCancel,
          target: { type: 'publication', id: postId, name: excerpt(locked.text).slice(0, 100) || null },
          changes: changedFields(
            { dtAgendamento: isoOf(locked.publish_at), acao: null },
            { dtAgendamento: null, acao: action },
          ),
        });
      });
      deps.onContentChanged?.(scope.companyId);
      if (action === ScheduleCancelAction.delete) return { publicacao: null };
      return { publicacao: presentPublication(await present(scope, postId)) };
    },

    /** Deletes a publication of any status (soft: it leaves every timeline and list). */
    async remove(scope: PublicationsScope, postId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const locked = await lockPublication(tx, scope.companyId, postId);
        if (!locked) throw new AppError('NOT_FOUND');
        const before = auditedFields(await present(scope, postId, tx));
        await softDeletePublication(tx, scope.companyId, postId);
        await recordAudit(tx, actor, {
          action: AuditAction.publicationDelete,
          target: { type: 'publication', id: postId, name: excerpt(locked.text).slice(0, 100) || null },
          changes: changedFields(before, null),
        });
      });
      deps.onContentChanged?.(scope.companyId);
      return { ok: true as const };
    },
  };
}

/** Registers the publication notification job on the queue. */
export function registerPublicationJobs(jobs: JobQueue, publications: PublicationsService) {
  jobs.register(publicationJob, (job) => publications.notifyAudience(job.data), { policy: 'short' });
}
