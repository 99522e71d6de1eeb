import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  announcements,
  companies,
  comments,
  gestures,
  groupMembers,
  groups,
  pollOptions,
  pollVotes,
  postGroups,
  postMedia,
  posts,
  reactions,
  savedPosts,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../auth/repo.ts';

/** The groups a user belongs to, with whether they may post in each. */
export async function listUserGroups(db: Database, scope: TenantScope) {
  return db
    .select({ groupId: groupMembers.groupId, canPost: groupMembers.canPost })
    .from(groupMembers)
    .where(and(eq(groupMembers.companyId, scope.companyId), eq(groupMembers.userId, scope.userId)));
}

/** How many pages beyond the current one the timeline's total counts (see pageVisiblePostIds). */
export const countedPagesAhead = 5;

/** Ordering of the feed, written to match the feed indexes (publish_at desc nulls last, id desc). */
const feedOrder = sql`publish_at desc nulls last, id desc nulls last`;

/**
 * Posts in one of the groups (when there are any), or on the company wall. `offset 0` keeps the
 * check a per-row index probe: without it PostgreSQL hashes the whole post_groups table first
 * (160 ms at 100,000 posts instead of 0.4 ms; see docs/performance.md).
 */
function inGroupsOrWall(groupIds: number[]): SQL {
  if (groupIds.length === 0) return sql`p.on_wall`;
  return sql`(p.on_wall or exists (select 1 from ${postGroups} pg where pg.post_id = p.id and pg.group_id = any(${sql.param(groupIds)}::int[]) offset 0))`;
}

function typeFilter(ignoreTypes: number[]): SQL {
  return ignoreTypes.length > 0 ? sql`and p.type <> all(${sql.param(ignoreTypes)}::int[])` : sql``;
}

/**
 * One page of the ids of the posts a user may see, newest first: their company's published posts
 * whose time has come (a scheduled one is invisible until then) and their own drafts, on the wall
 * or in one of `groupIds`. Each half walks its own index in feed order and stops early, so the
 * cost grows with the page, not with the number of posts. The total counts at most
 * `countedPagesAhead` pages beyond this one: enough to tell whether more pages exist.
 */
export async function pageVisiblePostIds(
  db: Database,
  options: { scope: TenantScope; groupIds: number[]; ignoreTypes: number[]; page: number; pageSize: number },
) {
  const { scope, pageSize } = options;
  const offset = (options.page - 1) * pageSize;
  const window = pageSize * countedPagesAhead + 1;
  const filters = sql`${typeFilter(options.ignoreTypes)} and ${inGroupsOrWall(options.groupIds)}`;
  const result = (await db.execute(sql`
    select id from (
      (select p.id, p.publish_at from ${posts} p
        where p.company_id = ${scope.companyId} and p.status = 'published' and p.deleted_at is null
          and p.publish_at <= now() ${filters}
        order by ${feedOrder} limit ${offset + window})
      union all
      (select p.id, p.publish_at from ${posts} p
        where p.author_id = ${scope.userId} and p.company_id = ${scope.companyId} and p.status = 'draft'
          and p.deleted_at is null ${filters}
        order by ${feedOrder} limit ${offset + window})
    ) feed
    order by ${feedOrder} offset ${offset} limit ${window}`)) as unknown as { rows: { id: number }[] };
  const ids = result.rows.map((row) => Number(row.id));
  return { ids: ids.slice(0, pageSize), total: offset + ids.length };
}

