import { AdminPermission } from '@elo/contract/enums';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeader } from '#ui/page-header.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { AdminPostCard } from '../components/admin-post-card.tsx';
import {
  useAdminTimeline,
  useModerateComment,
  useModeratePost,
  useTimelineGroups,
} from '../hooks/use-admin-timeline.ts';

// Start fetching a little before the end of the list comes into view.
const sentinelMargin = '600px 0px';

/** The group filter in the URL (?grupo=12); none: all groups. */
const groupFilter: UrlFilter<number | null> = {
  defaultValue: null,
  parse: (raw) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined),
};
const filterDefinitions = { grupo: groupFilter };

/**
 * The administration timeline (/admin/timeline): every published post of the company, on the wall
 * and in the groups, newest first, hidden ones included and marked, filtered by group (all groups
 * first), loading more as the end comes into view; each post and comment with its moderation menu
 * for administrators who may edit publications.
 */
export function AdminTimelinePage() {
  const { t } = useTranslation();
  const headingId = useId();
  const { canEdit } = useAdminAccess(AdminPermission.publications);
  const { filters, setFilter } = useUrlFilters(filterDefinitions);
  const idGrupo = filters.grupo;
  const groups = useTimelineGroups();
  const feed = useAdminTimeline(idGrupo);
  const moderatePost = useModeratePost();
  const moderateComment = useModerateComment();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: sentinelMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const title = t('admin.timelineAdmin.title');
  return (
    <>
      <PageHeader
        title={title}
        description={t('admin.timelineAdmin.description')}
        breadcrumb={{ homeTo: paths.admin.root, items: [{ label: title }] }}
      />
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('admin.timelineAdmin.groupFilter')}
          placeholder={t('admin.timelineAdmin.allGroups')}
          value={idGrupo === null ? '' : String(idGrupo)}
          onChange={(event) => setFilter('grupo', event.target.value ? Number(event.target.value) : null)}
          options={(groups.data ?? []).map((group) => ({ value: String(group.idGrupo), label: group.nome }))}
        />
      </div>
      {feed.isPending ? (
        <Spinner label={t('admin.timelineAdmin.loading')} />
      ) : feed.isError && feed.posts.length === 0 ? (
        <Alert
          type="error"
          title={t('apiErrors.loadData')}
          actions={
            <Button
              size="sm"
              variant="secondary"
              loading={feed.isFetching}
              onClick={() => void feed.refetch()}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessageOf(feed.error, t('apiErrors.default'))}
        </Alert>
      ) : (
        <section aria-labelledby={headingId} className="flex max-w-3xl flex-col gap-4">
          <h2 id={headingId} className="sr-only">
            {t('admin.timelineAdmin.feedHeading')}
          </h2>
          {feed.posts.length === 0 && !hasNextPage ? (
            <EmptyState
              title={t('admin.timelineAdmin.emptyTitle')}
              description={t('admin.timelineAdmin.emptyDescription')}
              headingLevel={3}
            />
          ) : (
            <div
              role="feed"
              aria-busy={feed.isFetching}
              aria-labelledby={headingId}
              className="flex flex-col gap-4"
            >
              {feed.posts.map((post) => (
                <AdminPostCard
                  key={post.idMensagem}
                  post={post}
                  canEdit={canEdit}
                  onModeratePost={(acao, motivo) =>
                    moderatePost.mutateAsync({ idMensagem: post.idMensagem, acao, motivo })
                  }
                  onModerateComment={(idComentario, acao, motivo) =>
                    moderateComment.mutateAsync({ idComentario, acao, motivo })
                  }
                />
              ))}
            </div>
          )}
          <div ref={sentinelRef} aria-hidden="true" />
          {feed.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              {t('admin.timelineAdmin.loadMoreFailed')}
            </p>
          )}
          {hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {t('admin.timelineAdmin.loadMore')}
              </Button>
            </div>
          ) : (
            feed.posts.length > 0 && (
              <p className="text-center text-sm text-slate-700">{t('admin.timelineAdmin.endOfFeed')}</p>
            )
          )}
        </section>
      )}
    </>
  );
}
