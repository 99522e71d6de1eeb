import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { NotificationType } from '@elo/contract/enums';
import type { Database } from '../client.ts';
import { notifications, posts, surveys, users } from '../schema/all.ts';

const hour = 3_600_000;

/**
 * Seeds Maria's bell once (nothing happens when she has notifications): the open climate survey
 * and a comment of Carlos on her newest post, both unread, and an older comment already read.
 */
export async function seedNotifications(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const [maria] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'maria.silva@demo.elo'`);
  if (!maria) return false;
  const [existing] = await db
    .select({ total: count() })
    .from(notifications)
    .where(eq(notifications.userId, maria.id));
  if ((existing?.total ?? 0) > 0) return false;
  const companyId = maria.companyId;
  const [survey] = await db
    .select({ id: surveys.id, title: surveys.title })
    .from(surveys)
    .where(and(eq(surveys.companyId, companyId), eq(surveys.title, 'Pesquisa de clima 2026')));
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.companyId, companyId),
        eq(posts.authorId, maria.id),
        eq(posts.status, 'published'),
        lte(posts.publishAt, new Date()),
      ),
    )
    .orderBy(desc(posts.publishAt))
    .limit(1);
  const now = Date.now();
  const rows: (typeof notifications.$inferInsert)[] = [];
  if (post) {
    rows.push(
      {
        companyId,
        userId: maria.id,
        type: NotificationType.postComment,
        title: 'Ana Beatriz Rocha comentou a sua publicação',
        body: 'Muito bom, obrigada por compartilhar!',
        link: `/painel/publicacao/${post.id}`,
        readAt: new Date(now - 40 * hour),
        createdAt: new Date(now - 48 * hour),
      },
      {
        companyId,
        userId: maria.id,
        type: NotificationType.postComment,
        title: 'Carlos Pereira comentou a sua publicação',
        body: 'Ótima notícia! Conte comigo.',
        link: `/painel/publicacao/${post.id}`,
        createdAt: new Date(now - hour),
      },
    );
  }
  if (survey) {
    rows.push({
      companyId,
      userId: maria.id,
      type: NotificationType.surveyPublished,
      title: 'Nova pesquisa disponível',
      body: survey.title,
      link: `/painel/pesquisas/acessar/${survey.id}`,
      createdAt: new Date(now - 3 * hour),
    });
  }
  if (rows.length === 0) return false;
  await db.insert(notifications).values(rows);
  return true;
}
