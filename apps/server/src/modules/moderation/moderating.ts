import { AuditAction } from '@elo/contract/calls/audit';
import { ModerationAction, type ModerationActionValue } from '@elo/contract/calls/moderation';
import { NotificationType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { recordAudit } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { TimelineService } from '../timeline/service.ts';
import { moderationNotice, targetName } from './notices.ts';
import { deleteComment, deletePost, lockComment, lockPost, setCommentHidden, setPostHidden } from './repo.ts';

/** What moderating a post or a comment needs. */
export interface ModeratingDeps {
  db: Database;
  timeline: Pick<TimelineService, 'bumpCardVersion'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Tells whoever shows the company's posts elsewhere (the corporate TV) that they changed. */
  onContentChanged?: ((companyId: number) => void) | undefined;
}

/** A moderator's decision: hide, show again or delete, and why (required but to show again). */
export interface Moderation {
  action: ModerationActionValue;
  reason: string;
}

const postActions = {
  OCULTAR: AuditAction.postHide,
  EXIBIR: AuditAction.postShow,
  EXCLUIR: AuditAction.postDelete,
} as const;

const commentActions = {
  OCULTAR: AuditAction.commentHide,
  EXIBIR: AuditAction.commentShow,
  EXCLUIR: AuditAction.commentDelete,
} as const;

/** The state a moderation leaves: hidden or not, deleted or not. */
const stateAfter = (action: ModerationActionValue, wasHidden: boolean) => ({
  oculta: action === ModerationAction.hide ? true : action === ModerationAction.show ? false : wasHidden,
  excluida: action === ModerationAction.delete,
});

/** The audit entry's changes: the reason, and the fields of the item's state that changed. */
function auditedChanges(moderation: Moderation, wasHidden: boolean) {
  const before = { oculta: wasHidden, excluida: false };
  const after = stateAfter(moderation.action, wasHidden);
  const result: Record<string, { antes: unknown; depois: unknown }> = moderation.reason
    ? { motivo: { antes: null, depois: moderation.reason } }
    : {};
  for (const key of ['oculta', 'excluida'] as const) {
    if (before[key] !== after[key]) result[key] = { antes: before[key], depois: after[key] };
  }
  return result;
}

/** Tells the author, unless they moderated their own post or comment. */
async function tellAuthor(
  deps: ModeratingDeps,
  scope: TenantScope,
  options: {
    authorId: number;
    kind: 'post' | 'comment';
    moderation: Moderation;
    text: string | null;
    postId: number;
  },
) {
  if (options.authorId === scope.userId) return;
  const { action, reason } = options.moderation;
  const notice = moderationNotice(options.kind, action, reason, options.text);
  await deps.notifications.notify({
    companyId: scope.companyId,
    userIds: [options.authorId],
    type: NotificationType.moderation,
    title: notice.title,
    body: notice.body,
    link: action === ModerationAction.show ? `/painel/publicacao/${options.postId}` : null,
  });
}

/** Hides, shows again or deletes a post of the company; another company's or a deleted one: 404. */
export async function moderatePost(
  deps: ModeratingDeps,
  scope: TenantScope,
  postId: number,
  moderation: Moderation,
  actor: Actor,
): Promise<void> {
  const post = await deps.db.transaction(async (tx) => {
    const found = await lockPost(tx, scope.companyId, postId);
    if (!found) throw new AppError('NOT_FOUND');
    if (moderation.action === ModerationAction.delete) await deletePost(tx, scope.companyId, postId);
    else await setPostHidden(tx, scope.companyId, postId, moderation.action === ModerationAction.hide);
    await deps.timeline.bumpCardVersion(tx, scope, postId);
    await recordAudit(tx, actor, {
      action: postActions[moderation.action],
      target: { type: 'post', id: postId, name: targetName(found.text) },
      changes: auditedChanges(moderation, found.hiddenAt !== null),
    });
    return found;
  });
  deps.onContentChanged?.(scope.companyId);
  await tellAuthor(deps, scope, {
    authorId: post.authorId,
    kind: 'post',
    moderation,
    text: post.text,
    postId,
  });
}

/** Hides, shows again or deletes a comment of the company; another company's or a deleted one: 404. */
export async function moderateComment(
  deps: ModeratingDeps,
  scope: TenantScope,
  commentId: number,
  moderation: Moderation,
  actor: Actor,
): Promise<void> {
  const comment = await deps.db.transaction(async (tx) => {
    const found = await lockComment(tx, scope.companyId, commentId);
    if (!found) throw new AppError('NOT_FOUND');
    if (moderation.action === ModerationAction.delete) await deleteComment(tx, scope.companyId, commentId);
    else await setCommentHidden(tx, scope.companyId, commentId, moderation.action === ModerationAction.hide);
    await deps.timeline.bumpCardVersion(tx, scope, found.postId);
    await recordAudit(tx, actor, {
      action: commentActions[moderation.action],
      target: { type: 'comment', id: commentId, name: targetName(found.text) },
      changes: auditedChanges(moderation, found.hiddenAt !== null),
    });
    return found;
  });
  await tellAuthor(deps, scope, {
    authorId: comment.authorId,
    kind: 'comment',
    moderation,
    text: comment.text,
    postId: comment.postId,
  });
}
