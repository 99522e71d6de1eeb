/**
 * Fills a database for the timeline benchmark: the demo seed, then 100,000 posts of the demo
 * company spread over its five groups and 1,000,000 reactions (ten per post), made by SQL in
 * bulk. Used by timeline.bench.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

export async function seedTimelineLoad(db: Database, options: { posts: number; reactionsPerPost: number }) {
  const [company] = (
    (await db.execute(sql`select id from companies where name = 'Elo Demonstração'`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const companyId = company!.id;
  await db.execute(sql`
    with people as (select array_agg(id order by id) as ids from users where company_id = ${companyId})
    insert into posts (company_id, author_id, type, text, status, publish_at, created_at, allow_comments, on_wall)
    select ${companyId}, people.ids[1 + (i % array_length(people.ids, 1))], 1, 'Publicação de carga nº ' || i,
           'published', now() - make_interval(mins => i), now() - make_interval(mins => i), true, false
    from generate_series(1, ${options.posts}) as i, people`);
  await db.execute(sql`
    with grupos as (select array_agg(id order by id) as ids from groups where company_id = ${companyId})
    insert into post_groups (company_id, post_id, group_id)
    select ${companyId}, p.id, grupos.ids[1 + (p.id % array_length(grupos.ids, 1))]
    from posts p, grupos
    where p.company_id = ${companyId} and p.text like 'Publicação de carga%'`);
  await db.execute(sql`
    with people as (select array_agg(id order by id) as ids from users where company_id = ${companyId})
    insert into reactions (company_id, post_id, user_id, gesture_id)
    select ${companyId}, p.id, people.ids[1 + ((p.id + 3 * k) % array_length(people.ids, 1))], 1 + (k % 4)
    from posts p, people, generate_series(0, ${options.reactionsPerPost - 1}) as k
    where p.company_id = ${companyId} and p.text like 'Publicação de carga%'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
