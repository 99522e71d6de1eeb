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
