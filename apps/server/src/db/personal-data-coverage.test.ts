import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/all.ts';
import { personalDataOwners } from '../modules/personal-data-owners.ts';

// Every column that names a person has a declared fate on erasure (issue 27): a new table with a
// person column fails here until its module declares what an erasure does to it.

/** Columns that name a person without a foreign key (an array of ids, a kept actor id). */
const unreferencedPersonColumns = [
  ['chat_messages', 'mentioned_ids'],
  ['audit_log', 'actor_user_id'],
] as const;

function personColumns(): string[] {
  const found: string[] = unreferencedPersonColumns.map(([table, column]) => `${table}.${column}`);
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (getTableConfig(reference.foreignTable).name !== 'users') continue;
      for (const column of reference.columns) found.push(`${config.name}.${column.name}`);
    }
  }
  return found;
}

describe('personal data by declaration', () => {
  it('declares the fate of every column that names a person', () => {
    const declared = new Set(
      personalDataOwners.flatMap((owner) =>
        owner.holds.map((holding) => `${holding.table}.${holding.column}`),
      ),
    );
    const columns = personColumns();
    expect(columns.length).toBeGreaterThan(30);
    expect(columns.filter((column) => !declared.has(column)).sort()).toEqual([]);
  });

  it('declares no column twice and gives each kept or anonymised row its reason', () => {
    const seen = new Map<string, string>();
    for (const owner of personalDataOwners) {
      for (const holding of owner.holds) {
        const key = `${holding.table}.${holding.column}`;
        expect(seen.get(key), `${key} declared by ${owner.module} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, owner.module);
        expect(holding.why.length, key).toBeGreaterThan(10);
      }
    }
  });
});
