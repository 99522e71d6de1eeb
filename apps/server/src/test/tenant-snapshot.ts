import type { TestApp } from './harness.ts';

/** What the database says of its tables, read through the app's own connection. */
async function rowsOf<Row>(t: TestApp, text: string, values: unknown[] = []): Promise<Row[]> {
  return ((await t.database.executeSql(text, values)) as { rows: Row[] }).rows;
}

/** The tables that belong to a company (they carry company_id). */
export async function tenantTables(t: TestApp): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    t,
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id' order by 1",
  );
  return rows.map((row) => row.table_name);
}

/**
 * A fingerprint of every row of a company, table by table (count and a hash of the rows), and of
 * its own row of companies (name, colours, settings). Two equal fingerprints: nothing changed.
 */
export async function companyFingerprint(t: TestApp, companyId: number): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  const hash = "count(*)::int as n, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h";
  for (const table of await tenantTables(t)) {
    const [row] = await rowsOf<{ n: number; h: string }>(
      t,
      `select ${hash} from "${table}" r where company_id = $1`,
      [companyId],
    );
    fingerprint[table] = `${row!.n}:${row!.h}`;
  }
  const [own] = await rowsOf<{ n: number; h: string }>(t, `select ${hash} from companies r where id = $1`, [
    companyId,
  ]);
  fingerprint.companies = `${own!.n}:${own!.h}`;
  return fingerprint;
}

/**
 * Every single-column foreign key between two company tables (`checked`), and those whose rows
 * disagree on the company (a row of B naming A's group, say) as "child.column -> parent: count".
 */
export async function crossCompanyReferences(t: TestApp): Promise<{ checked: number; found: string[] }> {
  const tenant = new Set(await tenantTables(t));
  const keys = await rowsOf<{ child: string; child_column: string; parent: string; parent_column: string }>(
    t,
    `select c.conrelid::regclass::text as child, a.attname as child_column,
            c.confrelid::regclass::text as parent, af.attname as parent_column
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1`,
  );
  const between = keys.filter(
    (key) => tenant.has(key.child) && tenant.has(key.parent) && key.child_column !== 'company_id',
  );
  const found: string[] = [];
  for (const key of between) {
    const [row] = await rowsOf<{ n: number }>(
      t,
      `select count(*)::int as n from "${key.child}" c join "${key.parent}" p on p."${key.parent_column}" = c."${key.child_column}" where c.company_id <> p.company_id`,
    );
    if (row!.n > 0) found.push(`${key.child}.${key.child_column} -> ${key.parent}: ${row!.n}`);
  }
  return { checked: between.length, found };
}

/** The storage keys of a company's files, as its rows name them (columns named *_key). */
export async function storedKeysOf(t: TestApp, companyId: number): Promise<string[]> {
  const tenant = new Set(await tenantTables(t));
  const columns = await rowsOf<{ table_name: string; column_name: string }>(
    t,
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name like '%key' and data_type in ('text', 'character varying')`,
  );
  const keys: string[] = [];
  for (const column of columns.filter((item) => tenant.has(item.table_name))) {
    const rows = await rowsOf<{ k: string }>(
      t,
      `select "${column.column_name}" as k from "${column.table_name}" where company_id = $1 and "${column.column_name}" is not null`,
      [companyId],
    );
    keys.push(...rows.map((row) => row.k).filter((key) => key.startsWith(`${companyId}/`)));
  }
  return keys.sort();
}
