import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';
import { auditLog, catalogItems, groups, surveys, users, type AuditChange } from '../../db/schema/all.ts';
import type { Actor } from '../../platform/auth/actor.ts';

/** One entry to append: what was done to which target, and what changed. */
export interface AuditEntryValues {
  action: string;
  target?: { type: string; id: number | string; name?: string | null | undefined } | undefined;
  changes?: Record<string, AuditChange> | null | undefined;
}

/**
 * Appends an entry with `db` — the caller's transaction, so the entry commits or rolls back with
 * the change it records. The actor's name is copied in, so the entry reads right after they go.
 */
export async function insertAuditEntry(db: Database, actor: Actor, entry: AuditEntryValues): Promise<void> {
  await db.insert(auditLog).values({
    companyId: actor.companyId,
    actorUserId: actor.userId,
    actorName:
      actor.userId === null
        ? (actor.name?.slice(0, 160) ?? null)
        : sql`(select ${users.name} from ${users} where ${users.id} = ${actor.userId} and ${users.companyId} = ${actor.companyId})`,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target === undefined ? null : String(entry.target.id),
    targetName: entry.target?.name?.slice(0, 200) ?? null,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** What the log may be filtered by: words, an action, an author and a period of calendar days. */
export interface AuditFilter {
  search?: string | undefined;
  action?: string | undefined;
  actorUserId?: number | undefined;
  /** First and last calendar day (yyyy-MM-dd) of the period, both included, in `timeZone`. */
  firstDay?: string | undefined;
  lastDay?: string | undefined;
}

/** The calendar the period's days are read in: the portal's. */
export const auditTimeZone = 'America/Sao_Paulo';

/** Targets whose entries the reader sees masked: of one type, their ids as the log stores them. */
export interface MaskedTargets {
  type: string;
  ids: readonly string[];
}

/** Whether an entry is about one of the masked targets. */
function maskedSql(masked: readonly MaskedTargets[]): SQL {
  const parts = masked
    .filter((targets) => targets.ids.length > 0)
    .map(
      (targets) => sql`(${auditLog.targetType} = ${targets.type} and ${auditLog.targetId} in
        (select jsonb_array_elements_text(${JSON.stringify(targets.ids)}::jsonb)))`,
    );
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The filter's conditions. A masked entry's author is hidden from the reader, so neither the words
 * nor the author filter find it by its author: only by what it still shows.
 */
function whereOf(companyId: number, filter: AuditFilter, masked: readonly MaskedTargets[]): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(auditLog.companyId, companyId)];
  const unmasked = sql`not ${maskedSql(masked)}`;
  if (filter.search) {
    const pattern = foldedPattern(filter.search);
    conditions.push(
      sql`(${folded(sql`${auditLog.action}`)} like ${pattern}
        or ${folded(sql`coalesce(${auditLog.targetName}, '')`)} like ${pattern}
        or ${folded(sql`coalesce(${auditLog.targetType}, '')`)} like ${pattern}
        or (${folded(sql`coalesce(${auditLog.actorName}, '')`)} like ${pattern} and ${unmasked}))`,
    );
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorUserId !== undefined)
    conditions.push(and(eq(auditLog.actorUserId, filter.actorUserId), unmasked));
  // Days are the portal's calendar days: from the first one's midnight to the midnight after the last.
  if (filter.firstDay) {
    conditions.push(
      sql`${auditLog.createdAt} >= (${filter.firstDay}::date::timestamp at time zone ${auditTimeZone})`,
    );
  }
  if (filter.lastDay) {
    conditions.push(
      sql`${auditLog.createdAt} < ((${filter.lastDay}::date + 1)::timestamp at time zone ${auditTimeZone})`,
    );
  }
  return and(...conditions);
}

/** A page of the company's entries matching the filter, newest first. */
export async function listAuditEntries(
  db: Database,
  companyId: number,
  filter: AuditFilter,
  page: { limit: number; offset: number },
  masked: readonly MaskedTargets[] = [],
) {
  return db
    .select()
    .from(auditLog)
    .where(whereOf(companyId, filter, masked))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many of the company's entries match the filter. */
export async function countAuditEntries(
  db: Database,
  companyId: number,
  filter: AuditFilter,
  masked: readonly MaskedTargets[] = [],
) {
  const [row] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(whereOf(companyId, filter, masked));
  return row?.total ?? 0;
}

/** The actions found in the company's log, in alphabetical order. */
export async function listAuditActions(db: Database, companyId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.companyId, companyId))
    .orderBy(auditLog.action);
  return rows.map((row) => row.action);
}

export type AuditEntryRow = typeof auditLog.$inferSelect;

/** The records an entry names by id, by kind: people, groups and catalogue items (sectors, units …). */
export interface NamedRecords {
  users: number[];
  groups: number[];
  catalog: number[];
  surveys: number[];
}

/** The current names of the company's records of these ids, by kind (an id gone is absent). */
export async function findRecordNames(
  db: Database,
  companyId: number,
  ids: NamedRecords,
): Promise<Record<keyof NamedRecords, Map<number, string>>> {
  const [people, teams, items, polls] = await Promise.all([
    ids.users.length === 0
      ? []
      : db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, ids.users))),
    ids.groups.length === 0
      ? []
      : db
          .select({ id: groups.id, name: groups.name })
          .from(groups)
          .where(and(eq(groups.companyId, companyId), inArray(groups.id, ids.groups))),
    ids.catalog.length === 0
      ? []
      : db
          .select({ id: catalogItems.id, name: catalogItems.name })
          .from(catalogItems)
          .where(and(eq(catalogItems.companyId, companyId), inArray(catalogItems.id, ids.catalog))),
    ids.surveys.length === 0
      ? []
      : db
          .select({ id: surveys.id, name: surveys.title })
          .from(surveys)
          .where(and(eq(surveys.companyId, companyId), inArray(surveys.id, ids.surveys))),
  ]);
  const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { users: byId(people), groups: byId(teams), catalog: byId(items), surveys: byId(polls) };
}

/**
 * The company's people who wrote entries (other than masked ones) and whose names hold these words,
 * by name, at most `limit`; the person of `includeId` too, first, when they wrote any.
 */
export async function findAuthors(
  db: Database,
  companyId: number,
  options: { words: string; includeId?: number | undefined; limit: number },
  masked: readonly MaskedTargets[] = [],
): Promise<{ id: number; name: string }[]> {
  const matches = options.words
    ? sql`${folded(sql`${users.name}`)} like ${foldedPattern(options.words)}`
    : sql`true`;
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        options.includeId === undefined ? matches : sql`(${matches} or ${users.id} = ${options.includeId})`,
        sql`exists (select 1 from ${auditLog} where ${auditLog.companyId} = ${companyId}
          and ${auditLog.actorUserId} = ${users.id} and not ${maskedSql(masked)})`,
      ),
    )
    .orderBy(
      ...(options.includeId === undefined ? [] : [sql`${users.id} = ${options.includeId} desc`]),
      users.name,
      users.id,
    )
    .limit(options.limit);
}
