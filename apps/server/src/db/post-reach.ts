import { sql, type SQL } from 'drizzle-orm';
import { groupMembers } from './schema/groups.ts';
import { postGroups, postReadConfirmations, postViews } from './schema/timeline.ts';
import { users } from './schema/users.ts';

/**
 * A post as the reach statements read it: values for one post, or the columns of an outer `posts
 * p` (`reachOfPostRow`) so a list counts each row the same way.
 */
export interface ReachPost {
  id: number | SQL;
  companyId: number | SQL;
  onWall: boolean | SQL;
  authorId: number | SQL;
}

/** The columns of `posts p`, for a statement that counts reach per row. */
export const reachOfPostRow: ReachPost = {
  id: sql`p.id`,
  companyId: sql`p.company_id`,
  onWall: sql`p.on_wall`,
  authorId: sql`p.author_id`,
};

/**
 * The people a post is measured against (its population), as a statement of user ids: the
 * company's active people for the wall, else the active members of its groups; never its author,
 * who is not part of the audience they write for (as Staffbase and Workvivo count reach).
 */
export function postAudienceSql(post: ReachPost): SQL {
  return sql`select u.id from ${users} u
    where u.company_id = ${post.companyId} and u.active and u.deleted_at is null and u.id <> ${post.authorId}
      and (${post.onWall}::boolean or exists (select 1 from ${groupMembers} gm
        join ${postGroups} x on x.group_id = gm.group_id where x.post_id = ${post.id} and gm.user_id = u.id))`;
}

/**
 * The people of the population who saw the post, with when they first did (`user_id`, `seen_at`):
 * a recorded view or a confirmation of a mandatory reading, since confirming is reading it.
 */
export function postViewersSql(post: ReachPost): SQL {
  return sql`select a.id as user_id, least(v.viewed_at, rc.confirmed_at) as seen_at
    from (${postAudienceSql(post)}) a
    left join ${postViews} v on v.post_id = ${post.id} and v.user_id = a.id
    left join ${postReadConfirmations} rc on rc.post_id = ${post.id} and rc.user_id = a.id
    where v.user_id is not null or rc.user_id is not null`;
}
