import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/raw-sql.ts';
import { personPlacement, placementOfAlias } from '../../db/person-columns.ts';
import {
  comments,
  gestures,
  pollOptions,
  pollVotes,
  posts,
  reactions,
  savedPosts,
  users,
} from '../../db/schema/all.ts';
import { rowsOf, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { Gesture, PostComment } from './card.ts';
import { commentOf } from './cards-repo.ts';
import { visiblePostSql } from './feed-repo.ts';

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
  postId: number,
  page: PageQuery,
): Promise<{ comments: PostComment[]; total: number }> {
  const where = and(
    eq(comments.companyId, scope.companyId),
    eq(comments.postId, postId),
    isNull(comments.deletedAt),
    isNull(comments.hiddenAt),
  );
  const { limit, offset } = rowsOf(page);
  const [rows, [total]] = await Promise.all([
    selectCommentsWithAuthor(db)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(comments).where(where),
  ]);
  return { comments: rows.map(commentOf), total: total?.total ?? 0 };
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
  comment: PostComment | null;
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
  const [row] = await selectRows<{
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
  const comment =
    row.id === null
      ? null
      : commentOf({
          id: row.id,
          text: row.text!,
          created_at: row.created_at!,
          author_id: row.author_id!,
          author_name: row.author_name!,
          author_photo: row.author_photo,
          author_job: row.author_job,
          author_sector: row.author_sector,
        });
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
  const rows = await selectRows<{ post_id: number }>(
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
  const [row] = await selectRows<{ visible: boolean; gesture_found: boolean }>(db, query);
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
  const rows = await selectRows<{ post_id: number }>(
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
export async function listGestures(db: Database): Promise<Gesture[]> {
  return db
    .select({ id: gestures.id, code: gestures.code, svgPath: gestures.svgPath })
    .from(gestures)
    .orderBy(asc(gestures.id));
}
