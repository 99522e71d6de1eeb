import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type PageQuery } from '../../platform/paging.ts';
import type { Database } from '../../db/client.ts';
import { comments, groups, postGroups, posts } from '../../db/schema/all.ts';

/** A post as moderation sees it, locked for the change. */
export interface ModeratedPost {
  id: number;
  authorId: number;
  text: string | null;
  hiddenAt: Date | null;
}

/** Locks a post of the company that is not deleted; undefined when there is none. */
export async function lockPost(
  db: Database,
  companyId: number,
  postId: number,
): Promise<ModeratedPost | undefined> {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, text: posts.text, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.companyId, companyId), isNull(posts.deletedAt)))
    .for('update');
  return row;
}

/** Hides a post (keeping the first time it was hidden) or shows it again. */
export async function setPostHidden(db: Database, companyId: number, postId: number, hidden: boolean) {
  await db
    .update(posts)
    .set({ hiddenAt: hidden ? sql`coalesce(${posts.hiddenAt}, now())` : null })
    .where(and(eq(posts.id, postId), eq(posts.companyId, companyId)));
}

/** Soft-deletes a post. */
export async function deletePost(db: Database, companyId: number, postId: number) {
  await db
    .update(posts)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(posts.id, postId), eq(posts.companyId, companyId)));
}

/** A comment as moderation sees it, locked for the change. */
export interface ModeratedComment {
  id: number;
  postId: number;
  authorId: number;
  text: string;
  hiddenAt: Date | null;
}

/** Locks a comment of the company, not deleted, on a post that is not deleted; undefined when none. */
export async function lockComment(
  db: Database,
  companyId: number,
  commentId: number,
): Promise<ModeratedComment | undefined> {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorId: comments.authorId,
      text: comments.text,
      hiddenAt: comments.hiddenAt,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.companyId, companyId),
        isNull(comments.deletedAt),
        isNull(posts.deletedAt),
      ),
    )
    .for('update', { of: comments });
  return row;
}

/** Hides a comment (keeping the first time it was hidden) or shows it again. */
export async function setCommentHidden(db: Database, companyId: number, commentId: number, hidden: boolean) {
  await db
    .update(comments)
    .set({ hiddenAt: hidden ? sql`coalesce(${comments.hiddenAt}, now())` : null })
    .where(and(eq(comments.id, commentId), eq(comments.companyId, companyId)));
}

/** Soft-deletes a comment. */
export async function deleteComment(db: Database, companyId: number, commentId: number) {
  await db
    .update(comments)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(comments.id, commentId), eq(comments.companyId, companyId)));
}

/** Whether a group belongs to the company. */
export async function companyGroupExists(db: Database, companyId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.companyId, companyId)));
  return Boolean(row);
}

/** A post of the administration's timeline: its id and whether a moderator hid it. */
export interface AdminTimelineEntry {
  id: number;
  hidden: boolean;
}

/**
 * A page of the administration's timeline, newest first (the feed's order): every post of the
 * company that is published and due, on the wall or in any group (or in the one asked for),
 * hidden ones included; drafts and scheduled posts not yet out are left to the publications list.
 */
export async function pageAdminTimeline(
  db: Database,
  options: { companyId: number; groupId: number | undefined; page: PageQuery },
): Promise<{ entries: AdminTimelineEntry[]; total: number }> {
  const inGroup: SQL = options.groupId
    ? sql`and exists (select 1 from ${postGroups} pg where pg.post_id = p.id and pg.group_id = ${options.groupId})`
    : sql``;
  const where = sql`p.company_id = ${options.companyId} and p.status = 'published' and p.deleted_at is null
    and p.publish_at <= now() ${inGroup}`;
  const { limit, offset } = rowsOf(options.page);
  const [page, counted] = await Promise.all([
    db.execute(sql`select p.id, p.hidden_at is not null as hidden from ${posts} p where ${where}
      order by p.publish_at desc nulls last, p.id desc
      limit ${limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as total from ${posts} p where ${where}`),
  ]);
  const entries = (page as unknown as { rows: AdminTimelineEntry[] }).rows;
  const total = (counted as unknown as { rows: { total: number | string }[] }).rows[0]?.total ?? 0;
  return { entries, total: Number(total) };
}

/** Which of these comments of the company are hidden (and not deleted). */
export async function findHiddenComments(
  db: Database,
  companyId: number,
  commentIds: number[],
): Promise<number[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.companyId, companyId),
        inArray(comments.id, commentIds),
        isNotNull(comments.hiddenAt),
        isNull(comments.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}
