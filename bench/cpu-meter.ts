/**
 * CPU time spent by the server's main thread and by the PostgreSQL backends of its pool during a
 * run, read from /proc (Linux, a local PostgreSQL). Unlike requests per second, it does not
 * depend on what else the machine is doing, so runs on a busy machine stay comparable.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

const ticksPerSecond = 100;

/** utime + stime of a process or thread, in ms (0 when it is gone). */
export async function cpuMs(statPath: string): Promise<number> {
  try {
    const stat = await readFile(statPath, 'utf8');
    // Fields after the command name (which may hold spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return 0;
  }
}

async function backendPids(db: Database): Promise<number[]> {
  const result = (await db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  )) as unknown as { rows: { pid: number }[] };
  return result.rows.map((row) => Number(row.pid));
}

/** Starts measuring; `stop()` gives the CPU ms of the server's main thread and of PostgreSQL. */
export async function startCpuMeter(db: Database | undefined) {
  const mainThread = `/proc/self/task/${process.pid}/stat`;
  const serverBefore = await cpuMs(mainThread);
  const pgBefore = new Map<number, number>();
  for (const pid of db ? await backendPids(db) : []) pgBefore.set(pid, await cpuMs(`/proc/${pid}/stat`));
  return {
    async stop() {
      const server = (await cpuMs(mainThread)) - serverBefore;
      let postgres = 0;
      for (const pid of db ? await backendPids(db) : [])
        postgres += (await cpuMs(`/proc/${pid}/stat`)) - (pgBefore.get(pid) ?? 0);
      return { server, postgres };
    },
  };
}
