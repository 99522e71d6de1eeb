import type { RegistroAuditoria } from '@elo/contract/calls/audit';
import type { AuditEntryRow } from './repo.ts';
import { formatExportDate } from '../../platform/table-file.ts';

/** One entry as the wire carries it: its changes as a list of fields with their values before and after. */
export function presentAuditEntry(row: AuditEntryRow): RegistroAuditoria {
  return {
    idRegistro: row.id,
    dtRegistro: row.createdAt.toISOString(),
    idUsuarioAutor: row.actorUserId,
    nomeAutor: row.actorName,
    acao: row.action,
    tipoAlvo: row.targetType,
    idAlvo: row.targetId,
    nomeAlvo: row.targetName,
    alteracoes: Object.entries(row.changes ?? {}).map(([campo, change]) => ({
      campo,
      antes: change.antes,
      depois: change.depois,
    })),
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

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

/** A value of a changed field as text: empty for none, JSON for lists and objects. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** An entry's changes in one cell: "field: before → after; …". */
export function changesText(row: AuditEntryRow): string {
  return Object.entries(row.changes ?? {})
    .map(([field, change]) => `${field}: ${valueText(change.antes)} → ${valueText(change.depois)}`)
    .join('; ');
}

/** One line of the export, in the header's order. */
export function exportLine(row: AuditEntryRow): string[] {
  return [
    formatExportDate(row.createdAt),
    row.actorName ?? '',
    row.action,
    row.targetType ?? '',
    row.targetId ?? '',
    row.targetName ?? '',
    changesText(row),
    row.ip ?? '',
    row.userAgent ?? '',
  ];
}
