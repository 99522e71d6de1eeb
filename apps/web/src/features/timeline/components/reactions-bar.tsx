import type { Postagem, consultaGestos } from '@elo/contract/calls/timeline';
import type { CallOutput } from '@elo/contract/define-call';
import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useReactToPost } from '../hooks/use-post-actions.ts';

/** A reaction the server offers (consultaGestos). */
export type Gesto = CallOutput<typeof consultaGestos>['listGestos'][number];

/**
 * The reactions of a post, one toggle button per gesto (aria-pressed marks the user's own). A
 * user has one reaction: choosing another replaces it, choosing the same again takes it back.
 * Until the gestos arrive (3 s after the page loads) only the total shows.
 */
export function ReactionsBar({ post, gestos }: { post: Postagem; gestos: readonly Gesto[] | undefined }) {
  const { t } = useTranslation();
  const react = useReactToPost();
  const baseId = useId();
  const labels: Record<string, string> = {
    curtir: t('portal.timeline.reactions.gestos.curtir'),
    amei: t('portal.timeline.reactions.gestos.amei'),
    parabens: t('portal.timeline.reactions.gestos.parabens'),
    genial: t('portal.timeline.reactions.gestos.genial'),
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 px-4 py-2">
      {gestos && gestos.length > 0 && (
        <div role="group" aria-label={t('portal.timeline.reactions.group')} className="flex flex-wrap gap-1">
          {gestos.map((gesto) => {
            const mine = post.idGestoUsuario === gesto.idGesto;
            const count = post.reacoes.find((reaction) => reaction.idGesto === gesto.idGesto)?.qtd ?? 0;
            const countId = `${baseId}-${gesto.idGesto}`;
            return (
              <button
                key={gesto.idGesto}
                type="button"
                aria-label={labels[gesto.codigo] ?? gesto.codigo}
                aria-describedby={countId}
                aria-pressed={mine}
                disabled={react.isPending}
                onClick={() =>
                  react.mutate({ idMensagem: post.idMensagem, idGesto: mine ? null : gesto.idGesto })
                }
                className={clsx(
                  'inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm font-medium',
                  'disabled:cursor-wait',
                  mine
                    ? 'border-primary-600 bg-primary-50 text-primary-ink'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
                )}
              >
                <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
                  <path d={gesto.pathSvg} fill="currentColor" />
                </svg>
                <span aria-hidden="true">{count}</span>
                {/* The name stays the gesto's; the count is read as the description. */}
                <span id={countId} hidden>
                  {t('portal.timeline.reactions.gestoCount', { count })}
                </span>
              </button>
            );
          })}
        </div>
      )}
      <p className="text-sm text-slate-700">
        {t('portal.timeline.reactions.count', { count: post.qtdReacoes })}
      </p>
    </div>
  );
}
