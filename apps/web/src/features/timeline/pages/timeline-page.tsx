import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '#app/paths.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { orderGroups } from '../group-order.ts';

/**
 * The employee timeline (/painel/timeline, and /painel/publicacao/{id} with that post opened):
 * the user's groups, default first, as a selector over the group's posts.
 */
export function TimelinePage() {
  const { t } = useTranslation();
  const selectId = useId();
  const { idPublicacao } = useParams();
  const groups = orderGroups(useKnownLoggedUser()?.listGrupo ?? []);
  const [chosenGroupId, setChosenGroupId] = useState<number | null>(null);
  const selected = groups.find((group) => group.idGrupo === chosenGroupId) ?? groups[0];

  // A post that cannot be opened sends the user to the timeline (spec section 2).
  if (idPublicacao !== undefined && !/^\d+$/.test(idPublicacao)) {
    return <Navigate to={paths.portal.timeline} replace />;
  }

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
              value={selected?.idGrupo}
              onChange={(event) => setChosenGroupId(Number(event.target.value))}
              className="min-h-10 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900"
            >
              {groups.map((group) => (
                <option key={group.idGrupo} value={group.idGrupo}>
                  {group.flPadrao === 'S'
                    ? `${group.nome} ${t('portal.timeline.defaultGroupSuffix')}`
                    : group.nome}
                </option>
              ))}
            </select>
          </div>
        )}
      </PageHeading>
      {selected ? (
        <EmptyState
          title={t('portal.timeline.emptyTitle')}
          description={t('portal.timeline.emptyDescription', { group: selected.nome })}
        />
      ) : (
        <EmptyState
          title={t('portal.timeline.noGroupsTitle')}
          description={t('portal.timeline.noGroupsDescription')}
        />
      )}
    </>
  );
}
