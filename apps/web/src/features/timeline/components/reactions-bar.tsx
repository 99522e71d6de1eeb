import type { Postagem, consultaGestos } from '@elo/contract/calls/timeline';
import type { CallOutput } from '@elo/contract/define-call';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '#ui/icons.tsx';
import { useReactToPost } from '../hooks/use-post-actions.ts';

/** A reaction the server offers (consultaGestos). */
export type Gesto = CallOutput<typeof consultaGestos>['listGestos'][number];

function GestoIcon({ gesto, size = 18 }: { gesto: Gesto; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={gesto.pathSvg} fill="currentColor" />
    </svg>
  );
}

/**
 * The reactions of a post. The reaction button gives the first gesto (Curtir) or, when the user
 * has reacted, shows their gesto and takes it back. The picker beside it (a menu of radio items,
 * opened by its own button with the pointer or the keyboard) chooses any gesto; a user has one
 * reaction, so choosing another replaces it. The summary shows the gestos
 * people chose with their counts. Until the gestos arrive (3 s after the page loads) only the
 * total shows.
 */
export function ReactionsBar({ post, gestos }: { post: Postagem; gestos: readonly Gesto[] | undefined }) {
  const { t } = useTranslation();
  const react = useReactToPost();

  const names: Record<string, string> = {
    curtir: t('portal.timeline.reactions.gestos.curtir'),
    amei: t('portal.timeline.reactions.gestos.amei'),
    parabens: t('portal.timeline.reactions.gestos.parabens'),
    genial: t('portal.timeline.reactions.gestos.genial'),
  };
  const nameOf = (gesto: Gesto) => names[gesto.codigo] ?? gesto.codigo;
  const countOf = (gesto: Gesto) =>
    post.reacoes.find((reaction) => reaction.idGesto === gesto.idGesto)?.qtd ?? 0;
  const choose = (idGesto: number | null) => react.mutate({ idMensagem: post.idMensagem, idGesto });

  const first = gestos?.[0];
  const mine = gestos?.find((gesto) => gesto.idGesto === post.idGestoUsuario);
  const shown = mine ?? first;
  const chosen = gestos?.filter((gesto) => countOf(gesto) > 0) ?? [];

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-slate-200 px-4 py-2">
      {shown && gestos && (
        <div role="group" aria-label={t('portal.timeline.reactions.group')} className="flex items-stretch">
          <button
            type="button"
            aria-pressed={Boolean(mine)}
            disabled={react.isPending}
            onClick={() => choose(mine ? null : shown.idGesto)}
            className={clsx(
              'inline-flex min-h-9 items-center gap-1.5 rounded-l-full border px-3 text-sm font-medium',
              'disabled:cursor-wait',
              mine
                ? 'border-primary-600 bg-primary-50 text-primary-ink'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
            )}
          >
            <GestoIcon gesto={shown} />
            {nameOf(shown)}
          </button>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              aria-label={t('portal.timeline.reactions.choose')}
              disabled={react.isPending}
              className="inline-flex min-h-9 items-center rounded-r-full border border-l-0 border-slate-300 bg-white px-2 text-slate-700 hover:bg-slate-100 disabled:cursor-wait"
            >
              <ChevronDownIcon />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                side="top"
                align="start"
                sideOffset={6}
                className="z-40 flex gap-1 rounded-full border border-slate-200 bg-white p-1 shadow-lg"
              >
                <DropdownMenu.RadioGroup
                  value={mine ? String(mine.idGesto) : ''}
                  onValueChange={(value) => choose(Number(value))}
                  className="flex gap-1"
                >
                  {gestos.map((gesto) => (
                    <DropdownMenu.RadioItem
                      key={gesto.idGesto}
                      value={String(gesto.idGesto)}
                      aria-label={nameOf(gesto)}
                      title={nameOf(gesto)}
                      className={clsx(
                        'flex size-11 cursor-pointer items-center justify-center rounded-full outline-none select-none',
                        'text-slate-700 data-[highlighted]:bg-primary-50 data-[highlighted]:text-primary-ink',
                        'data-[state=checked]:bg-primary-100 data-[state=checked]:text-primary-ink',
                      )}
                    >
                      <GestoIcon gesto={gesto} size={24} />
                    </DropdownMenu.RadioItem>
                  ))}
                </DropdownMenu.RadioGroup>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      )}
      {chosen.length > 0 && (
        <ul aria-label={t('portal.timeline.reactions.summary')} className="flex items-center gap-2">
          {chosen.map((gesto) => (
            <li key={gesto.idGesto} className="inline-flex items-center gap-1 text-sm text-font-secondary">
              <GestoIcon gesto={gesto} size={16} />
              <span className="sr-only">{nameOf(gesto)}:</span>
              {countOf(gesto)}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-font-secondary">
        {t('portal.timeline.reactions.count', { count: post.qtdReacoes })}
      </p>
    </div>
  );
}
