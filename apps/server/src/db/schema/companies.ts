import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The tenant. Its id is the master user's id (the spec's idUsuarioPai), taken from the users'
 * identity sequence when the company is created, so the two always agree.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    logoKey: text('logo_key'),
    mainColor: varchar('main_color', { length: 7 }).notNull().default('#1d4ed8'),
    fontPrimaryColor: varchar('font_primary_color', { length: 7 }).notNull().default('#111827'),
    fontSecondaryColor: varchar('font_secondary_color', { length: 7 }).notNull().default('#4b5563'),
    /** Longest plain text of a timeline post (the spec's maximoCaracteres). */
    maxPostChars: smallint('max_post_chars').notNull().default(10),
    /** Profile fields employees may change themselves on "Minha conta" (user settings). */
    selfEditableFields: varchar('self_editable_fields', { length: 16 })
      .array()
      .notNull()
      .default(sql`'{TEXTO_PERFIL,FOTO}'::varchar[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by every save of the app settings (logo, colours, function names): their form's
     * `versao` (as `recordVersion` in columns.ts, which imports this file).
     */
    settingsVersion: integer('settings_version').notNull().default(1),
  },
  (t) => [check('companies_main_color_hex', sql`${t.mainColor} ~ '^#[0-9a-fA-F]{6}$'`)],
);

/**
 * The company's own name for a permission (the spec's atalhosPermissoes; at most 16 characters),
 * with its names in English and Spanish (issue 29; null: the default name in that language).
 */
export const companyPermissionNames = pgTable(
  'company_permission_names',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 64 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    nameEn: varchar('name_en', { length: 16 }),
    nameEs: varchar('name_es', { length: 16 }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.permission] })],
);
