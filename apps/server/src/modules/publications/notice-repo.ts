import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/raw-sql.ts';
import { groupMembers, notifications, postGroups, posts, users } from '../../db/schema/all.ts';

/** What the scheduled job decides on: the post as it is now. */
export interface NotifiedPost {
  id: number;
  companyId: number;
  authorId: number;
  text: string | null;
  status: string;
  publishAt: Date;
  onWall: boolean;
  /** Its time has come. */
  due: boolean;
  /** Deleted or hidden. */
  gone: boolean;
}

/** The post as the scheduled job finds it now, or undefined. */
export async function findForNotification(db: Database, postId: number): Promise<NotifiedPost | undefined> {
  const [row] = await selectRows<{
    id: number;
    company_id: number;
    author_id: number;
    text: string | null;
    status: string;
    publish_at: Date | string;
    on_wall: boolean;
    due: boolean;
    gone: boolean;
  }>(
    db,
    sql`select p.id, p.company_id, p.author_id, p.text, p.status, p.publish_at, p.on_wall,
        p.publish_at <= now() as due, (p.deleted_at is not null or p.hidden_at is not null) as gone
      from ${posts} p where p.id = ${postId}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    companyId: row.company_id,
    authorId: row.author_id,
    text: row.text,
    status: row.status,
    publishAt: new Date(row.publish_at),
    onWall: row.on_wall,
    due: row.due,
    gone: row.gone,
  };
}

/** The people a publication is for: the company's active people (wall) or its groups' members. */
export async function listAudience(db: Database, post: { id: number; companyId: number; onWall: boolean }) {
  const rows = post.onWall
    ? await selectRows<{ id: number }>(
        db,
        sql`select u.id from ${users} u where u.company_id = ${post.companyId} and u.active and u.deleted_at is null`,
      )
    : await selectRows<{ id: number }>(
        db,
        sql`select distinct gm.user_id as id from ${groupMembers} gm
          join ${postGroups} x on x.group_id = gm.group_id
          where x.post_id = ${post.id} and gm.company_id = ${post.companyId}`,
      );
  return rows.map((row) => row.id);
}

/** Whether a publication's notification (by its link) was already stored for anyone. */
export async function hasPublicationNotification(db: Database, companyId: number, link: string) {
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from ${notifications} n where n.company_id = ${companyId}
      and n.type = 'PUBLICACAO_PUBLICADA' and n.link = ${link} limit 1`,
  );
  return rows.length > 0;
}
