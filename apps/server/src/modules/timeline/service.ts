import { AdminPermission } from '@elo/contract/enums';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { mayAccess, type Caller } from '../../platform/auth/policy.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { Card } from './card.ts';
import { mayReadPostMedia, visiblePostSql } from './feed-repo.ts';
import { adminPosts, listPendingReadings } from './feed.ts';
import type { InteractionDeps } from './interactions.ts';
import {
  bumpCardVersion,
  countCompanyComments,
  deleteGroupOnlyPosts,
  listPersonTimelineData,
} from './posts-repo.ts';

export type TimelineService = ReturnType<typeof createTimelineService>;

/**
 * Posts, comments, reactions, saves, polls and gestos. The service is the module's dependencies
 * (the routes hand it to the use cases of feed.ts, posting.ts and interactions.ts) and what other
 * modules ask of the timeline.
 */
export function createTimelineService(deps: {
  db: Database;
  cardCacheSize: number;
  /** Tells a post's author about a comment. */
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const { db } = deps;
  const module: InteractionDeps = {
    db,
    notifications: deps.notifications,
    cardCache:
      deps.cardCacheSize > 0
        ? new LRUCache<string, Card>({ max: deps.cardCacheSize, ttl: 60_000 })
        : undefined,
  };

  return {
    ...module,

    /** The posts of the company for the administration's timeline (feed.ts's adminPosts). */
    adminCards: (scope: TenantScope, postIds: number[]) => adminPosts(module, scope, postIds),

    /** Raises a post's card version in the caller's transaction (a moderator hid or deleted something). */
    bumpCardVersion: (tx: Database, scope: TenantScope, postId: number) => bumpCardVersion(tx, scope, postId),

    /** The company's comments, for the administration's figures. */
    countComments: (companyId: number) => countCompanyComments(db, companyId),

    /**
     * The timeline's rule for whether the person sees post `p`, as a condition for another
     * module's statement on `posts p` (reach counts views and confirmations only of posts seen).
     */
    visiblePostCondition: (scope: TenantScope) => visiblePostSql(scope),

    /** The person's unconfirmed mandatory readings, newest first (pinned above the feed). */
    listPendingReadings: (scope: TenantScope) => listPendingReadings(module, scope),

    /**
     * The media route's rule for post files: whoever can see the post (its groups' members or
     * everyone for the wall, once published and due), its author, and publication administrators.
     */
    mayReadMedia(reader: TenantScope & Caller, key: string): Promise<boolean> {
      return mayReadPostMedia(db, reader, {
        key,
        everyPost: mayAccess(reader, AdminPermission.publications),
      });
    },

    /** The posts, comments and reactions of one person, for their personal data export. */
    listPersonData: (scope: TenantScope) => listPersonTimelineData(db, scope),

    /**
     * For a group being deleted, in the caller's transaction: soft-deletes the company's posts
     * published only to that group and not on the wall; answers their ids.
     */
    deleteGroupPosts: (tx: Database, companyId: number, groupId: number) =>
      deleteGroupOnlyPosts(tx, companyId, groupId),
  };
}
