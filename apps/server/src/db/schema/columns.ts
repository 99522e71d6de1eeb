import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import { integer, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** The tenant column every company-owned table carries; rows go with their company. */
export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/** An instant, with its time zone, set to now when not given. */
export const createdAt = (name = 'created_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * An edited record's version (issue 27, the wire's `versao`): starts at 1 and every update of what
 * the record's administration form edits sets it to `nextVersion`, in the same statement, so a
 * save that names the version it read (`WHERE version = $read`) finds no row once someone else
 * saved in between.
 */
export const recordVersion = (name = 'version') => integer(name).notNull().default(1);

/** The SET value that bumps a record's version in the statement that changes the record. */
export const nextVersion = (column: AnyColumn) => sql`${column} + 1`;

/** The condition of a save that names the version it read: the stored one is still that one (none: no condition). */
export const stillAtVersion = (column: AnyColumn, version: number | undefined) =>
  version === undefined ? undefined : eq(column, version);

/**
 * The WHERE of a versioned save: the company's record `id`, while its version (`versionColumn`,
 * the table's `version` unless named) is still the one the save read, when it names one.
 */
export const recordAtVersion = (
  table: { companyId: AnyColumn; id: AnyColumn; version: AnyColumn },
  companyId: number,
  id: number,
  version: number | undefined,
  versionColumn: AnyColumn = table.version,
) => and(eq(table.companyId, companyId), eq(table.id, id), stillAtVersion(versionColumn, version));
