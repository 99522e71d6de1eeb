import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { MediaKind } from '@elo/contract/enums';
import type { Database } from '../client.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import {
  comments,
  groupMembers,
  groups,
  postGroups,
  postMedia,
  postReadConfirmations,
  posts,
  postViews,
  reactions,
  users,
} from '../schema/all.ts';
import { createRandom, renderLandscape } from './images.ts';

const hour = 3_600_000;
const day = 24 * hour;

/** The demo's publications: what each is, when it is out (relative to now), and who did what. */
const specs = [
  {
    text: 'Campanha do agasalho 2026: traga roupas em bom estado até sexta-feira. Os pontos de coleta ficam nas recepções de todas as unidades.',
    image: true,
    wall: true,
    groups: [] as string[],
    status: 'published',
    at: -2 * day,
    viewShare: 0.7,
    reactionShare: 0.3,
    comments: ['Já separei as minhas!', 'Ótima iniciativa.'],
  },
  {
    text: 'Reunião de resultados do trimestre na quinta-feira às 10h, no auditório e on-line. O link chega por e-mail.',
    image: false,
    wall: false,
    groups: ['Comercial', 'Tecnologia'],
    status: 'published',
    at: -1 * day,
    viewShare: 0.5,
    reactionShare: 0.2,
    comments: [],
  },
  {
    text: 'Nova política de segurança da informação: leia com atenção e confirme a leitura até o prazo.',
    image: false,
    wall: true,
    groups: [],
    status: 'published',
    at: -3 * day,
    viewShare: 0.8,
    reactionShare: 0.1,
    comments: ['Li e entendi, obrigado pelo resumo.'],
    reading: { deadline: 4 * day, reminderDays: 2, confirmShare: 0.5 },
  },
  {
    text: 'Amanhã às 9h: abertura da Semana da Saúde com ginástica laboral e vacinação.',
    image: true,
    wall: true,
    groups: [],
    status: 'published',
    at: 'tomorrow' as const,
    viewShare: 0,
    reactionShare: 0,
    comments: [],
  },
  {
    text: 'Rascunho: calendário de férias coletivas de fim de ano (a confirmar com o RH).',
    image: false,
    wall: false,
    groups: ['Recursos Humanos'],
    status: 'draft',
    at: -1 * hour,
    viewShare: 0,
    reactionShare: 0,
    comments: [],
  },
];

/** Tomorrow at 09:00 in São Paulo (UTC-3, no daylight saving). */
function tomorrowNine(now: number) {
  const saoPaulo = new Date(now - 3 * hour);
  const next = Date.UTC(saoPaulo.getUTCFullYear(), saoPaulo.getUTCMonth(), saoPaulo.getUTCDate() + 1, 9 + 3);
  return new Date(next);
}

/**
 * Seeds the administration's publications of Elo Demonstração, once: published ones with an image
 * and with text on the wall and in groups, one scheduled for tomorrow, a draft, and a mandatory
 * reading with confirmations; views spread over their first days so the single publication shows
 * figures. Nothing happens when the company already has publications.
 */
export async function seedPublications(deps: { db: Database; storage: MediaStorage }): Promise<boolean> {
  const { db, storage } = deps;
  const [author] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!author) return false;
  const companyId = author.companyId;
  const [existing] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.companyId, companyId), eq(posts.isPublication, true)))
    .limit(1);
  if (existing) return false;
  const people = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.active, true)))
      .orderBy(asc(users.id))
  )
    .map((row) => row.id)
    .filter((id) => id !== author.id);
  const companyGroups = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.companyId, companyId));
  const random = createRandom(1515);
  const now = Date.now();
  const images = await Promise.all(
    specs.filter((spec) => spec.image).map(() => renderLandscape(random, 1280, 720)),
  );
  const keys: string[] = [];
  for (const body of images) {
    const key = `${companyId}/${MediaKind.posts}/${randomUUID()}.jpg`;
    await storage.put(key, body);
    keys.push(key);
  }
  await db.transaction(async (tx) => {
    let imageIndex = 0;
    for (const spec of specs) {
      const publishAt = spec.at === 'tomorrow' ? tomorrowNine(now) : new Date(now + spec.at);
      const [row] = await tx
        .insert(posts)
        .values({
          companyId,
          authorId: author.id,
          type: spec.image ? 3 : 1,
          text: spec.text,
          backgroundColor: spec.image ? null : '#ffffff',
          onWall: spec.wall,
          status: spec.status,
          publishAt,
          createdAt: new Date(Math.min(publishAt.getTime(), now)),
          isPublication: true,
          requiresReading: Boolean(spec.reading),
          readingDeadline: spec.reading ? new Date(now + spec.reading.deadline) : null,
          readingReminderDays: spec.reading?.reminderDays ?? null,
        })
        .returning({ id: posts.id });
      const postId = row!.id;
      const groupIds = companyGroups
        .filter((group) => (spec.groups as readonly string[]).includes(group.name))
        .map((group) => group.id);
      if (groupIds.length > 0)
        await tx.insert(postGroups).values(groupIds.map((groupId) => ({ companyId, postId, groupId })));
      if (spec.image) {
        const body = images[imageIndex]!;
        await tx.insert(postMedia).values({
          companyId,
          postId,
          storageKey: keys[imageIndex]!,
          mimeType: 'image/jpeg',
          sizeBytes: body.length,
          width: 1280,
          height: 720,
        });
        imageIndex += 1;
      }
      if (publishAt.getTime() > now || spec.status !== 'published') continue;
      const since = now - publishAt.getTime();
      // Only its audience sees it: the company for the wall, its groups' members otherwise.
      const audience = spec.wall
        ? people
        : (
            await tx
              .selectDistinct({ id: groupMembers.userId })
              .from(groupMembers)
              .where(
                sql`${groupMembers.groupId} in (${sql.join(
                  groupIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`,
              )
          )
            .map((member) => member.id)
            .filter((id) => people.includes(id));
      const viewers = audience.filter(() => random() < spec.viewShare);
      if (viewers.length > 0) {
        await tx.insert(postViews).values(
          viewers.map((userId) => ({
            companyId,
            postId,
            userId,
            // Most views come on the first day, fewer on each next one.
            viewedAt: new Date(publishAt.getTime() + Math.min(since - 60_000, random() * random() * since)),
          })),
        );
      }
      const reactors = viewers.filter(() => random() < spec.reactionShare / Math.max(spec.viewShare, 0.01));
      if (reactors.length > 0) {
        await tx.insert(reactions).values(
          reactors.map((userId) => ({
            companyId,
            postId,
            userId,
            gestureId: 1 + Math.floor(random() * 4),
          })),
        );
      }
      for (const [index, text] of spec.comments.entries()) {
        await tx.insert(comments).values({
          companyId,
          postId,
          authorId: viewers[index] ?? audience[index]!,
          text,
          createdAt: new Date(publishAt.getTime() + (index + 1) * hour),
        });
      }
      if (spec.reading) {
        const confirmed = viewers.filter(() => random() < spec.reading.confirmShare / spec.viewShare);
        if (confirmed.length > 0) {
          await tx.insert(postReadConfirmations).values(
            confirmed.map((userId) => ({
              companyId,
              postId,
              userId,
              confirmedAt: new Date(publishAt.getTime() + random() * Math.min(since, 2 * day)),
            })),
          );
        }
      }
    }
  });
  return true;
}
