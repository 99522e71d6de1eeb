import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Permission } from '@elo/contract/enums';
import { useFunctionName } from '#lib/function-names.ts';
import { queryParams } from '#lib/paths.ts';
import { hasPermission, useKnownLoggedUser } from '#lib/session.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { RetryButton } from '#ui/load-failed-alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { PageSpinner, Spinner } from '#ui/spinner.tsx';
import type { ChatController } from '../chat-controller.ts';
import { useChatLoadFailure, useOptionalChatController } from '../chat-provider.tsx';
import { useChatStore } from '../chat-store.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationView } from '../components/conversation-view.tsx';
import { GroupDialog } from '../components/group-dialog.tsx';
import { PeopleDialog } from '../components/people-dialog.tsx';

function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The chat (/painel/chat; needs ADMIN_APP_TAB_MENSAGENS): conversations beside the open one. */
export function ChatPage() {
  const { t } = useTranslation();
  const controller = useOptionalChatController();
  const loadFailure = useChatLoadFailure();
  const allowed = hasPermission(useKnownLoggedUser(), Permission.chat);
  // The company's own name for the chat ('Conversas'), or the portal's.
  const title = useFunctionName(Permission.chat, t('portal.chat.title'));
  if (!controller && allowed) {
    return (
      <>
        <PageHeading title={title} />
        {loadFailure.failed ? (
          // The chat's code could not be loaded: it is tried again on its own, or now by the button.
          <Alert type="error" actions={<RetryButton onRetry={loadFailure.retry} />}>
            {t('portal.chat.connectionError')}
          </Alert>
        ) : (
          <PageSpinner label={t('common.loading')} />
        )}
      </>
    );
  }
  // Reached without the permission only when the guards were skipped (a token query): no chat then.
  if (!controller) {
    return (
      <>
        <PageHeading title={title} />
        <EmptyState title={t('portal.chat.emptyTitle')} description={t('portal.chat.emptyDescription')} />
      </>
    );
  }
  return <ChatScreen controller={controller} />;
}

function ChatScreen({ controller }: { controller: ChatController }) {
  const { t } = useTranslation();
  const user = useKnownLoggedUser();
  const me = user?.usuario.idUsuario ?? 0;
  const title = useFunctionName(Permission.chat, t('portal.chat.title'));
  const conversations = useChatStore((state) => state.conversations);
  const loaded = useChatStore((state) => state.conversationsLoaded);
  const online = useChatStore((state) => state.online);
  const activeRoomId = useChatStore((state) => state.activeRoomId);
  const announcement = useChatStore((state) => state.announcement);
  const failing = useChatStore((state) => state.connectionFailing);
  const [dialog, setDialog] = useState<'people' | 'group' | null>(null);
  const [permission, setPermission] = useState(notificationPermission);
  const active = conversations.find((conversation) => conversation.idSala === activeRoomId) ?? null;

  useEffect(() => {
    controller.setPageOpen(true);
    return () => controller.setPageOpen(false);
  }, [controller]);

  // A link into a conversation (the portal's search): `sala` opens a room, `pessoa` the
  // conversation with a person; once the list is loaded, and then the address forgets them.
  const [params, setParams] = useSearchParams();
  const roomParam = Number(params.get(queryParams.chatRoom)) || 0;
  const personParam = Number(params.get(queryParams.chatPerson)) || 0;
  useEffect(() => {
    if (!loaded || (!roomParam && !personParam)) return;
    setParams({}, { replace: true });
    if (roomParam) controller.openRoom(roomParam);
    else controller.startPersonChat(personParam);
  }, [loaded, roomParam, personParam, controller, setParams]);

  return (
    <>
      <PageHeading title={title}>
        {/* On a narrow screen an open conversation takes the room: starting another waits for the list. */}
        <div className={clsx('flex-wrap gap-2', active ? 'hidden md:flex' : 'flex')}>
          {permission === 'default' && (
            <Button
              variant="tertiary"
              onClick={() => void Notification.requestPermission().then((answer) => setPermission(answer))}
            >
              {t('portal.chat.enableNotifications')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setDialog('group')}>
            {t('portal.chat.newGroup')}
          </Button>
          <Button onClick={() => setDialog('people')}>{t('portal.chat.newChat')}</Button>
        </div>
      </PageHeading>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {failing && (
        // One status while connecting fails, not a toast per attempt; gone once connected.
        <Alert
          type="warning"
          title={t('portal.chat.connectionError')}
          actions={
            <Button size="sm" variant="secondary" onClick={controller.retryNow}>
              {t('portal.chat.retryNow')}
            </Button>
          }
          className="mb-3"
        >
          {t('portal.chat.connectionAdvice')}
        </Alert>
      )}
      {!loaded ? (
        <div className="flex justify-center p-10 text-primary-ink">
          <Spinner label={t('common.loading')} size="lg" />
        </div>
      ) : (
        // The box fits the screen below the headers, so the composer is always in sight.
        <div className="flex h-[calc(100dvh-16rem)] min-h-[28rem] overflow-hidden rounded-lg border border-slate-200 bg-white md:h-[calc(100vh-14rem)]">
          <nav
            aria-label={t('portal.chat.conversations')}
            className={clsx(
              'w-full flex-col border-r border-slate-200 md:flex md:w-80 md:shrink-0',
              active ? 'hidden' : 'flex',
            )}
          >
            <ConversationList
              conversations={conversations}
              online={online}
              me={me}
              activeRoomId={activeRoomId}
              onOpen={controller.openRoom}
            />
          </nav>
          <div className={clsx('min-w-0 flex-1 flex-col', active ? 'flex' : 'hidden md:flex')}>
            {active ? (
              <ConversationView
                key={active.idSala}
                conversation={active}
                me={me}
                myName={user?.usuario.nome ?? ''}
                onBack={controller.closeRoom}
              />
            ) : (
              <div className="m-auto p-6">
                <EmptyState
                  title={
                    conversations.length === 0 ? t('portal.chat.emptyTitle') : t('portal.chat.pickTitle')
                  }
                  description={
                    conversations.length === 0
                      ? t('portal.chat.emptyDescription')
                      : t('portal.chat.pickDescription')
                  }
                />
              </div>
            )}
          </div>
        </div>
      )}
      {dialog === 'people' && (
        <PeopleDialog
          open
          onOpenChange={(open) => setDialog(open ? 'people' : null)}
          onChoose={(idUsuario) => {
            setDialog(null);
            controller.startPersonChat(idUsuario);
          }}
        />
      )}
      {dialog === 'group' && (
        <GroupDialog
          open
          onOpenChange={(open) => setDialog(open ? 'group' : null)}
          onCreated={(idSala) => {
            setDialog(null);
            void controller.loadConversations().then(() => controller.openRoom(idSala));
          }}
        />
      )}
    </>
  );
}
