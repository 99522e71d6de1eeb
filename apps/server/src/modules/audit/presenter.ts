import type { RegistroAuditoria } from '@elo/contract/calls/audit';
import type { AuditEntryRow } from './repo.ts';
import type { TFunction } from 'i18next';
import type { ExportCell, ExportTable } from '../../platform/table-file.ts';

/** A changed field's name in the reader's language, its code when the log has no name for it. */
const fieldName = (field: string, t: TFunction) =>
  t(`audit.fields.${field}`, { defaultValue: field }) as string;

/** An action in the reader's language (the screen's words), its code when the log has no name for it. */
const actionName = (action: string, t: TFunction) =>
  t(`audit.actions.${action}`, { defaultValue: action }) as string;

/** A kind of target in the reader's language, its code when the log has no name for it. */
const targetTypeName = (type: string | null, t: TFunction) =>
  type === null ? null : (t(`audit.targets.${type}`, { defaultValue: type }) as string);

/**
 * One entry (in names: see readable.ts) as the wire carries it: its changes as a list of fields
 * with their names and values before and after, and its target's kind in words.
 */
export function presentAuditEntry(row: AuditEntryRow, t: TFunction): RegistroAuditoria {
  return {
    idRegistro: row.id,
    dtRegistro: row.createdAt.toISOString(),
    idUsuarioAutor: row.actorUserId,
    nomeAutor: row.actorName,
    acao: row.action,
    tipoAlvo: row.targetType,
    nomeTipoAlvo: targetTypeName(row.targetType, t),
    idAlvo: row.targetId,
    nomeAlvo: row.targetName,
    alteracoes: Object.entries(row.changes ?? {}).map(([campo, change]) => ({
      campo,
      nomeCampo: fieldName(campo, t),
      antes: change.antes,
      depois: change.depois,
    })),
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

/** A value of a changed field as text: empty for none, a list of names joined, JSON for objects. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/** An entry's changes in one cell, in the screen's words: "Setor: Financeiro → Comercial; …". */
export function changesText(row: AuditEntryRow, t: TFunction): string {
  return Object.entries(row.changes ?? {})
    .map(
      ([field, change]) => `${fieldName(field, t)}: ${valueText(change.antes)} → ${valueText(change.depois)}`,
    )
    .join('; ');
}

/** One line of the export, in the header's order. */
export function exportLine(row: AuditEntryRow, t: TFunction): ExportCell[] {
  return [
    { instant: row.createdAt },
    row.actorName ?? '',
    actionName(row.action, t),
    targetTypeName(row.targetType, t) ?? '',
    row.targetName ?? '',
    changesText(row, t),
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
  const lines: ExportCell[][] = entries.map((entry) => exportLine(entry, t));
  if (truncatedAt !== null) lines.push([t('audit.export.truncated', { limite: truncatedAt })]);
  return {
    title: t('audit.export.title'),
    header: [
      t('audit.export.date'),
      t('audit.export.author'),
      t('audit.export.action'),
      t('audit.export.targetType'),
      t('audit.export.targetName'),
      t('audit.export.changes'),
      t('audit.export.ip'),
      t('audit.export.userAgent'),
    ],
    lines,
  };
}
