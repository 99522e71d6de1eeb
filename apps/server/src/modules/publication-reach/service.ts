import {
  publicationLimits,
  type InteractionTab,
  type PublicacaoAdmin,
} from '@elo/contract/calls/publications';
import type { TFunction } from 'i18next';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { consumeOrRefuse, type LimiterFactory } from '../../platform/rate-limit.ts';
import { formatExportDate, type ExportTable } from '../../platform/table-file.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { TimelineService } from '../timeline/service.ts';
import { presentCounts, presentInteraction, presentReach } from './presenter.ts';
import {
  countReach,
  findReachTarget,
  insertConfirmation,
  insertViews,
  pageInteractions,
  viewsPerDay,
} from './repo.ts';

/** Lines an export writes at most (a last line says when more matched). */
export const interactionsExportLimit = 50_000;

export type PublicationReachService = ReturnType<typeof createPublicationReachService>;

/** Reach and mandatory reading: the single publication's figures and tabs, views and confirmations. */
export function createPublicationReachService(deps: {
  db: Database;
  timeline: Pick<TimelineService, 'listPendingReadings' | 'visiblePostCondition'>;
  limiters: LimiterFactory;
  /**
   * View reports a person may send per minute: the portal sends a batch every few seconds at most
   * while scrolling, so this only stops a runaway client.
   */
  viewReportsPerMinute: number;
  /** The publication as the administration's list shows it (the publications module's row). */
  findPublication: (companyId: number, postId: number) => Promise<PublicacaoAdmin | undefined>;
}) {
  const { db } = deps;
  const viewReports = deps.limiters({
    keyPrefix: 'publication-views',
    points: deps.viewReportsPerMinute,
    durationSeconds: 60,
  });

  /** The publication of the caller's company, or 404 (another company's alike). */
  async function requireTarget(companyId: number, postId: number) {
    const target = await findReachTarget(db, companyId, postId);
    if (!target) throw new AppError('NOT_FOUND');
    return target;
  }

  return {
    /** The single publication: the list's row, each tab's count and its reach. */
    async getPublication(scope: TenantScope, postId: number) {
      const target = await requireTarget(scope.companyId, postId);
      const [row, counts, days] = await Promise.all([
        deps.findPublication(scope.companyId, postId),
        countReach(db, target),
        viewsPerDay(db, target, publicationLimits.viewsChartDays),
      ]);
      if (!row) throw new AppError('NOT_FOUND');
      return {
        publicacao: row,
        contagens: presentCounts(counts, target.requiresReading),
        alcance: presentReach(counts, days),
      };
    },

    /** A page of one tab of a publication. */
    async listInteractions(
      scope: TenantScope,
      query: { postId: number; tab: InteractionTab; page: number; pageSize: number },
    ) {
      const target = await requireTarget(scope.companyId, query.postId);
      const { rows, total } = await pageInteractions(db, target, query.tab, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        listInteracoes: rows.map((row) => presentInteraction(row, query.tab)),
        idPaginaAtual: query.page,
        qtdRegistrosPorPagina: query.pageSize,
        qtdTotalRegistros: total,
      };
    },

    /** One tab of a publication as a table to download (CSV or XLSX). */
    async exportInteractions(
      scope: TenantScope,
      query: { postId: number; tab: InteractionTab },
      t: TFunction,
    ): Promise<ExportTable> {
      const target = await requireTarget(scope.companyId, query.postId);
      const { rows } = await pageInteractions(db, target, query.tab, {
        limit: interactionsExportLimit + 1,
        offset: 0,
      });
      const withComment = query.tab === 'comentarios';
      const lines = rows.slice(0, interactionsExportLimit).map((row) => {
        const line = [row.name, row.sector ?? '', row.at === null ? '' : formatExportDate(new Date(row.at))];
        if (withComment) {
          line.push(
            row.comment_text ?? '',
            t(row.comment_hidden ? 'publicationReach.export.yes' : 'publicationReach.export.no'),
          );
        }
        return line;
      });
      if (rows.length > interactionsExportLimit) {
        lines.push([
          t('publicationReach.export.truncated', { limite: interactionsExportLimit.toLocaleString('pt-BR') }),
        ]);
      }
      return {
        title: t(`publicationReach.export.tabs.${query.tab}`),
        header: [
          t('publicationReach.export.name'),
          t('publicationReach.export.sector'),
          t('publicationReach.export.date'),
          ...(withComment ? [t('publicationReach.export.comment'), t('publicationReach.export.hidden')] : []),
        ],
        lines,
      };
    },

    /**
     * Counts views of the posts the person may see, once per person and post; ids of posts they
     * may not see (another company's, another group's, deleted, hidden) are ignored, so the answer
     * tells nothing about them.
     */
    async recordViews(scope: TenantScope, postIds: number[]) {
      await consumeOrRefuse(viewReports, `${scope.companyId}:${scope.userId}`);
      await insertViews(db, scope, [...new Set(postIds)], deps.timeline.visiblePostCondition(scope));
      return { ok: true as const };
    },

    /** 'Li e estou ciente': a mandatory reading the person may see; confirming twice changes nothing. */
    async confirmReading(scope: TenantScope, postId: number) {
      const visible = deps.timeline.visiblePostCondition(scope);
      if (!(await insertConfirmation(db, scope, postId, visible))) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    },

    /** The person's mandatory readings not yet confirmed, newest first, as timeline cards. */
    listPendingReadings: (scope: TenantScope) => deps.timeline.listPendingReadings(scope),
  };
}
