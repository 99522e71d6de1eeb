import type { AuditEntryRow } from './repo.ts';

/** How an entry about a record the reader may not see in full shows. */
export interface EntryMask {
  /** What stands for its author ('Confidencial'). */
  actorLabel: string;
  /** The changed fields whose values stay: they name nobody and carry no text. */
  keptFields: ReadonlySet<string>;
}

const hiddenChange = { antes: '***', depois: '***' };

/**
 * An entry as a reader who may not see its record in full reads it: the entry stays with its
 * action, target and time, but its author, address and browser are gone and every changed field
 * not kept shows '***' (the screen, the CSV and the XLSX alike).
 */
export function maskAuditEntry(row: AuditEntryRow, mask: EntryMask): AuditEntryRow {
  return {
    ...row,
    actorUserId: null,
    actorName: mask.actorLabel,
    ip: null,
    userAgent: null,
    changes:
      row.changes &&
      Object.fromEntries(
        Object.entries(row.changes).map(([field, change]) => [
          field,
          mask.keptFields.has(field) ? change : hiddenChange,
        ]),
      ),
  };
}
