import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pageOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { Post } from '../timeline/card.ts';
import type { TimelineService } from '../timeline/service.ts';
import { companyGroupExists, findHiddenComments, pageAdminTimeline } from './repo.ts';

/** What the administration's timeline needs: the timeline's cards with hidden comments. */
export interface AdminTimelineDeps {
  db: Database;
  timeline: Pick<TimelineService, 'adminCards'>;
}

/** A post of the administration's timeline: the card, whether it is hidden, and its hidden comments. */
export interface AdminPost extends Post {
  hidden: boolean;
  hiddenCommentIds: Set<number>;
}

/** A page of the administration's timeline, hidden posts and comments included and marked. */
export async function listAdminTimeline(
  deps: AdminTimelineDeps,
  scope: TenantScope,
  query: { page: PageQuery; groupId: number | undefined },
): Promise<Page<AdminPost>> {
  const { db } = deps;
  if (query.groupId !== undefined && !(await companyGroupExists(db, scope.companyId, query.groupId)))
    throw new AppError('NOT_FOUND');
  const { entries, total } = await pageAdminTimeline(db, {
    companyId: scope.companyId,
    groupId: query.groupId,
    page: query.page,
  });
  const posts = await deps.timeline.adminCards(
    scope,
    entries.map((entry) => entry.id),
  );
  const hiddenCommentIds = new Set(
    await findHiddenComments(
      db,
      scope.companyId,
      posts.flatMap((post) => post.card.comments.map((comment) => comment.id)),
    ),
  );
  const hiddenPosts = new Set(entries.filter((entry) => entry.hidden).map((entry) => entry.id));
  return pageOf(
    query.page,
    posts.map((post) => ({ ...post, hidden: hiddenPosts.has(post.card.id), hiddenCommentIds })),
    total,
  );
}
