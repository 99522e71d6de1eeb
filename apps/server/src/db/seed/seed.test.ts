import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, countDistinct, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { comments, companies, postMedia, posts, reactions, users } from '../schema/all.ts';
import { createPasswordHasher } from '../../platform/auth/password.ts';
import { createDiskStorage } from '../../platform/storage/media-storage.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seedDemo } from './demo.ts';
import path from 'node:path';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed', () => {
  it('makes a living company: 30+ employees with photos and posts of every media type', async () => {
    const [demo] = await t.database.db.select().from(companies).where(eq(companies.name, 'Elo Demonstração'));
    const [people] = await t.database.db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.companyId, demo!.id), isNotNull(users.photoKey)));
    expect(people!.total).toBeGreaterThanOrEqual(30);
    const types = await t.database.db
      .selectDistinct({ type: posts.type })
      .from(posts)
      .where(and(eq(posts.companyId, demo!.id), eq(posts.status, 'published')));
    expect(types.map((row) => row.type).sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 7]);
    const [withComments] = await t.database.db
      .select({ total: countDistinct(comments.postId) })
      .from(comments)
      .where(eq(comments.companyId, demo!.id));
    expect(withComments!.total).toBeGreaterThan(5);
    const [reacted] = await t.database.db
      .select({ total: count() })
      .from(reactions)
      .where(eq(reactions.companyId, demo!.id));
    expect(reacted!.total).toBeGreaterThan(20);
    const [media] = await t.database.db
      .select({ total: count() })
      .from(postMedia)
      .where(ne(postMedia.mimeType, ''));
    expect(media!.total).toBeGreaterThan(0);
  });

  it('seeds a second company to prove isolation', async () => {
    const rows = await t.database.db.select({ name: companies.name }).from(companies).orderBy(companies.id);
    expect(rows.map((row) => row.name)).toEqual(['Elo Demonstração', 'Outra Indústria S.A.']);
  });

  it('changes nothing when run again', async () => {
    const before = await t.database.db.select({ total: count() }).from(users);
    const result = await seedDemo({
      db: t.database.db,
      storage: createDiskStorage(path.join(t.dataDir, 'media')),
      hashPassword: createPasswordHasher(1).hashPassword,
    });
    expect(result.companiesCreated).toBe(0);
    const after = await t.database.db.select({ total: count() }).from(users);
    expect(after).toEqual(before);
    const masters = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${users.companyId}`);
    expect(masters.map((row) => row.email).sort()).toEqual(['admin@demo.elo', 'admin@outra.elo']);
  });
});
