import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyId, createdAt, recordVersion } from './columns.ts';
import { userId } from './users.ts';
import { catalogItemId } from './catalog.ts';

/** Groups people post to; one per company is the default (flPadrao). */
export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    name: varchar('name', { length: 120 }).notNull(),
    abbreviation: varchar('abbreviation', { length: 5 }).notNull(),
    photoKey: text('photo_key'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt('created_at'),
    /** Bumped by every change of what the group form edits: the form's `versao`. */
    version: recordVersion(),
    /**
     * Bumped by every save of the group's audience rules (saved apart from the group form, so a
     * rules save does not make an open group form stale, nor the reverse): the rules' `versao`.
     */
    rulesVersion: recordVersion('rules_version'),
  },
  (t) => [
    index('groups_company_idx').on(t.companyId),
    uniqueIndex('groups_one_default_per_company')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Membership, with the member's role in the group. */
export const groupMembers = pgTable(
  'group_members',
  {
    companyId: companyId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userId(),
    isAdmin: boolean('is_admin').notNull().default(false),
    canPost: boolean('can_post').notNull().default(false),
    /** Added by an administrator (or by joining the default group); stays until removed by hand. */
    byHand: boolean('by_hand').notNull().default(true),
    /** In by one of the group's audience rules; kept current as people join, move or leave. */
    byRule: boolean('by_rule').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/**
 * A rule-based audience of a group (issue 14): everyone whose unit, branch, sector and position
 * match every criterion the rule sets (at least one). A group's rules add up (any rule lets a
 * person in).
 */
export const groupAudienceRules = pgTable(
  'group_audience_rules',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    unitId: catalogItemId('unit_id'),
    branchId: catalogItemId('branch_id'),
    sectorId: catalogItemId('sector_id'),
    jobTitleId: catalogItemId('job_title_id'),
    createdAt: createdAt('created_at'),
  },
  (t) => [
    index('group_audience_rules_group_idx').on(t.groupId),
    check(
      'group_audience_rules_some_criterion',
      sql`coalesce(${t.unitId}, ${t.branchId}, ${t.sectorId}, ${t.jobTitleId}) is not null`,
    ),
  ],
);
