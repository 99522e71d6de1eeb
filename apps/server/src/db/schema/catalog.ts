import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companyId, createdAt, recordVersion } from './columns.ts';

/**
 * The company's catalogues of the user settings (issue 13): units, branches, sectors, positions
 * and HR ticket subjects. A person points at one item of each of the first four; an item in use
 * cannot be deleted, only deactivated. Names are unique per kind, case ignored.
 */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    /** UNIDADE, FILIAL, SETOR, CARGO or ASSUNTO_CHAMADO. */
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt('created_at'),
    /**
     * Bumped by every change of the item (a rename or (de)activation here, and every save of an HR
     * subject's form with its settings): a ticket subject's `versao`.
     */
    version: recordVersion(),
  },
  (t) => [
    uniqueIndex('catalog_items_company_kind_name_unique').on(t.companyId, t.kind, sql`lower(${t.name})`),
    index('catalog_items_company_kind_idx').on(t.companyId, t.kind),
    check('catalog_items_kind', sql`${t.kind} in ('UNIDADE', 'FILIAL', 'SETOR', 'CARGO', 'ASSUNTO_CHAMADO')`),
  ],
);

/** A person's pointer at a catalogue item: kept from being deleted while in use. */
export const catalogItemId = (name: string) =>
  integer(name).references(() => catalogItems.id, { onDelete: 'restrict' });
