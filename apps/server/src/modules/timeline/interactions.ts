import { NotificationType } from '@elo/contract/enums';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { pageOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Gesture, Post, PostComment } from './card.ts';
import { findVisibleEntry } from './feed-repo.ts';
import { getPost, type FeedDeps } from './feed.ts';
import {
  deleteOwnComment,
  insertComment,
  listGestures as selectGestures,
  pageComments,
  setReaction,
  setSaved,
  setVote,
} from './interactions-repo.ts';

/** What comments and reactions need besides reading: telling a post's author about a comment. */
export interface InteractionDeps extends FeedDeps {
  notifications: Pick<NotificationsService, 'notify'>;
}

/** The post, when the user may see it; else 404 (whether it exists or not). */
async function requireVisiblePost(deps: FeedDeps, scope: TenantScope, postId: number) {
  const post = await findVisibleEntry(deps.db, scope, postId);
  if (!post) throw new AppError('NOT_FOUND');
  return post;
}

/** A page of the comments of a post the user may see, newest first. */
export async function listComments(
  deps: FeedDeps,
  scope: TenantScope,
  postId: number,
  page: PageQuery,
): Promise<Page<PostComment>> {
  await requireVisiblePost(deps, scope, postId);
  const { comments, total } = await pageComments(deps.db, scope, postId, page);
  return pageOf(page, comments, total);
}

/** Comments a post the user may see, when it takes comments; its author is told. */
export async function addComment(
  deps: InteractionDeps,
  scope: TenantScope,
  input: { postId: number; text: string },
): Promise<PostComment> {
  // The visibility check, the comment and the card's new version are one statement.
  const added = await insertComment(deps.db, scope, input);
  if (!added) throw new AppError('NOT_FOUND');
  const { comment } = added;
  if (!comment) throw invalidFields({ texto: ['validation.commentsClosed'] });
  if (added.postAuthorId !== scope.userId) {
    await deps.notifications.notify({
      companyId: scope.companyId,
      userIds: [added.postAuthorId],
      type: NotificationType.postComment,
      title: (t) => t('bell.postComment', { name: comment.author.name }),
      body: [...input.text].length > 200 ? `${[...input.text].slice(0, 199).join('')}…` : input.text,
      link: `/painel/publicacao/${input.postId}`,
      group: { key: `post-comment:${input.postId}`, actorUserId: scope.userId },
    });
  }
  return comment;
}

/** Deletes one of the user's own comments; 404 for anyone else's. */
export async function deleteComment(deps: FeedDeps, scope: TenantScope, commentId: number): Promise<void> {
  if (!(await deleteOwnComment(deps.db, scope, commentId))) throw new AppError('NOT_FOUND');
}

/** Reacts to a post with a gesture, changes it, or (null) takes it back; answers the post after. */
export async function react(
  deps: FeedDeps,
  scope: TenantScope,
  input: { postId: number; gestureId: number | null },
): Promise<Post> {
  // The visibility and gesture checks, the reaction and the card's new version are one statement.
  const { visible, gestureFound } = await setReaction(deps.db, scope, input.postId, input.gestureId);
  if (!visible) throw new AppError('NOT_FOUND');
  if (!gestureFound) throw invalidFields({ idGesto: ['validation.required'] });
  return getPost(deps, scope, input.postId);
}

/** Saves or unsaves a post the user may see. */
export async function savePost(
  deps: FeedDeps,
  scope: TenantScope,
  input: { postId: number; saved: boolean },
): Promise<void> {
  await requireVisiblePost(deps, scope, input.postId);
  await setSaved(deps.db, scope, input.postId, input.saved);
}

/** Votes in a poll the user may see (voting again changes the vote); answers the post after. */
export async function vote(
  deps: FeedDeps,
  scope: TenantScope,
  input: { postId: number; optionId: number },
): Promise<Post> {
  // The visibility and option checks, the vote and the card's new version are one statement.
  if (!(await setVote(deps.db, scope, input.postId, input.optionId))) throw new AppError('NOT_FOUND');
  return getPost(deps, scope, input.postId);
}

/** The reaction kinds. */
export const listGestures = (deps: FeedDeps): Promise<Gesture[]> => selectGestures(deps.db);
