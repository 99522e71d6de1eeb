import { Permission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasPermission, useKnownLoggedUser } from '#lib/session.ts';
import { PageHeading } from '#ui/page-heading.tsx';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { Composer } from '../components/composer.tsx';
import { LockedComposer } from '../components/locked-composer.tsx';
import { OpenedPostDialog } from '../components/opened-post-dialog.tsx';
import { PinnedReadings } from '../components/pinned-readings.tsx';
import { PostFeed } from '../components/post-feed.tsx';
import { orderGroups } from '../group-order.ts';
import { useGestos } from '../hooks/use-gestos.ts';

/** The selector's value for "all my groups" (the timeline then asks with an empty idsGrupo). */
const allGroups = 'todos';
const noGroups: readonly number[] = [];

/**
 * The employee timeline (/painel/timeline, and /painel/publicacao/{id} with that post opened):
 * announcements, the composer for those who may post in the selected group (the locked overlay
 * for the others), and the posts of the selected group, default group first.
 */
export function TimelinePage() {
  const { t } = useTranslation();
  const selectId = useId();
  const { idPublicacao } = useParams();
  const user = useKnownLoggedUser();
  const groups = orderGroups(user?.listGrupo ?? []);
  const postableIds = user?.idsGruposPermitePostar ?? [];
  const postableGroups = groups.filter((group) => postableIds.includes(group.idGrupo));
  const [choice, setChoice] = useState<number | typeof allGroups | null>(null);
  const showAll = choice === allGroups || groups.length === 0;
  const selected = showAll ? undefined : (groups.find((group) => group.idGrupo === choice) ?? groups[0]);
  const feedGroups = selected ? [selected.idGrupo] : noGroups;
  const gestos = useGestos().data;

  // Publishing needs the permission and a group that allows posting: the selected one, or any
  // of the user's when the timeline shows all of them (spec section 6).
  const mayPublish =
    hasPermission(user, Permission.publishTimeline) &&
    (selected ? postableIds.includes(selected.idGrupo) : postableGroups.length > 0);
  const defaultGroupId =
    selected && postableIds.includes(selected.idGrupo)
      ? selected.idGrupo
      : (postableGroups[0]?.idGrupo ?? null);

  const openedId = idPublicacao !== undefined && /^\d+$/.test(idPublicacao) ? Number(idPublicacao) : null;

  return (
    <>
      <PageHeading title={t('portal.timeline.title')}>
        {groups.length > 0 && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              {t('portal.timeline.groupLabel')}
            </label>
            <select
              id={selectId}
              value={selected?.idGrupo ?? allGroups}
              onChange={(event) =>
                setChoice(event.target.value === allGroups ? allGroups : Number(event.target.value))
              }
              className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
            >
              {groups.map((group) => (
                <option key={group.idGrupo} value={group.idGrupo}>
                  {group.flPadrao === 'S'
                    ? `${group.nome} ${t('portal.timeline.defaultGroupSuffix')}`
                    : group.nome}
                </option>
              ))}
              <option value={allGroups}>{t('portal.timeline.allGroups')}</option>
            </select>
          </div>
        )}
      </PageHeading>
      <BannerCarousel />
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <PinnedReadings gestos={gestos} />
        {mayPublish ? (
          <Composer
            maxChars={user?.maximoCaracteres ?? limits.postTextMaxDefault}
            postableGroups={postableGroups}
            defaultGroupId={defaultGroupId}
          />
        ) : (
          <LockedComposer />
        )}
        <PostFeed
          idsGrupo={feedGroups}
          gestos={gestos}
          emptyDescription={
            groups.length === 0
              ? t('portal.timeline.noGroupsDescription')
              : selected
                ? t('portal.timeline.emptyDescription', { group: selected.nome })
                : t('portal.timeline.emptyAllDescription')
          }
        />
      </div>
      {idPublicacao !== undefined && <OpenedPostDialog idMensagem={openedId} gestos={gestos} />}
    </>
  );
}
