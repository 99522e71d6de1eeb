import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { tvScreens, users } from '../schema/all.ts';

/**
 * Seeds the demo company's corporate TV screens once (nothing happens when it has any): the
 * reception's, with announcements, the latest publications and today's birthdays, and the
 * canteen's, a quicker rotation of announcements and three publications. Neither is paired: the
 * administration pairs them with the code a browser at /tv shows.
 */
export async function seedTvScreens(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const [master] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!master) return false;
  const [existing] = await db
    .select({ total: count() })
    .from(tvScreens)
    .where(eq(tvScreens.companyId, master.companyId));
  if ((existing?.total ?? 0) > 0) return false;
  await db.insert(tvScreens).values([
    {
      companyId: master.companyId,
      name: 'Recepção',
      secondsPerSlide: 10,
      showAnnouncements: true,
      showPublications: true,
      publicationCount: 5,
      showCelebrations: true,
    },
    {
      companyId: master.companyId,
      name: 'Refeitório',
      secondsPerSlide: 8,
      showAnnouncements: true,
      showPublications: true,
      publicationCount: 3,
      showCelebrations: false,
    },
  ]);
  return true;
}
