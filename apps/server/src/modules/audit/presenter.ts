import type { RegistroAuditoria } from '@elo/contract/calls/audit';
import type { AuditEntryRow } from './repo.ts';
import type { TFunction } from 'i18next';
import type { ExportCell, ExportTable } from '../../platform/table-file.ts';

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
export function exportLine(row: AuditEntryRow): ExportCell[] {
  return [
    { instant: row.createdAt },
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

/**
 * The filtered log as the export's table, newest first: the entries as the reader may see them,
 * and a last line saying so when more matched than an export holds.
 */
export function auditExportTable(
  entries: AuditEntryRow[],
  truncatedAt: number | null,
  t: TFunction,
): ExportTable {
  const lines = entries.map(exportLine);
  if (truncatedAt !== null) lines.push([t('audit.export.truncated', { limite: truncatedAt })]);
  return {
    title: t('audit.export.title'),
    header: [
      t('audit.export.date'),
      t('audit.export.author'),
      t('audit.export.action'),
      t('audit.export.targetType'),
      t('audit.export.targetId'),
      t('audit.export.targetName'),
      t('audit.export.changes'),
      t('audit.export.ip'),
      t('audit.export.userAgent'),
    ],
    lines,
  };
}
