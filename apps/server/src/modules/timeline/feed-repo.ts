import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/raw-sql.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  groupMembers,
  groups,
  pollVotes,
  postGroups,
  postMedia,
  postReadConfirmations,
  posts,
  reactions,
  savedPosts,
} from '../../db/schema/all.ts';
import { rowsOf, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { FeedEntry } from './card.ts';

/** How many pages beyond the current one the timeline's total counts (see pageEntries). */
export const countedPagesAhead = 5;

/** Ordering of the feed, written to match the feed indexes (publish_at desc nulls last, id desc). */
const feedOrder = sql`publish_at desc nulls last, id desc nulls last`;

/** The ids of the groups the user belongs to, as one SQL array (an init plan, run once a query). */
function memberGroupIdsSql(scope: TenantScope): SQL {
  return sql`(select coalesce(array_agg(gm.group_id), '{}'::int[]) from ${groupMembers} gm
    where gm.company_id = ${scope.companyId} and gm.user_id = ${scope.userId})`;
}

/**
 * Posts in one of the groups, or on the company wall. `offset 0` keeps the check a per-row index
 * probe: without it PostgreSQL hashes the whole post_groups table first (160 ms at 100,000 posts
 * instead of 0.4 ms; see docs/performance.md). `group_id + 0` keeps that probe on the primary key
 * (post_id first, one search): PGlite's planner otherwise picks the (group_id, post_id) index and
 * searches it once per group, which doubled the page statement's time on deep pages.
 */
function inGroupsOrWall(groupIds: SQL): SQL {
  return sql`(p.on_wall or exists (select 1 from ${postGroups} pg where pg.post_id = p.id and pg.group_id + 0 = any(${groupIds}::int[]) offset 0))`;
}

/**
 * What may be seen of a post: published and due, or the user's own draft of the portal (a
 * publication's draft lives in the administration's list); not deleted, not hidden.
 */
function visibleStatus(scope: TenantScope): SQL {
  return sql`p.deleted_at is null and p.hidden_at is null
    and ((p.status = 'published' and p.publish_at <= now()) or (p.status = 'draft' and p.author_id = ${scope.userId} and not p.is_publication))`;
}

/** A post of a page as the statements give it: its id and card version, and the viewer's part. */
export interface EntryRow {
  id: number;
  version: number;
  my_gesture: number | null;
  saved: boolean;
  my_vote: number | null;
  /** The viewer confirmed the post's mandatory reading. */
  confirmed: boolean;
}

/** A page's entry of one viewer (a benchmark's bare server maps its rows with it too). */
export const entryOf = (row: EntryRow, userId: number): FeedEntry => ({
  id: row.id,
  version: row.version,
  viewer: {
    userId,
    gestureId: row.my_gesture,
    saved: row.saved,
    votedOptionId: row.my_vote,
    confirmed: row.confirmed,
  },
});

/** The viewer's own reaction, save and vote on post `p`. */
function viewerColumns(userId: Placeholder | number): SQL {
  return sql`(select r.gesture_id from ${reactions} r where r.post_id = p.id and r.user_id = ${userId}) as my_gesture,
    exists (select 1 from ${savedPosts} s where s.user_id = ${userId} and s.post_id = p.id) as saved,
    (select v.option_id from ${pollVotes} v where v.post_id = p.id and v.user_id = ${userId}) as my_vote,
    exists (select 1 from ${postReadConfirmations} rc where rc.post_id = p.id and rc.user_id = ${userId}) as confirmed`;
}

/** The types left out, and posts on the wall or in one of the visible groups. */
const feedFilters = sql`p.type <> all(${sql.placeholder('ignoredTypes')}::int[])
  and ${inGroupsOrWall(sql`(select ids from visible_groups)`)}`;

const companyParam = sql.placeholder('companyId');
const userParam = sql.placeholder('userId');

/**
 * One page of the timeline, newest first: the company's published posts whose time has come (a
 * scheduled one is invisible until then) and the user's own portal drafts, on the wall or in the visible
 * groups (those asked for that the user belongs to; all of theirs when none are asked for). Each
 * half walks its own index in feed order and stops early, so the cost grows with the page, not
 * with the number of posts. The published half has two ways, chosen by the database per run:
 * - a person in many of the company's groups: walk the company's posts in feed order, keeping
 *   those on the wall or in one of the groups;
 * - a person in few (the square of their count at most the company's groups, as most employees
 *   are: their team and their site): that walk would pass over the other groups' posts, about
 *   groups / theirs for each one kept (55 for one group of 55, 6 ms a page on PostgreSQL). Then
 *   the wall is walked on its own index and each of their groups on `post_groups`' feed index
 *   (its publish_at is the post's, kept by triggers), each stopping at the reach, and merged.
 * The total counts at most `countedPagesAhead` pages beyond this one: enough to tell whether more
 * pages exist. It is the hottest statement, so it is prepared.
 */
export const pageStatement = preparedStatement<EntryRow & { counted: number | string }>(
  'timeline_page',
  sql`with visible_groups as (
      select coalesce(array_agg(gm.group_id), '{}'::int[]) as ids from ${groupMembers} gm
      where gm.company_id = ${companyParam} and gm.user_id = ${userParam}
        and (cardinality(${sql.placeholder('requestedGroups')}::int[]) = 0
          or gm.group_id = any(${sql.placeholder('requestedGroups')}::int[])))
    , by_group as (
      select cardinality(ids) * cardinality(ids)
        <= (select count(*) from ${groups} g where g.company_id = ${companyParam}) as chosen
      from visible_groups)
    select p.id, p.version, ${viewerColumns(userParam)}, numbered.counted from (
      select id, row_number() over (order by ${feedOrder}) as n, count(*) over () as counted from (
        select id, publish_at from (
          (select p.id, p.publish_at from ${posts} p
            where p.company_id = ${companyParam} and p.status = 'published' and p.deleted_at is null
              and p.hidden_at is null and p.publish_at <= now() and ${feedFilters}
              and not (select chosen from by_group)
            order by ${feedOrder} limit ${sql.placeholder('reach')})
          union all
          (select id, publish_at from (
            (select p.id, p.publish_at from ${posts} p
              where p.company_id = ${companyParam} and p.on_wall and p.status = 'published'
                and p.deleted_at is null and p.hidden_at is null and p.publish_at <= now()
                and p.type <> all(${sql.placeholder('ignoredTypes')}::int[])
              order by ${feedOrder} limit ${sql.placeholder('reach')})
            union
            (select mine.id, mine.publish_at from unnest((select ids from visible_groups)) as v(group_id)
              cross join lateral (
                select p.id, p.publish_at from ${postGroups} pg join ${posts} p on p.id = pg.post_id
                where pg.group_id = v.group_id and pg.publish_at <= now()
                  and p.company_id = ${companyParam} and p.status = 'published' and p.deleted_at is null
                  and p.hidden_at is null and p.type <> all(${sql.placeholder('ignoredTypes')}::int[])
                order by pg.publish_at desc nulls last, pg.post_id desc nulls last
                limit ${sql.placeholder('reach')}) mine)
          ) merged
          where (select chosen from by_group)
          order by ${feedOrder} limit ${sql.placeholder('reach')})
          union all
          (select p.id, p.publish_at from ${posts} p
            where p.author_id = ${userParam} and p.company_id = ${companyParam} and p.status = 'draft'
              and not p.is_publication and p.deleted_at is null and p.hidden_at is null and ${feedFilters}
            order by ${feedOrder} limit ${sql.placeholder('reach')})
        ) feed
        order by ${feedOrder} offset ${sql.placeholder('offset')} limit ${sql.placeholder('window')}
      ) windowed
    ) numbered
    join ${posts} p on p.id = numbered.id
    where numbered.n <= ${sql.placeholder('pageSize')}
    order by numbered.n`,
);

/** What a page of the timeline asks for: the groups (all the person's when none) and the types left out. */
export interface FeedQuery {
  page: PageQuery;
  groupIds: number[];
  ignoredTypes: number[];
}

/** One page of the timeline's entries (`pageStatement`) and the total it counts. */
export async function pageEntries(
  db: Database,
  scope: TenantScope,
  query: FeedQuery,
): Promise<{ entries: FeedEntry[]; total: number }> {
  const { limit: pageSize, offset } = rowsOf(query.page);
  const window = pageSize * countedPagesAhead + 1;
  const rows = await pageStatement(db, {
    companyId: scope.companyId,
    userId: scope.userId,
    requestedGroups: query.groupIds,
    ignoredTypes: query.ignoredTypes,
    reach: offset + window,
    offset,
    window,
    pageSize,
  });
  return {
    entries: rows.map((row) => entryOf(row, scope.userId)),
    total: offset + Number(rows[0]?.counted ?? 0),
  };
}

/** The post, when the user may see it (the same rules as the timeline), with the viewer's part. */
export async function findVisibleEntry(
  db: Database,
  scope: TenantScope,
  postId: number,
): Promise<FeedEntry | undefined> {
  const [row] = await selectRows<EntryRow>(
    db,
    sql`select p.id, p.version, ${viewerColumns(scope.userId)} from ${posts} p
      where p.id = ${postId} and p.company_id = ${scope.companyId} and ${visibleStatus(scope)}
        and ${inGroupsOrWall(memberGroupIdsSql(scope))}`,
  );
  return row && entryOf(row, scope.userId);
}

/** The timeline's rule for whether the person sees post `p`, for other modules' statements on `posts p`. */
export function visiblePostSql(scope: TenantScope): SQL {
  return sql`(${visibleStatus(scope)} and ${inGroupsOrWall(memberGroupIdsSql(scope))})`;
}

/**
 * The person's mandatory readings not yet confirmed, newest first, with the viewer's part: the
 * posts they may see that require reading and hold no confirmation of theirs.
 */
export async function pendingReadingEntries(
  db: Database,
  scope: TenantScope,
  max: number,
): Promise<FeedEntry[]> {
  const rows = await selectRows<EntryRow>(
    db,
    sql`select p.id, p.version, ${viewerColumns(scope.userId)} from ${posts} p
      where p.company_id = ${scope.companyId} and p.requires_reading and p.status = 'published'
        and p.publish_at <= now() and ${visiblePostSql(scope)} and p.author_id <> ${scope.userId}
        and not exists (select 1 from ${postReadConfirmations} rc where rc.post_id = p.id and rc.user_id = ${scope.userId})
      order by ${feedOrder} limit ${max}`,
  );
  return rows.map((row) => entryOf(row, scope.userId));
}

/**
 * Whether a person may read a post's file (its media or thumbnail, by storage key): the post is
 * not deleted and they are its author, may see it by the timeline's rules, or read every post
 * (publication administrators). One statement on the keys' indexes.
 */
export async function mayReadPostMedia(
  db: Database,
  scope: TenantScope,
  options: { key: string; everyPost: boolean },
): Promise<boolean> {
  const viewer = options.everyPost
    ? sql`true`
    : sql`(p.author_id = ${scope.userId} or (${visibleStatus(scope)} and ${inGroupsOrWall(memberGroupIdsSql(scope))}))`;
  const rows = await selectRows<{ found: number }>(
    db,
    sql`select 1 as found from ${postMedia} m join ${posts} p on p.id = m.post_id
      where (m.storage_key = ${options.key} or m.thumbnail_key = ${options.key})
        and m.company_id = ${scope.companyId} and p.deleted_at is null and ${viewer}
      limit 1`,
  );
  return rows.length > 0;
}
