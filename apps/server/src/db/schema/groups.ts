import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyId, createdAt } from './columns.ts';
import { userId } from './users.ts';

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
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);
