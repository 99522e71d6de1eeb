import { ModerationAction } from '@elo/contract/calls/publications';
import { AuditAction } from '@elo/contract/calls/audit';
import { NotificationType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { recordAudit } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { TimelineService } from '../timeline/service.ts';
import { moderationNotice, presentAdminCard, targetName, type ModerationActionValue } from './presenter.ts';
import {
  companyGroupExists,
  deleteComment,
  deletePost,
  findHiddenComments,
  lockComment,
  lockPost,
  pageAdminTimeline,
  setCommentHidden,
  setPostHidden,
} from './repo.ts';

export interface ModerationInput {
  acao: ModerationActionValue;
  motivo: string;
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

export type ModerationService = ReturnType<typeof createModerationService>;

/**
 * Moderation of the company's posts and comments (hide, show again, delete, each with its reason
 * in the audit entry of the same transaction, the author told), and the administration's timeline.
 */
export function createModerationService(deps: {
  db: Database;
  timeline: Pick<TimelineService, 'adminCards' | 'bumpCardVersion'>;
  notifications: Pick<NotificationsService, 'notify'>;
  /** Tells whoever shows the company's posts elsewhere (the corporate TV) that they changed. */
  onContentChanged?: ((companyId: number) => void) | undefined;
}) {
  const { db } = deps;

  /** Tells the author, unless they moderated their own post or comment. */
  async function tellAuthor(
    scope: TenantScope,
    options: {
      authorId: number;
      kind: 'post' | 'comment';
      input: ModerationInput;
      text: string | null;
      postId: number;
    },
  ) {
    if (options.authorId === scope.userId) return;
    const notice = moderationNotice(options.kind, options.input.acao, options.input.motivo, options.text);
    await deps.notifications.notify({
      companyId: scope.companyId,
      userIds: [options.authorId],
      type: NotificationType.moderation,
      title: notice.title,
      body: notice.body,
      link: options.input.acao === ModerationAction.show ? `/painel/publicacao/${options.postId}` : null,
    });
  }

  return {
    /** Hides, shows again or deletes a post of the company; another company's or a deleted one: 404. */
    async moderatePost(scope: TenantScope, postId: number, input: ModerationInput, actor: Actor) {
      const post = await db.transaction(async (tx) => {
        const found = await lockPost(tx, scope.companyId, postId);
        if (!found) throw new AppError('NOT_FOUND');
        if (input.acao === ModerationAction.delete) await deletePost(tx, scope.companyId, postId);
        else await setPostHidden(tx, scope.companyId, postId, input.acao === ModerationAction.hide);
        await deps.timeline.bumpCardVersion(tx, scope, postId);
        const before = { oculta: found.hiddenAt !== null, excluida: false };
        await recordAudit(tx, actor, {
          action: postActions[input.acao],
          target: { type: 'post', id: postId, name: targetName(found.text) },
          changes: {
            ...(input.motivo ? { motivo: { antes: null, depois: input.motivo } } : {}),
            ...changes(before, stateAfter(input.acao, before.oculta)),
          },
        });
        return found;
      });
      deps.onContentChanged?.(scope.companyId);
      await tellAuthor(scope, { authorId: post.authorId, kind: 'post', input, text: post.text, postId });
      return { ok: true as const };
    },

    /** Hides, shows again or deletes a comment of the company; another company's or a deleted one: 404. */
    async moderateComment(scope: TenantScope, commentId: number, input: ModerationInput, actor: Actor) {
      const comment = await db.transaction(async (tx) => {
        const found = await lockComment(tx, scope.companyId, commentId);
        if (!found) throw new AppError('NOT_FOUND');
        if (input.acao === ModerationAction.delete) await deleteComment(tx, scope.companyId, commentId);
        else await setCommentHidden(tx, scope.companyId, commentId, input.acao === ModerationAction.hide);
        await deps.timeline.bumpCardVersion(tx, scope, found.postId);
        const before = { oculta: found.hiddenAt !== null, excluida: false };
        await recordAudit(tx, actor, {
          action: commentActions[input.acao],
          target: { type: 'comment', id: commentId, name: targetName(found.text) },
          changes: {
            ...(input.motivo ? { motivo: { antes: null, depois: input.motivo } } : {}),
            ...changes(before, stateAfter(input.acao, before.oculta)),
          },
        });
        return found;
      });
      await tellAuthor(scope, {
        authorId: comment.authorId,
        kind: 'comment',
        input,
        text: comment.text,
        postId: comment.postId,
      });
      return { ok: true as const };
    },

    /** A page of the administration's timeline, hidden posts and comments included and marked. */
    async timeline(
      scope: TenantScope,
      query: { page: number; pageSize: number; groupId: number | undefined },
    ) {
      if (query.groupId !== undefined && !(await companyGroupExists(db, scope.companyId, query.groupId)))
        throw new AppError('NOT_FOUND');
      const { entries, total } = await pageAdminTimeline(db, { companyId: scope.companyId, ...query });
      const cards = await deps.timeline.adminCards(
        scope,
        entries.map((entry) => entry.id),
      );
      const hiddenComments = new Set(
        await findHiddenComments(
          db,
          scope.companyId,
          cards.flatMap((card) => card.comentarios.listComentarios.map((comment) => comment.idComentario)),
        ),
      );
      const hiddenPosts = new Set(entries.filter((entry) => entry.hidden).map((entry) => entry.id));
      return {
        listPostagens: cards.map((card) =>
          presentAdminCard(card, hiddenPosts.has(card.idMensagem), hiddenComments),
        ),
        idPaginaAtual: query.page,
        qtdRegistrosPorPagina: query.pageSize,
        qtdTotalRegistros: total,
      };
    },
  };
}

/** The fields of a moderated item's state that changed, as the audit log keeps them. */
function changes(
  before: { oculta: boolean; excluida: boolean },
  after: { oculta: boolean; excluida: boolean },
) {
  const result: Record<string, { antes: unknown; depois: unknown }> = {};
  for (const key of ['oculta', 'excluida'] as const) {
    if (before[key] !== after[key]) result[key] = { antes: before[key], depois: after[key] };
  }
  return result;
}
