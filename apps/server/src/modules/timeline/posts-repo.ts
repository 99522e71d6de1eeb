import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  comments,
  companies,
  gestures,
  groupMembers,
  pollOptions,
  postGroups,
  postMedia,
  posts,
  reactions,
  savedPosts,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/** The groups a user belongs to, with whether they may post in each. */
export async function listUserGroups(db: Database, scope: TenantScope) {
  return db
    .select({ groupId: groupMembers.groupId, canPost: groupMembers.canPost })
    .from(groupMembers)
    .where(and(eq(groupMembers.companyId, scope.companyId), eq(groupMembers.userId, scope.userId)));
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

/** Raises the version of a post's card: call in the transaction of the change. */
export async function bumpCardVersion(db: Database, scope: TenantScope, postId: number): Promise<void> {
  await db
    .update(posts)
    .set({ version: sql`${posts.version} + 1` })
    .where(and(eq(posts.id, postId), eq(posts.companyId, scope.companyId)));
}

/** The longest plain text a post of the company may have (the spec's maximoCaracteres). */
export async function findMaxPostChars(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ max: companies.maxPostChars })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.max ?? 10;
}

/** The company's comments (not deleted), for the administration's figures. */
export async function countCompanyComments(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.companyId, companyId), isNull(comments.deletedAt)));
  return Number(row?.total ?? 0);
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
