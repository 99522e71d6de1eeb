import * as Popover from '@radix-ui/react-popover';
import clsx from 'clsx';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Notificacao } from '@elo/contract/calls/notifications';
import { NotificationType } from '@elo/contract/enums';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import {
  useMarkNotificationsRead,
  useNotificationList,
  useUnreadNotifications,
} from '../hooks/use-notifications.ts';
import { useNotificationStream } from '../hooks/use-notification-stream.ts';
import { NotificationPreferencesDialog } from './notification-preferences-dialog.tsx';
import { ReminderSnoozeButtons } from './reminder-snooze-buttons.tsx';

function BellIcon() {
  return (
    <svg
      width={22}
      height={22}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * An entry's heading: for comments of several people grouped on one post, who commented
 * ('Carlos e mais 2 comentaram sua publicação'); otherwise the notification's own title.
 */
function entryTitle(item: Notificacao, t: TFunction): string {
  const [latest] = item.nomes;
  if (item.tipo === NotificationType.postComment && item.qtdPessoas > 1 && latest) {
    return t('notifications.groupedComment', { name: latest, count: item.qtdPessoas - 1 });
  }
  return item.titulo;
}

/**
 * The bell of the portal's and the administration's headers: the unread count (live, from the
 * stream), and a list where choosing an item marks it read and opens what it is about.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  useNotificationStream();
  const unread = useUnreadNotifications().data ?? 0;
  const list = useNotificationList(open);
  const markRead = useMarkNotificationsRead();
  const language = currentLanguage();

  // An item shown twice (a live one pushing the pages) is listed once.
  const seen = new Set<number>();
  const items = (list.data?.pages ?? [])
    .flatMap((page) => page.listNotificacoes)
    .filter((item) => !seen.has(item.idNotificacao) && seen.add(item.idNotificacao));

  const choose = (item: Notificacao) => {
    if (item.flLida === 'N') markRead.mutate([item.idNotificacao]);
    setOpen(false);
    if (item.link) void navigate(item.link);
  };

  return (
    <>
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) void list.refetch();
        }}
      >
        <Popover.Trigger
          aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
          className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <BellIcon />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-labelledby="notification-list-heading"
            role="dialog"
            className="z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-md border border-slate-200 bg-white shadow-lg"
          >
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
              <h2 id="notification-list-heading" className="text-base font-semibold text-slate-900">
                {t('notifications.heading')}
              </h2>
              <Button
                variant="tertiary"
                size="sm"
                disabled={unread === 0}
                onClick={() => markRead.mutate('all')}
              >
                {t('notifications.markAll')}
              </Button>
            </div>
            <div className="flex-1 overflow-y-auto">
              {list.isPending ? (
                <div className="px-4 py-6 text-primary-ink">
                  <Spinner label={t('notifications.loading')} />
                </div>
              ) : list.isError ? (
                <p className="px-4 py-6 text-sm text-red-700" role="alert">
                  {t('notifications.loadFailed')}
                </p>
              ) : items.length === 0 ? (
                <p className="px-4 py-6 text-sm text-slate-700">{t('notifications.empty')}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {items.map((item) => (
                    <li key={item.idNotificacao}>
                      <button
                        type="button"
                        onClick={() => choose(item)}
                        className={clsx(
                          'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50',
                          item.flLida === 'N' && 'bg-primary-50',
                        )}
                      >
                        <span
                          aria-hidden="true"
                          className={clsx(
                            'mt-1.5 size-2 shrink-0 rounded-full',
                            item.flLida === 'N' ? 'bg-primary-600' : 'bg-transparent',
                          )}
                        />
                        <span className="min-w-0 flex-1">
                          {item.flLida === 'N' && (
                            <span className="sr-only">{t('notifications.unread')}: </span>
                          )}
                          <span
                            className={clsx(
                              'block text-sm text-slate-900',
                              item.flLida === 'N' ? 'font-semibold' : 'font-medium',
                            )}
                          >
                            {entryTitle(item, t)}
                          </span>
                          {/* Spaces keep the parts apart in the accessible name however they are styled. */}{' '}
                          {item.texto && (
                            <span className="mt-0.5 line-clamp-2 block text-sm text-slate-700">
                              {item.texto}
                            </span>
                          )}{' '}
                          <span className="mt-1 block text-xs text-slate-600">
                            {formatDateTime(item.dtCriacao, language)}
                          </span>
                        </span>
                      </button>
                      <ReminderSnoozeButtons item={item} />
                    </li>
                  ))}
                </ul>
              )}
              {list.hasNextPage && (
                <div className="px-4 py-3">
                  <Button
                    variant="secondary"
                    size="sm"
                    className="w-full"
                    loading={list.isFetchingNextPage}
                    onClick={() => void list.fetchNextPage()}
                  >
                    {t('notifications.loadMore')}
                  </Button>
                </div>
              )}
            </div>
            <div className="border-t border-slate-200 px-4 py-2">
              <Button
                variant="tertiary"
                size="sm"
                onClick={() => {
                  setOpen(false);
                  setPreferencesOpen(true);
                }}
              >
                {t('notifications.preferences')}
              </Button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {preferencesOpen && (
        <NotificationPreferencesDialog open={preferencesOpen} onOpenChange={setPreferencesOpen} />
      )}
    </>
  );
}
