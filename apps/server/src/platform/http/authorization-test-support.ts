import { expect } from 'vitest';
import type { DownloadDefinition } from '@elo/contract/define-call';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * What a caller should meet: 401 without a session, 403 when refused, 401 TV_NAO_AUTORIZADA for a
 * device call made without a device token, else the call goes through to its handler.
 */
export type Expectation = 401 | 403 | 'device' | 'through';

/** Checks one answer against the expectation: the policy's 401/403, or anything but those and 500. */
export function checkAnswer(
  answer: { statusCode: number; body: string },
  expectation: Expectation,
  label: string,
): void {
  const body = answer.body ? (JSON.parse(answer.body) as { error_code?: string; message?: string }) : {};
  if (expectation === 'device') {
    expect(answer.statusCode, label).toBe(401);
    expect(body.error_code, label).toBe('TV_NAO_AUTORIZADA');
  } else if (expectation === 401) {
    expect(answer.statusCode, label).toBe(401);
    expect(body.error_code, label).toBe('SESSION_EXPIRED');
  } else if (expectation === 403) {
    expect(answer.statusCode, label).toBe(403);
    expect(body, label).toMatchObject({
      error_code: 'FORBIDDEN',
      message: 'Você não tem acesso a esta funcionalidade.',
    });
  } else {
    expect(['SESSION_EXPIRED', 'FORBIDDEN', 'TV_NAO_AUTORIZADA'], label).not.toContain(body.error_code);
    expect(answer.statusCode, label).toBeLessThan(500);
  }
}

/** A download's address with every path parameter filled: the first format, `fill` for the rest. */
export function downloadPath(
  download: DownloadDefinition,
  fill: (key: string) => string = () => '1',
): string {
  return `/backend${download.path.replace(/:(\w+)/g, (_m, key: string) =>
    key === 'formato' ? download.formats[0]! : fill(key),
  )}`;
}

/**
 * A fingerprint of every row of a company, table by table. A session's last-seen time and expiry
 * move with every call its holder makes, so sessions count by who holds them and whether revoked.
 */
export async function companyRows(database: DatabaseHandle, id: number): Promise<Record<string, string>> {
  const tables = (await database.executeSql(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id' order by 1",
    [],
  )) as { rows: { table_name: string }[] };
  const rows: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const row = table === 'sessions' ? '(r.id, r.user_id, r.token_hash, r.revoked_at)' : 'r';
    const result = (await database.executeSql(
      `select count(*)::int as n, md5(coalesce(string_agg(${row}::text, '|' order by ${row}::text), '')) as h from "${table}" r where company_id = $1`,
      [id],
    )) as { rows: { n: number; h: string }[] };
    rows[table] = `${result.rows[0]!.n}:${result.rows[0]!.h}`;
  }
  return rows;
}
