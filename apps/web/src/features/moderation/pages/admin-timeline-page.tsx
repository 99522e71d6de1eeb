import { AdminPermission } from '@elo/contract/enums';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { useUrlFilters, type UrlFilter } from '#lib/url-filters.ts';
import { InfiniteFeed } from '#ui/infinite-feed.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { AdminPostCard } from '../components/admin-post-card.tsx';
import {
  useAdminTimeline,
  useModerateComment,
  useModeratePost,
  useTimelineGroups,
} from '../hooks/use-admin-timeline.ts';

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
  const { canEdit } = useAdminAccess(AdminPermission.publications);
  const { filters, setFilter } = useUrlFilters(filterDefinitions);
  const idGrupo = filters.grupo;
  const groups = useTimelineGroups();
  const feed = useAdminTimeline(idGrupo);
  const moderatePost = useModeratePost();
  const moderateComment = useModerateComment();
  const title = t('admin.timelineAdmin.title');
  return (
    <>
      <PageHeader
        title={title}
        description={t('admin.timelineAdmin.description')}
        breadcrumb={adminBreadcrumb(title)}
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
      <InfiniteFeed
        query={feed}
        itemCount={feed.posts.length}
        texts={{
          loading: t('admin.timelineAdmin.loading'),
          heading: t('admin.timelineAdmin.feedHeading'),
          emptyTitle: t('admin.timelineAdmin.emptyTitle'),
          emptyDescription: t('admin.timelineAdmin.emptyDescription'),
          loadMoreFailed: t('admin.timelineAdmin.loadMoreFailed'),
          loadMore: t('admin.timelineAdmin.loadMore'),
          endOfFeed: t('admin.timelineAdmin.endOfFeed'),
        }}
        className="flex max-w-3xl flex-col gap-4"
        endClassName="text-slate-700"
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
      </InfiniteFeed>
    </>
  );
}