/** Whether one post is visible to the user (the same rules as the timeline). */
export async function isPostVisible(
  db: Database,
  scope: TenantScope,
  groupIds: number[],
  postId: number,
): Promise<boolean> {
  const result = (await db.execute(sql`
    select 1 from ${posts} p
    where p.id = ${postId} and p.company_id = ${scope.companyId} and p.deleted_at is null
      and ((p.status = 'published' and p.publish_at <= now()) or (p.status = 'draft' and p.author_id = ${scope.userId}))
      and ${inGroupsOrWall(groupIds)}`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

const authorColumns = {
  idUsuario: users.id,
  nome: users.name,
  photoKey: users.photoKey,
  cargo: users.jobTitle,
  setor: users.sector,
};

/** Everything the cards of these posts show, in a few queries whatever the page size. */
export async function loadPostDetails(
  db: Database,
  scope: TenantScope,
  postIds: number[],
  commentsPerPost: number,
) {
  if (postIds.length === 0) return undefined;
  const ofPosts = (table: { companyId: AnyPgColumn }, postColumn: AnyPgColumn) =>
    and(eq(table.companyId, scope.companyId), inArray(postColumn, postIds));
  const [
    postRows,
    groupRows,
    mediaRows,
    optionRows,
    voteRows,
    myVotes,
    reactionRows,
    myReactions,
    savedRows,
    commentTotals,
    commentRows,
  ] = await Promise.all([
    db
      .select({ post: posts, author: authorColumns })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(ofPosts(posts, posts.id)),
    db
      .select({
        postId: postGroups.postId,
        idGrupo: groups.id,
        nome: groups.name,
        sigla: groups.abbreviation,
      })
      .from(postGroups)
      .innerJoin(groups, eq(groups.id, postGroups.groupId))
      .where(ofPosts(postGroups, postGroups.postId))
      .orderBy(asc(groups.name)),
    db.select().from(postMedia).where(ofPosts(postMedia, postMedia.postId)),
    db
      .select()
      .from(pollOptions)
      .where(ofPosts(pollOptions, pollOptions.postId))
      .orderBy(asc(pollOptions.position)),
    db
      .select({ optionId: pollVotes.optionId, votes: count() })
      .from(pollVotes)
      .where(ofPosts(pollVotes, pollVotes.postId))
      .groupBy(pollVotes.optionId),
    db
      .select({ postId: pollVotes.postId, optionId: pollVotes.optionId })
      .from(pollVotes)
      .where(and(ofPosts(pollVotes, pollVotes.postId), eq(pollVotes.userId, scope.userId))),
    db
      .select({ postId: reactions.postId, gestureId: reactions.gestureId, total: count() })
      .from(reactions)
      .where(ofPosts(reactions, reactions.postId))
      .groupBy(reactions.postId, reactions.gestureId),
    db
      .select({ postId: reactions.postId, gestureId: reactions.gestureId })
      .from(reactions)
      .where(and(ofPosts(reactions, reactions.postId), eq(reactions.userId, scope.userId))),
    db
      .select({ postId: savedPosts.postId })
      .from(savedPosts)
      .where(and(ofPosts(savedPosts, savedPosts.postId), eq(savedPosts.userId, scope.userId))),
    db
      .select({ postId: comments.postId, total: count() })
      .from(comments)
      .where(and(ofPosts(comments, comments.postId), isNull(comments.deletedAt)))
      .groupBy(comments.postId),
    latestComments(db, scope, postIds, commentsPerPost),
  ]);
  return {
    postRows,
    groupRows,
    mediaRows,
    optionRows,
    voteRows,
    myVotes,
    reactionRows,
    myReactions,
    savedRows,
    commentTotals,
    commentRows,
  };
}

export type PostDetails = NonNullable<Awaited<ReturnType<typeof loadPostDetails>>>;

/** The newest comments of each post, at most `perPost` each. */
async function latestComments(db: Database, scope: TenantScope, postIds: number[], perPost: number) {
  const ranked = db
    .select({
      id: comments.id,
      postId: comments.postId,
      text: comments.text,
      createdAt: comments.createdAt,
      authorId: comments.authorId,
      rank: sql<number>`row_number() over (partition by ${comments.postId} order by ${comments.createdAt} desc, ${comments.id} desc)`.as(
        'rank',
      ),
    })
    .from(comments)
    .where(
      and(
        eq(comments.companyId, scope.companyId),
        inArray(comments.postId, postIds),
        isNull(comments.deletedAt),
      ),
    )
    .as('ranked');
  return db
    .select({
      comment: { id: ranked.id, postId: ranked.postId, text: ranked.text, createdAt: ranked.createdAt },
      author: authorColumns,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.authorId))
    .where(lte(ranked.rank, perPost))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
}

/** Comments with their authors, as the cards show them. */
function selectCommentsWithAuthor(db: Database) {
  return db
    .select({
      comment: {
        id: comments.id,
        postId: comments.postId,
        text: comments.text,
        createdAt: comments.createdAt,
      },
      author: authorColumns,
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

/** The post's own facts (company-scoped), or undefined. */
export async function findPost(db: Database, scope: TenantScope, postId: number) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.companyId, scope.companyId)))
    .limit(1);
  return row;
}

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

/** Adds a comment and returns it with its author. */
export async function insertComment(
  db: Database,
  scope: TenantScope,
  values: { postId: number; text: string },
) {
  const [row] = await db
    .insert(comments)
    .values({ companyId: scope.companyId, postId: values.postId, authorId: scope.userId, text: values.text })
    .returning({ id: comments.id });
  const [comment] = await selectCommentsWithAuthor(db).where(eq(comments.id, row!.id));
  return comment!;
}

/** Soft-deletes the user's own comment; false when there is no such comment of theirs. */
export async function deleteOwnComment(
  db: Database,
  scope: TenantScope,
  commentId: number,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.companyId, scope.companyId),
        eq(comments.authorId, scope.userId),
        isNull(comments.deletedAt),
      ),
    )
    .returning({ id: comments.id });
  return rows.length > 0;
}

