import type { TFunction } from 'i18next';
import type { Database } from '../../db/client.ts';
import type { AuditChange } from '../../db/schema/all.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { pageOf, rowsOf, type PageQuery } from '../../platform/paging.ts';
import { maskAuditEntry } from './masking.ts';
import { namedRecordsOf, readableEntry } from './readable.ts';
import {
  countAuditEntries,
  findAuthors,
  findRecordNames,
  insertAuditEntry,
  listAuditActions,
  listAuditEntries,
  type AuditEntryRow,
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

/** How many authors a search of the author filter's picker answers. */
const authorsPerSearch = 10;

/** An export holds at most this many entries (the newest); a line at the end says when more matched. */
export const auditExportLimit = 50_000;

/** Who reads the log: their company, themselves and their statuses (for the record rules). */
export interface AuditReader {
  companyId: number;
  userId: number;
  adminPermissions: AdminStatuses;
}

/**
 * A module's rule for the entries about its records that a reader may see only masked
 * (`maskAuditEntry`): the module's record policy decides which (the confidential HR tickets of
 * policy.ts in modules/hr-tickets, for one). The audit module knows no feature: app.ts hands the
 * rules in.
 */
export interface AuditMasking {
  /** The target type of the entries it is about (`hr_ticket`). */
  targetType: string;
  /** Of the reader's company, the targets (ids as the log stores them) whose entries this reader sees masked. */
  maskedTargets(reader: AuditReader): Promise<readonly string[]>;
  /** The changed fields whose values stay visible when masked: they name nobody and carry no text. */
  keptFields: ReadonlySet<string>;
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Reading the company's audit log: the screen's pages and the export, masked for the reader. */
export function createAuditService(deps: { db: Database; maskings?: readonly AuditMasking[] }) {
  const { db } = deps;
  const maskings = deps.maskings ?? [];

  /** What this reader sees masked, and how each entry shows to them. */
  async function readerView(reader: AuditReader, t: TFunction) {
    const masked = await Promise.all(
      maskings.map(async (masking) => ({
        type: masking.targetType,
        ids: await masking.maskedTargets(reader),
        keptFields: masking.keptFields,
      })),
    );
    const byType = new Map(masked.map((entry) => [entry.type, { ...entry, idSet: new Set(entry.ids) }]));
    const actorLabel = t('audit.confidential');
    const shown = (row: AuditEntryRow): AuditEntryRow => {
      const rule = row.targetType === null ? undefined : byType.get(row.targetType);
      if (!rule || row.targetId === null || !rule.idSet.has(row.targetId)) return row;
      return maskAuditEntry(row, { actorLabel, keptFields: rule.keptFields });
    };
    return { masked, shown };
  }

  /** The entries as this reader sees them (masked where the rules say) and in names (`readableEntry`). */
  async function readable(
    companyId: number,
    rows: AuditEntryRow[],
    shown: (row: AuditEntryRow) => AuditEntryRow,
    t: TFunction,
  ) {
    const views = rows.map((row) => {
      const view = shown(row);
      return { view, masked: view !== row };
    });
    const names = await findRecordNames(db, companyId, namedRecordsOf(views.map(({ view }) => view)));
    const deleted = t('audit.deleted');
    return views.map(({ view, masked }) => readableEntry(view, names, { deleted, masked }));
  }

  return {
    /**
     * A page of the company's log as the reader may see it, in names (people, groups, sectors … as
     * they are named now), newest first, with the actions it holds.
     */
    async list(reader: AuditReader, filter: AuditFilter, page: PageQuery, t: TFunction) {
      const { companyId } = reader;
      const { masked, shown } = await readerView(reader, t);
      const [rows, total, actions] = await Promise.all([
        listAuditEntries(db, companyId, filter, rowsOf(page), masked),
        countAuditEntries(db, companyId, filter, masked),
        listAuditActions(db, companyId),
      ]);
      return { page: pageOf(page, await readable(companyId, rows, shown, t), total), actions };
    },

    /**
     * The log's authors (people who wrote entries this reader sees unmasked) whose names hold the
     * words, for the author filter's picker; the chosen one among them.
     */
    async authors(reader: AuditReader, words: string, chosenId: number | undefined) {
      const masked = await Promise.all(
        maskings.map(async (masking) => ({
          type: masking.targetType,
          ids: await masking.maskedTargets(reader),
        })),
      );
      return findAuthors(
        db,
        reader.companyId,
        { words, includeId: chosenId, limit: authorsPerSearch },
        masked,
      );
    },

    /**
     * The filtered log to download, newest first, up to `auditExportLimit` entries, masked as on
     * the screen; `truncatedAt` is the limit when more matched.
     */
    async exportEntries(reader: AuditReader, filter: AuditFilter, t: TFunction) {
      const { masked, shown } = await readerView(reader, t);
      const rows = await listAuditEntries(
        db,
        reader.companyId,
        filter,
        { limit: auditExportLimit + 1, offset: 0 },
        masked,
      );
      return {
        entries: await readable(reader.companyId, rows.slice(0, auditExportLimit), shown, t),
        truncatedAt: rows.length > auditExportLimit ? auditExportLimit : null,
      };
    },
  };
}
