import { limits } from '@elo/contract/limits';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pageOf, type Page } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { Card, FeedEntry, Post } from './card.ts';
import { loadCards } from './cards-repo.ts';
import { findVisibleEntry, pageEntries, pendingReadingEntries, type FeedQuery } from './feed-repo.ts';

/** What reading the timeline needs: the database and the shared cards' cache (none when disabled). */
export interface FeedDeps {
  db: Database;
  /**
   * Cards as every viewer sees them, under (post id, version): any change to what a card shows
   * raises the post's version in the same transaction, so a cached card is never stale, on any
   * node. Author names and photos are the exception, refreshed when the entry expires.
   */
  cardCache: LRUCache<string, Card> | undefined;
}

/** The most pending mandatory readings pinned above the feed. */
const pendingReadingsMax = 50;

const cacheKey = (id: number, version: number) => `${id}:${version}`;

/** The posts of these entries, in their order, each with the viewer's part. */
export async function postsOf(deps: FeedDeps, scope: TenantScope, entries: FeedEntry[]): Promise<Post[]> {
  const found = new Map<number, Card>();
  const missing: number[] = [];
  for (const entry of entries) {
    const card = deps.cardCache?.get(cacheKey(entry.id, entry.version));
    if (card) found.set(entry.id, card);
    else missing.push(entry.id);
  }
  for (const card of await loadCards(deps.db, scope, missing, limits.pageSize.comments)) {
    deps.cardCache?.set(cacheKey(card.id, card.version), card);
    found.set(card.id, card);
  }
  return entries.flatMap((entry) => {
    const card = found.get(entry.id);
    return card ? [{ card, viewer: entry.viewer }] : [];
  });
}

/** A page of the timeline: the requested groups the user is in (all of them when none), and the wall. */
export async function listTimeline(
  deps: FeedDeps,
  scope: TenantScope,
  query: FeedQuery,
): Promise<Page<Post>> {
  const { entries, total } = await pageEntries(deps.db, scope, query);
  return pageOf(query.page, await postsOf(deps, scope, entries), total);
}

/** The post, when the user may see it; else 404 (whether it exists or not). */
export async function getPost(deps: FeedDeps, scope: TenantScope, postId: number): Promise<Post> {
  const entry = await findVisibleEntry(deps.db, scope, postId);
  const [post] = entry ? await postsOf(deps, scope, [entry]) : [];
  if (!post) throw new AppError('NOT_FOUND');
  return post;
}

/** The person's unconfirmed mandatory readings, newest first (pinned above the feed). */
export async function listPendingReadings(deps: FeedDeps, scope: TenantScope): Promise<Post[]> {
  return postsOf(deps, scope, await pendingReadingEntries(deps.db, scope, pendingReadingsMax));
}

/**
 * Posts of the company for the administration's timeline, in the order given: hidden comments
 * included, so they are loaded afresh (never from or into the shared cache), with no viewer's
 * part (no reaction, save or vote of the moderator's).
 */
export async function adminPosts(deps: FeedDeps, scope: TenantScope, postIds: number[]): Promise<Post[]> {
  const cards = await loadCards(deps.db, scope, postIds, limits.pageSize.comments, { includeHidden: true });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return postIds.flatMap((id) => {
    const card = byId.get(id);
    if (!card) return [];
    const viewer = {
      userId: scope.userId,
      gestureId: null,
      saved: false,
      votedOptionId: null,
      confirmed: false,
    };
    return [{ card, viewer }];
  });
}
