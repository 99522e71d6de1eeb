import { publicationLimits } from '@elo/contract/calls/publications';
import { type InteractionTab } from '@elo/contract/calls/publication-reach';
import type { TFunction } from 'i18next';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pageOf, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import { consumeOrRefuse, type LimiterFactory } from '../../platform/rate-limit.ts';
import type { ExportCell, ExportTable } from '../../platform/table-file.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { Publication } from '../publications/publication.ts';
import type { TimelineService } from '../timeline/service.ts';
import {
  countReach,
  findReachTarget,
  insertConfirmation,
  insertViews,
  pageInteractions,
  viewsPerDay,
  type InteractionRow,
  type ReachCounts,
} from './repo.ts';

/** Lines an export writes at most (a last line says when more matched). */
export const interactionsExportLimit = 50_000;

/** What reach and mandatory reading need. */
export interface ReachDeps {
  db: Database;
  timeline: Pick<TimelineService, 'listPendingReadings' | 'visiblePostCondition'>;
  /** Refuses a person's view reports beyond the limit per minute. */
  viewReports: ReturnType<LimiterFactory>;
  /** The publication as the administration's list shows it (the publications module's). */
  findPublication: (companyId: number, postId: number) => Promise<Publication | undefined>;
}

/** The single publication: the list's row, each tab's count and its reach figures. */
export interface PublicationReach {
  publication: Publication;
  counts: ReachCounts;
  /** Views per day over the first days from its publication. */
  days: { day: string; views: number }[];
  requiresReading: boolean;
}

/** The publication of the caller's company, or 404 (another company's alike). */
async function requireTarget(deps: ReachDeps, companyId: number, postId: number) {
  const target = await findReachTarget(deps.db, companyId, postId);
  if (!target) throw new AppError('NOT_FOUND');
  return target;
}

/** The single publication: the list's row, each tab's count and its reach. */
export async function getPublicationReach(
  deps: ReachDeps,
  scope: TenantScope,
  postId: number,
): Promise<PublicationReach> {
  const target = await requireTarget(deps, scope.companyId, postId);
  const [publication, counts, days] = await Promise.all([
    deps.findPublication(scope.companyId, postId),
    countReach(deps.db, target),
    viewsPerDay(deps.db, target, publicationLimits.viewsChartDays),
  ]);
  if (!publication) throw new AppError('NOT_FOUND');
  return { publication, counts, days, requiresReading: target.requiresReading };
}

/** A page of one tab of a publication. */
export async function listInteractions(
  deps: ReachDeps,
  scope: TenantScope,
  query: { postId: number; tab: InteractionTab; page: PageQuery },
): Promise<Page<InteractionRow>> {
  const target = await requireTarget(deps, scope.companyId, query.postId);
  const { rows, total } = await pageInteractions(deps.db, target, query.tab, rowsOf(query.page));
  return pageOf(query.page, rows, total);
}

/** One tab of a publication as a table to download (CSV or XLSX). */
export async function exportInteractions(
  deps: ReachDeps,
  scope: TenantScope,
  query: { postId: number; tab: InteractionTab },
  t: TFunction,
): Promise<ExportTable> {
  const target = await requireTarget(deps, scope.companyId, query.postId);
  const { rows } = await pageInteractions(deps.db, target, query.tab, {
    limit: interactionsExportLimit + 1,
    offset: 0,
  });
  const withComment = query.tab === 'comentarios';
  const lines = rows.slice(0, interactionsExportLimit).map((row) => {
    const line: ExportCell[] = [
      row.name,
      row.sector ?? '',
      row.at === null ? '' : { instant: new Date(row.at) },
    ];
    if (withComment) {
      line.push(
        row.comment_text ?? '',
        t(row.comment_hidden ? 'publicationReach.export.yes' : 'publicationReach.export.no'),
      );
    }
    return line;
  });
  if (rows.length > interactionsExportLimit) {
    lines.push([t('publicationReach.export.truncated', { limite: interactionsExportLimit })]);
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
}

/**
 * Counts views of the posts the person may see, once per person and post; ids of posts they
 * may not see (another company's, another group's, deleted, hidden) are ignored, so the answer
 * tells nothing about them.
 */
export async function recordViews(deps: ReachDeps, scope: TenantScope, postIds: number[]): Promise<void> {
  await consumeOrRefuse(deps.viewReports, `${scope.companyId}:${scope.userId}`);
  await insertViews(deps.db, scope, [...new Set(postIds)], deps.timeline.visiblePostCondition(scope));
}

/** 'Li e estou ciente': a mandatory reading the person may see; confirming twice changes nothing. */
export async function confirmReading(deps: ReachDeps, scope: TenantScope, postId: number): Promise<void> {
  const visible = deps.timeline.visiblePostCondition(scope);
  if (!(await insertConfirmation(deps.db, scope, postId, visible))) throw new AppError('NOT_FOUND');
}

/** The person's mandatory readings not yet confirmed, newest first, as timeline posts. */
export const listPendingReadings = (deps: ReachDeps, scope: TenantScope) =>
  deps.timeline.listPendingReadings(scope);