/** Sets (or, with null, removes) the user's reaction to a post. */
export async function setReaction(
  db: Database,
  scope: TenantScope,
  postId: number,
  gestureId: number | null,
): Promise<void> {
  const mine = and(
    eq(reactions.postId, postId),
    eq(reactions.userId, scope.userId),
    eq(reactions.companyId, scope.companyId),
  );
  if (gestureId === null) {
    await db.delete(reactions).where(mine);
    return;
  }
  await db
    .insert(reactions)
    .values({ companyId: scope.companyId, postId, userId: scope.userId, gestureId })
    .onConflictDoUpdate({
      target: [reactions.postId, reactions.userId],
      set: { gestureId, reactedAt: sql`now()` },
    });
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

/** Whether an option belongs to a post of the company. */
export async function findPollOption(db: Database, scope: TenantScope, postId: number, optionId: number) {
  const [row] = await db
    .select({ id: pollOptions.id })
    .from(pollOptions)
    .where(
      and(
        eq(pollOptions.id, optionId),
        eq(pollOptions.postId, postId),
        eq(pollOptions.companyId, scope.companyId),
      ),
    );
  return row;
}

/** Records (or changes) the user's vote. */
export async function setVote(
  db: Database,
  scope: TenantScope,
  postId: number,
  optionId: number,
): Promise<void> {
  await db
    .insert(pollVotes)
    .values({ companyId: scope.companyId, postId, optionId, userId: scope.userId })
    .onConflictDoUpdate({
      target: [pollVotes.postId, pollVotes.userId],
      set: { optionId, votedAt: sql`now()` },
    });
}

/** The reaction kinds. */
export async function listGestures(db: Database) {
  return db.select().from(gestures).orderBy(asc(gestures.id));
}

/** Whether a gesture exists. */
export async function gestureExists(db: Database, gestureId: number): Promise<boolean> {
  const [row] = await db.select({ id: gestures.id }).from(gestures).where(eq(gestures.id, gestureId));
  return Boolean(row);
}

/** The company's announcements whose dates include now. */
export async function listCurrentAnnouncements(db: Database, companyId: number) {
  return db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.companyId, companyId),
        lte(announcements.startsAt, sql`now()`),
        gt(announcements.endsAt, sql`now()`),
      ),
    )
    .orderBy(asc(announcements.startsAt));
}

/** The longest plain text a post of the company may have (the spec's maximoCaracteres). */
export async function findMaxPostChars(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ max: companies.maxPostChars })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.max ?? 10;
}
