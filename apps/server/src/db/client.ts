import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/all.ts';
import { trackCommits } from './after-commit.ts';

/** The typed database, the same type whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the pending migrations; on PostgreSQL one node at a time (see `exclusively`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the deployment-wide startup lock: on PostgreSQL a session advisory
   * lock on a connection of its own, so nodes starting together take turns (the demo seed); on
   * PGlite, which one process owns, it simply runs it.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Runs SQL text as a library wrote it (several statements when no values are given), outside
   * Drizzle: for libraries that bring their own SQL, such as the job queue's engine.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Embedded PGlite only: the whole data folder as a tarball, which `openDatabase({ loadDataDir })`
   * opens again (tests migrate and seed once, then load a copy per test file).
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** The advisory lock key that nodes starting at once take turns on (any constant; "elo" in ASCII). */
export const startupLockKey = 0x656c6f;

/** Runs `work` on a connection of its own that holds the startup lock meanwhile. */
async function withStartupLock<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Waits for a node that is migrating or seeding; released by unlock or when the connection ends.
    await client.query('select pg_advisory_lock($1)', [startupLockKey]);
    try {
      return await work(client);
    } finally {
      // Ending the connection releases it too: a failed unlock must not hide the work's error.
      await client.query('select pg_advisory_unlock($1)', [startupLockKey]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/** The statement and connection timeouts of the PostgreSQL pool, unless configured otherwise. */
export const databaseTimeouts = { statementMs: 5_000, connectMs: 5_000 };

/** SQLSTATE classes and codes that say the database is unreachable or refusing work for now. */
const unavailableStates = /^(08|57P0[1-3]|57014$|53300$)/;
/** node-postgres's own words for a connection that failed, died or did not answer in time. */
const unavailableMessages =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|Connection closed|connect ECONNREFUSED/i;
const unavailableSystemCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Whether an error (or one it wraps: Drizzle wraps the driver's) means PostgreSQL is down,
 * unreachable or too slow right now, rather than a fault of the call.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (unavailableSystemCodes.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unavailableStates.test(code)))
      return true;
    if (typeof candidate.message === 'string' && unavailableMessages.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Opens PostgreSQL: the real server with a URL, otherwise embedded PGlite persisted in dataDir
 * (or kept in memory when `inMemory`, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  inMemory?: boolean;
  /** Embedded PGlite only: starts from this data folder (a `dumpDataDir` tarball) instead of an empty one. */
  loadDataDir?: Blob;
  /** Told when an idle pooled connection dies (a server restart); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
  /**
   * How long a statement may run, and a connection may take to open, before the call fails with
   * 503 instead of hanging while PostgreSQL is down or frozen.
   */
  timeouts?: { statementMs: number; connectMs: number };
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // JIT compiles plans for big analytical queries; on our short queries it costs tens of ms each.
    // Generic plans: a named prepared statement (db/prepared.ts) is then planned once per
    // connection instead of at every run. Our statements are key and index lookups, whose
    // generic plan is the one a custom plan would pick.
    // A frozen server (or network) never answers: the client gives up a moment after the server
    // would have cancelled the statement itself, and the pool stops waiting for a connection.
    const { statementMs, connectMs } = options.timeouts ?? databaseTimeouts;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: `-c jit=off -c plan_cache_mode=force_generic_plan -c statement_timeout=${statementMs}`,
      query_timeout: statementMs + 1_000,
      connectionTimeoutMillis: connectMs,
      keepAlive: true,
    });
    // Without a listener, an idle connection closed by the server would crash the process.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    const db = trackCommits(drizzlePg(pool, { schema }) as unknown as Database);
    return {
      db,
      kind: 'postgres',
      // Migrations may build indexes on big tables: a connection of their own, without the timeout.
      // Nodes starting together take turns: the first applies the migrations, the next find
      // them applied (Drizzle's migrator alone would let both run the same ones and one fail).
      migrate: () =>
        withStartupLock(options.databaseUrl!, (client) => migratePg(drizzlePg(client), { migrationsFolder })),
      exclusively: (work) => withStartupLock(options.databaseUrl!, () => work()),
      ping: async () => void (await db.execute(sql`select 1`)),
      executeSql: (text, values) => pool.query(text, values),
      close: () => pool.end(),
    };
  }
  let folder = 'memory://';
  if (!options.inMemory) {
    folder = path.join(options.dataDir, 'pglite');
    await mkdir(folder, { recursive: true });
  }
  // The portal's search (docs/search.md) needs unaccent and pg_trgm: PGlite ships them as contrib
  // extensions, loaded here so that its migration can create them and every statement find them.
  const extensions = { unaccent, pg_trgm };
  const client = await PGlite.create(
    folder,
    options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
  );
  // Generic plans, as the PostgreSQL pool asks: PGlite otherwise keeps planning the named prepared
  // statements (db/prepared.ts) anew at each run, which was half the timeline page statement's time.
  await client.exec('set plan_cache_mode = force_generic_plan');
  const db = trackCommits(drizzlePglite(client, { schema }) as unknown as Database);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    exclusively: (work) => work(),
    ping: async () => void (await db.execute(sql`select 1`)),
    async executeSql(text, values) {
      // PGlite takes parameters in single statements only; exec runs a script of several.
      try {
        if (values?.length) return await client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // A script that failed after its own BEGIN leaves PGlite's one session in an aborted
        // transaction (PostgreSQL's pool ends it itself); end it so the next statement can run.
        if (client.isInTransaction()) await client.exec('rollback');
        throw error;
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
