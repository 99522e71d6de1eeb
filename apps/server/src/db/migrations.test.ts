import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, testPostgresUrl } from '../test/harness.ts';

describe(`migrations on ${testPostgresUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('create every table on an empty database, and applying them again changes nothing', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'elo-migrate-'));
    const database = await createTestDatabase(dataDir, { fromScratch: true });
    try {
      const tables = (await database.handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      )) as unknown as { rows: { table_name: string }[] };
      const names = tables.rows.map((row) => row.table_name);
      for (const expected of [
        'companies',
        'users',
        'groups',
        'group_members',
        'sessions',
        'posts',
        'comments',
        'reactions',
      ]) {
        expect(names).toContain(expected);
      }
      await database.handle.migrate();
      const again = (await database.handle.db.execute(
        sql`select count(*)::int as total from information_schema.tables where table_schema = 'public'`,
      )) as unknown as { rows: { total: number }[] };
      expect(again.rows[0]!.total).toBe(names.length);
    } finally {
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
