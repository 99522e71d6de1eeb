import { and, asc, count, desc, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  companies,
  comments,
  gestures,
  groupMembers,
  groups,
  pollOptions,
  pollVotes,
  postGroups,
  postMedia,
  postReadConfirmations,
  posts,
  reactions,
  savedPosts,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { personPlacement, placementOfAlias } from '../../db/person-columns.ts';

/** The groups a user belongs to, with whether they may post in each. */
export async function listUserGroups(db: Database, scope: TenantScope) {
  return db
    .select({ groupId: groupMembers.groupId, canPost: groupMembers.canPost })
    .from(groupMembers)
    .where(and(eq(groupMembers.companyId, scope.companyId), eq(groupMembers.userId, scope.userId)));
}

/** How many pages beyond the current one the timeline's total counts (see pageCards). */
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

/** A person as the cards show them (a post's author or a comment's). */
interface PersonColumns {
  author_id: number;
  author_name: string;
  author_photo: string | null;
  author_job: string | null;
  author_sector: string | null;
}

/** A comment with its author: from the card query's JSON the date is text, from a select a Date. */
export interface CommentJson extends PersonColumns {
  id: number;
  text: string;
  created_at: string | Date;
}

/**
 * One card: the post with everything every viewer sees of it, in one row. What differs per viewer
 * (their reaction, vote, save) comes with the page instead, so a card can be shared.
 */
export interface CardRow extends PersonColumns {
  id: number;
  version: number;
  type: number;
  text: string | null;
  background_color: string | null;
  allow_comments: boolean;
  youtube_id: string | null;
  publish_at: Date | string;
  status: string;
  on_wall: boolean;
  groups: { idGrupo: number; nome: string; sigla: string }[] | null;
  media: {
    key: string;
    type: string;
    width: number | null;
    height: number | null;
    thumb: string | null;
  } | null;
  poll: { id: number; label: string; votes: number }[] | null;
  reactions: { idGesto: number; qtd: number }[] | null;
  comment_total: number;
  comments: CommentJson[] | null;
  edited_at: Date | string | null;
  requires_reading: boolean;
  reading_deadline: Date | string | null;
}

/** A post of a page: its id and card version, and the viewer's own reaction, save and vote. */
export interface PageEntry {
  id: number;
  version: number;
  my_gesture: number | null;
  saved: boolean;
  my_vote: number | null;
  /** The viewer confirmed the post's mandatory reading. */
  confirmed: boolean;
}

/**
 * The cards of these posts of the company: the post, its author, groups, media, poll with its
 * votes, reaction counts, the comment total and the newest comments. One statement, its parts
 * built as JSON by the database, so any number of cards costs one round trip.
 */
export async function loadCards(
  db: Database,
  scope: TenantScope,
  postIds: number[],
  commentsPerPost: number,
  /** The administration's timeline (moderation) sees hidden comments too; employees never do. */
  options: { includeHidden?: boolean } = {},
): Promise<CardRow[]> {
  if (postIds.length === 0) return [];
  return rowsOf<CardRow>(db, cardsSql(scope, postIds, commentsPerPost, options));
}

/** The statement of `loadCards` (a benchmark's bare server runs it too). */
export function cardsSql(
  scope: TenantScope,
  postIds: number[],
  commentsPerPost: number,
  options: { includeHidden?: boolean } = {},
): SQL {
  const shownComment = options.includeHidden ? sql`true` : sql`c.hidden_at is null`;
  return sql`
    select p.id, p.version, p.type, p.text, p.background_color, p.allow_comments, p.youtube_id,
      p.publish_at, p.status, p.on_wall, p.edited_at, p.requires_reading, p.reading_deadline,
      u.id as author_id, u.name as author_name, u.photo_key as author_photo,
      ${placementOfAlias('u', 'job_title_id')} as author_job, ${placementOfAlias('u', 'sector_id')} as author_sector,
      (select json_agg(json_build_object('idGrupo', g.id, 'nome', g.name, 'sigla', g.abbreviation) order by g.name)
        from ${postGroups} x join ${groups} g on g.id = x.group_id
        where x.post_id = p.id) as groups,
      (select json_build_object('key', m.storage_key, 'type', m.mime_type, 'width', m.width,
          'height', m.height, 'thumb', m.thumbnail_key)
        from ${postMedia} m where m.post_id = p.id order by m.id limit 1) as media,
      (select json_agg(json_build_object('id', o.id, 'label', o.label, 'votes', coalesce(v.total, 0)) order by o.position)
        from ${pollOptions} o
        left join (select option_id, count(*)::int as total from ${pollVotes}
          where post_id = p.id group by option_id) v on v.option_id = o.id
        where o.post_id = p.id) as poll,
      (select json_agg(json_build_object('idGesto', r.gesture_id, 'qtd', r.total) order by r.gesture_id)
        from (select gesture_id, count(*)::int as total from ${reactions}
          where post_id = p.id group by gesture_id) r) as reactions,
      (select count(*)::int from ${comments} c where c.post_id = p.id and c.deleted_at is null and ${shownComment}) as comment_total,
      (select json_agg(latest order by latest.created_at desc, latest.id desc)
        from (select c.id, c.text, c.created_at, a.id as author_id, a.name as author_name,
            a.photo_key as author_photo, ${placementOfAlias('a', 'job_title_id')} as author_job,
            ${placementOfAlias('a', 'sector_id')} as author_sector
          from ${comments} c join ${users} a on a.id = c.author_id
          where c.post_id = p.id and c.deleted_at is null and ${shownComment}
          order by c.created_at desc, c.id desc limit ${commentsPerPost}) latest) as comments
    from ${posts} p
    join ${users} u on u.id = p.author_id
    where p.id = any(${sql.param(postIds)}::int[]) and p.company_id = ${scope.companyId}`;
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

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
export const pageStatement = preparedStatement<PageEntry & { counted: number | string }>(
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

export async function pageEntries(
  db: Database,
  options: { scope: TenantScope; groupIds: number[]; ignoreTypes: number[]; page: number; pageSize: number },
): Promise<{ entries: PageEntry[]; total: number }> {
  const { scope, pageSize } = options;
  const offset = (options.page - 1) * pageSize;
  const window = pageSize * countedPagesAhead + 1;
  const rows = await pageStatement(db, {
    companyId: scope.companyId,
    userId: scope.userId,
    requestedGroups: options.groupIds,
    ignoredTypes: options.ignoreTypes,
    reach: offset + window,
    offset,
    window,
    pageSize,
  });
  return { entries: rows, total: offset + Number(rows[0]?.counted ?? 0) };
}

/** The post, when the user may see it (the same rules as the timeline), with the viewer's part. */
export async function findVisibleEntry(
  db: Database,
  scope: TenantScope,
  postId: number,
): Promise<(PageEntry & { allow_comments: boolean; author_id: number }) | undefined> {
  const [row] = await rowsOf<PageEntry & { allow_comments: boolean; author_id: number }>(
    db,
    sql`select p.id, p.version, p.allow_comments, p.author_id, ${viewerColumns(scope.userId)} from ${posts} p
      where p.id = ${postId} and p.company_id = ${scope.companyId} and ${visibleStatus(scope)}
        and ${inGroupsOrWall(memberGroupIdsSql(scope))}`,
  );
  return row;
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
): Promise<PageEntry[]> {
  return rowsOf<PageEntry>(
    db,
    sql`select p.id, p.version, ${viewerColumns(scope.userId)} from ${posts} p
      where p.company_id = ${scope.companyId} and p.requires_reading and p.status = 'published'
        and p.publish_at <= now() and ${visiblePostSql(scope)}
        and not exists (select 1 from ${postReadConfirmations} rc where rc.post_id = p.id and rc.user_id = ${scope.userId})
      order by ${feedOrder} limit ${max}`,
  );
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
  const rows = await rowsOf<{ found: number }>(
    db,
    sql`select 1 as found from ${postMedia} m join ${posts} p on p.id = m.post_id
      where (m.storage_key = ${options.key} or m.thumbnail_key = ${options.key})
        and m.company_id = ${scope.companyId} and p.deleted_at is null and ${viewer}
      limit 1`,
  );
  return rows.length > 0;
}

/** Raises the version of a post's card: call in the transaction of the change. */
export async function bumpCardVersion(db: Database, scope: TenantScope, postId: number): Promise<void> {
  await db
    .update(posts)
    .set({ version: sql`${posts.version} + 1` })
    .where(and(eq(posts.id, postId), eq(posts.companyId, scope.companyId)));
}

/** Comments with their authors, in the shape of the card query's comments. */
function selectCommentsWithAuthor(db: Database) {
  return db
    .select({
      id: comments.id,
      text: comments.text,
      created_at: comments.createdAt,
      author_id: users.id,
      author_name: users.name,
      author_photo: users.photoKey,
      author_job: personPlacement.jobTitle,
      author_sector: personPlacement.sector,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId));
}

/** One page of a post's comments, newest first, with the total. */
export async function pageComments(
  db: Database,
  scope: TenantScope,
  options: { postId: number; page: number; pageSize: number },
) {
  const where = and(
    eq(comments.companyId, scope.companyId),
    eq(comments.postId, options.postId),
    isNull(comments.deletedAt),
    isNull(comments.hiddenAt),
  );
  const [rows, [total]] = await Promise.all([
    selectCommentsWithAuthor(db)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(comments).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type CommentRow = Awaited<ReturnType<typeof pageComments>>['rows'][number];

/** Stores a post with its groups, media and poll options. Call inside a transaction. */
export async function insertPost(
  db: Database,
  values: {
    scope: TenantScope;
    post: Omit<typeof posts.$inferInsert, 'companyId' | 'authorId'>;
    groupIds: number[];
    media?: Omit<typeof postMedia.$inferInsert, 'companyId' | 'postId'> | undefined;
    pollLabels: string[];
  },
): Promise<number> {
  const { scope } = values;
  const [row] = await db
    .insert(posts)
    .values({ ...values.post, companyId: scope.companyId, authorId: scope.userId })
    .returning({ id: posts.id });
  const postId = row!.id;
  if (values.groupIds.length > 0) {
    await db
      .insert(postGroups)
      .values(values.groupIds.map((groupId) => ({ companyId: scope.companyId, postId, groupId })));
  }
  if (values.media)
    await db.insert(postMedia).values({ ...values.media, companyId: scope.companyId, postId });
  if (values.pollLabels.length > 0) {
    await db
      .insert(pollOptions)
      .values(
        values.pollLabels.map((label, position) => ({ companyId: scope.companyId, postId, label, position })),
      );
  }
  return postId;
}

/**
 * The post of the company when the user may see it (the timeline's rules), with its author and
 * whether it takes comments: the body of a write's CTE, so the check and the write are one statement.
 */
function visiblePostRow(scope: TenantScope, postId: number): SQL {
  return sql`select p.id, p.author_id, p.allow_comments from ${posts} p
    where p.id = ${postId} and p.company_id = ${scope.companyId} and ${visiblePostSql(scope)}`;
}

/**
 * The CTE body that raises the card version of the posts a write touched: `written` names the
 * write's CTE, whose returned rows carry `post_id`. Joined to the written rows, the version moves
 * only when something was written, and after it was.
 */
function bumpWrittenPosts(scope: TenantScope, written: 'added' | 'removed' | 'changed'): SQL {
  const rows = sql.raw(written);
  return sql`update ${posts} set version = ${posts.version} + 1 from ${rows}
    where ${posts.id} = ${rows}.post_id and ${posts.companyId} = ${scope.companyId}`;
}

/** What `insertComment` found: the post's author, and the new comment. */
export interface CommentInsertion {
  postAuthorId: number;
  /** The new comment with its author; null when the post takes no comments. */
  comment: CommentRow | null;
}

/**
 * Adds a comment to a post the user may see (the timeline's rules) when it takes comments, and
 * answers it with its author; undefined when the user may not see the post. One statement (the
 * comment, the card's new version and the answer), so no transaction holds a connection or the
 * post's row across round trips. The version is raised from the inserted row: only when a
 * comment was added, after it was.
 */
export async function insertComment(
  db: Database,
  scope: TenantScope,
  values: { postId: number; text: string },
): Promise<CommentInsertion | undefined> {
  const [row] = await rowsOf<{
    post_author_id: number;
    id: number | null;
    text: string | null;
    created_at: Date | string | null;
    author_id: number | null;
    author_name: string | null;
    author_photo: string | null;
    author_job: string | null;
    author_sector: string | null;
  }>(
    db,
    sql`with post as (${visiblePostRow(scope, values.postId)}),
      added as (
        insert into ${comments} (company_id, post_id, author_id, text)
        select ${scope.companyId}, post.id, ${scope.userId}, ${values.text} from post where post.allow_comments
        returning id, post_id, author_id, text, created_at),
      bumped as (${bumpWrittenPosts(scope, 'added')})
      select post.author_id as post_author_id, added.id, added.text, added.created_at,
        a.id as author_id, a.name as author_name, a.photo_key as author_photo,
        ${placementOfAlias('a', 'job_title_id')} as author_job, ${placementOfAlias('a', 'sector_id')} as author_sector
      from post left join added on true left join ${users} a on a.id = added.author_id`,
  );
  if (!row) return undefined;
  const comment: CommentRow | null =
    row.id === null
      ? null
      : {
          id: row.id,
          text: row.text!,
          created_at: new Date(row.created_at!),
          author_id: row.author_id!,
          author_name: row.author_name!,
          author_photo: row.author_photo,
          author_job: row.author_job,
          author_sector: row.author_sector,
        };
  return { postAuthorId: row.post_author_id, comment };
}

/**
 * Soft-deletes the user's own comment; false when there is no such comment of theirs. One
 * statement: the card's new version is raised from the updated row, so only when one was deleted.
 */
export async function deleteOwnComment(
  db: Database,
  scope: TenantScope,
  commentId: number,
): Promise<boolean> {
  const rows = await rowsOf<{ post_id: number }>(
    db,
    sql`with removed as (
        update ${comments} c set deleted_at = now()
        where c.id = ${commentId} and c.company_id = ${scope.companyId} and c.author_id = ${scope.userId}
          and c.deleted_at is null
        returning c.post_id),
      bumped as (${bumpWrittenPosts(scope, 'removed')})
      select post_id from removed`,
  );
  return rows.length > 0;
}

/**
 * Sets (or, with null, removes) the user's reaction to a post they may see (the timeline's
 * rules) with a gesture that exists; answers whether they may see the post and whether the
 * gesture exists, and writes nothing unless both hold. One statement (the reaction and the
 * card's new version), so no transaction holds a connection or the post's row across round trips.
 * As before, the reaction's row is written before the post's row is locked, so a change and a
 * removal of one reaction sent at once never wait on each other crosswise (a deadlock); the
 * version is raised at every change, a removal of no reaction included.
 */
export async function setReaction(
  db: Database,
  scope: TenantScope,
  postId: number,
  gestureId: number | null,
): Promise<{ visible: boolean; gestureFound: boolean }> {
  // A removal's bump waits for the count of removed rows (any count passes), so the deletion runs
  // before the post's row is touched, and the version is raised even when there was no reaction.
  const query =
    gestureId === null
      ? sql`with post as (${visiblePostRow(scope, postId)}),
          removed as (
            delete from ${reactions} r using post
            where r.post_id = post.id and r.user_id = ${scope.userId} and r.company_id = ${scope.companyId}
            returning r.post_id),
          bumped as (
            update ${posts} set version = ${posts.version} + 1 from post
            where ${posts.id} = post.id and ${posts.companyId} = ${scope.companyId}
              and (select count(*) from removed) >= 0)
          select exists (select 1 from post) as visible, true as gesture_found`
      : sql`with post as (${visiblePostRow(scope, postId)}),
          gesture as (select g.id from ${gestures} g where g.id = ${gestureId}),
          changed as (
            insert into ${reactions} (company_id, post_id, user_id, gesture_id)
            select ${scope.companyId}, post.id, ${scope.userId}, gesture.id from post, gesture
            on conflict (post_id, user_id) do update set gesture_id = excluded.gesture_id, reacted_at = now()
            returning post_id),
          bumped as (${bumpWrittenPosts(scope, 'changed')})
          select exists (select 1 from post) as visible, exists (select 1 from gesture) as gesture_found`;
  const [row] = await rowsOf<{ visible: boolean; gesture_found: boolean }>(db, query);
  return { visible: row!.visible, gestureFound: row!.gesture_found };
}

/** Saves or unsaves a post for the user. */
export async function setSaved(
  db: Database,
  scope: TenantScope,
  postId: number,
  saved: boolean,
): Promise<void> {
  if (!saved) {
    await db
      .delete(savedPosts)
      .where(
        and(
          eq(savedPosts.postId, postId),
          eq(savedPosts.userId, scope.userId),
          eq(savedPosts.companyId, scope.companyId),
        ),
      );
    return;
  }
  await db
    .insert(savedPosts)
    .values({ companyId: scope.companyId, postId, userId: scope.userId })
    .onConflictDoNothing();
}

/**
 * Records (or changes) the user's vote for an option of a post they may see (the timeline's
 * rules); false, with nothing written, when they may not see the post or the option is not one
 * of its own. One statement: the vote, then the card's new version raised from the written vote.
 */
export async function setVote(
  db: Database,
  scope: TenantScope,
  postId: number,
  optionId: number,
): Promise<boolean> {
  const rows = await rowsOf<{ post_id: number }>(
    db,
    sql`with post as (${visiblePostRow(scope, postId)}),
      chosen as (
        select o.id, o.post_id from ${pollOptions} o join post on post.id = o.post_id
        where o.id = ${optionId} and o.company_id = ${scope.companyId}),
      changed as (
        insert into ${pollVotes} (company_id, post_id, option_id, user_id)
        select ${scope.companyId}, chosen.post_id, chosen.id, ${scope.userId} from chosen
        on conflict (post_id, user_id) do update set option_id = excluded.option_id, voted_at = now()
        returning post_id),
      bumped as (${bumpWrittenPosts(scope, 'changed')})
      select post_id from changed`,
  );
  return rows.length > 0;
}

/** The reaction kinds. */
export async function listGestures(db: Database) {
  return db.select().from(gestures).orderBy(asc(gestures.id));
}

/** The longest plain text a post of the company may have (the spec's maximoCaracteres). */
export async function findMaxPostChars(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ max: companies.maxPostChars })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.max ?? 10;
}

/** The company's published posts (scheduled ones whose time came included) and their comments. */
export async function countCompanyContent(db: Database, companyId: number) {
  const [row] = await db
    .select({
      posts: sql<number>`(select count(*)::int from ${posts} p where p.company_id = ${companyId}
        and p.status = 'published' and p.deleted_at is null and p.publish_at <= now())`,
      comments: sql<number>`(select count(*)::int from ${comments} c where c.company_id = ${companyId}
        and c.deleted_at is null)`,
    })
    .from(sql`(select 1) as one`);
  return { posts: Number(row?.posts ?? 0), comments: Number(row?.comments ?? 0) };
}

/** What a person wrote and did on the timeline (their personal data export), oldest first. */
export async function listPersonTimelineData(db: Database, scope: TenantScope) {
  const [ownPosts, ownComments, ownReactions] = await Promise.all([
    db
      .select({
        id: posts.id,
        text: posts.text,
        status: posts.status,
        publishAt: posts.publishAt,
        deletedAt: posts.deletedAt,
      })
      .from(posts)
      .where(and(eq(posts.companyId, scope.companyId), eq(posts.authorId, scope.userId)))
      .orderBy(asc(posts.publishAt), asc(posts.id)),
    db
      .select({
        id: comments.id,
        postId: comments.postId,
        text: comments.text,
        createdAt: comments.createdAt,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .where(and(eq(comments.companyId, scope.companyId), eq(comments.authorId, scope.userId)))
      .orderBy(asc(comments.createdAt), asc(comments.id)),
    db
      .select({ postId: reactions.postId, gesture: gestures.code, reactedAt: reactions.reactedAt })
      .from(reactions)
      .innerJoin(gestures, eq(gestures.id, reactions.gestureId))
      .where(and(eq(reactions.companyId, scope.companyId), eq(reactions.userId, scope.userId)))
      .orderBy(asc(reactions.reactedAt), asc(reactions.postId)),
  ]);
  return { posts: ownPosts, comments: ownComments, reactions: ownReactions };
}

/**
 * Forgets a person whose account was deleted: their saved posts go, and the cards that show their
 * name (their posts, and posts they commented on) get a new version, so no cached card keeps it.
 */
export async function forgetTimelinePerson(db: Database, scope: TenantScope): Promise<void> {
  await db
    .delete(savedPosts)
    .where(and(eq(savedPosts.companyId, scope.companyId), eq(savedPosts.userId, scope.userId)));
  await db
    .update(posts)
    .set({ version: sql`${posts.version} + 1` })
    .where(
      and(
        eq(posts.companyId, scope.companyId),
        sql`(${posts.authorId} = ${scope.userId} or ${posts.id} in (select ${comments.postId} from ${comments}
          where ${comments.authorId} = ${scope.userId} and ${comments.companyId} = ${scope.companyId}))`,
      ),
    );
}

/**
 * Soft-deletes the company's posts that only a group being deleted held: published to it and to
 * no other group, and not on the wall (as a person deleting them would: a new version, so no
 * cached card keeps them). Answers their ids.
 */
export async function deleteGroupOnlyPosts(db: Database, companyId: number, groupId: number) {
  const postId = sql.raw('"posts"."id"');
  const rows = await db
    .update(posts)
    .set({ deletedAt: sql`now()`, version: sql`${posts.version} + 1` })
    .where(
      and(
        eq(posts.companyId, companyId),
        isNull(posts.deletedAt),
        eq(posts.onWall, false),
        sql`exists (select 1 from ${postGroups} mine where mine.group_id = ${groupId} and mine.post_id = ${postId})`,
        sql`not exists (select 1 from ${postGroups} other where other.group_id <> ${groupId} and other.post_id = ${postId})`,
      ),
    )
    .returning({ id: posts.id });
  return rows.map((row) => row.id);
}
