import { NotificationType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { findForNotification, hasPublicationNotification, listAudience } from './notice-repo.ts';
import { excerpt } from './publication.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** Tells a publication's audience it is out, at its publication time (see docs/publications.md). */
    'publication-published': { postId: number; publishAt: string };
  }
}

export const publicationJob = 'publication-published';

/** What telling a publication's audience needs. */
export interface NotifyingDeps {
  db: Database;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Tells whoever shows the company's publications elsewhere (the corporate TV) that they changed. */
  onContentChanged?: ((companyId: number) => void) | undefined;
}

/** Queues the audience's notification for the publication's time, in the caller's transaction. */
export async function queueNotification(
  deps: Pick<NotifyingDeps, 'jobs'>,
  tx: Database,
  postId: number,
  publishAt: Date,
) {
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
export async function notifyAudience(deps: NotifyingDeps, data: { postId: number; publishAt: string }) {
  const { db } = deps;
  const post = await findForNotification(db, data.postId);
  if (!post || post.gone || post.status !== 'published' || !post.due) return;
  if (post.publishAt.toISOString() !== new Date(data.publishAt).toISOString()) return;
  // A scheduled publication is out now: screens showing the company's publications refresh.
  deps.onContentChanged?.(post.companyId);
  const link = `/painel/publicacao/${post.id}`;
  // One notification per publication: a second run of the job finds the first one's rows.
  if (await hasPublicationNotification(db, post.companyId, link)) return;
  const audience = (await listAudience(db, post)).filter((userId) => userId !== post.authorId);
  await deps.notifications.notify({
    companyId: post.companyId,
    userIds: audience,
    type: NotificationType.publicationPublished,
    title: (t) => t('bell.publicationPublished'),
    body: excerpt(post.text) || ((t) => t('bell.publicationPublishedBody')),
    link,
  });
}
