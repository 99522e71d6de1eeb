import type { TFunction } from 'i18next';
import type { Database } from '../../db/client.ts';
import type { AuditChange } from '../../db/schema/all.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { ExportTable } from '../../platform/table-file.ts';
import { exportLine, presentAuditEntry } from './presenter.ts';
import {
  countAuditEntries,
  insertAuditEntry,
  listAuditActions,
  listAuditEntries,
  type AuditEntryValues,
  type AuditFilter,
} from './repo.ts';

/** Fields whose values never reach the log (a change to them is recorded without its values). */
const secretFields = /senha|password|token|codigo|code|hash|secret/i;

/**
 * The fields that differ between two states of a target, as before/after pairs; a secret field
 * that changed is recorded with both values hidden.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[key] = secretFields.test(key) ? { antes: '***', depois: '***' } : { antes: was, depois: is };
  }
  return changes;
}

/**
 * Records one audit entry in the caller's transaction (`tx`): a change commits with its entry or
 * not at all. Every administration write and every security event goes through here.
 */
export async function recordAudit(tx: Database, actor: Actor, entry: AuditEntryValues): Promise<void> {
  await insertAuditEntry(tx, actor, entry);
}

/** An export holds at most this many entries (the newest); a line at the end says when more matched. */
export const auditExportLimit = 50_000;

export type AuditService = ReturnType<typeof createAuditService>;

/** Reading the company's audit log: the screen's pages and the export. */
export function createAuditService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** A page of the company's log, newest first, with the actions it holds for the filter. */
    async list(companyId: number, filter: AuditFilter, page: { number: number; size: number }) {
      const [rows, total, actions] = await Promise.all([
        listAuditEntries(db, companyId, filter, { limit: page.size, offset: (page.number - 1) * page.size }),
        countAuditEntries(db, companyId, filter),
        listAuditActions(db, companyId),
      ]);
      return {
        listRegistros: rows.map(presentAuditEntry),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
        acoes: actions,
      };
    },

    /** The filtered log as a table to download, newest first, up to `auditExportLimit` entries. */
    async exportTable(companyId: number, filter: AuditFilter, t: TFunction): Promise<ExportTable> {
      const rows = await listAuditEntries(db, companyId, filter, { limit: auditExportLimit + 1, offset: 0 });
      const lines = rows.slice(0, auditExportLimit).map(exportLine);
      if (rows.length > auditExportLimit) {
        lines.push([t('audit.export.truncated', { limite: auditExportLimit.toLocaleString('pt-BR') })]);
      }
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
    },
  };
}
