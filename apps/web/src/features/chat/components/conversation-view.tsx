import { draftKey } from '#lib/offline/drafts.ts';
import type { HistoricoConversa, MensagemChat } from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { dayKind, groupByDay } from '../chat-format.ts';
import { useChatController } from '../chat-provider.tsx';
import { emptyRoom, isConversationOnline } from '../chat-state.ts';
import { useChatStore } from '../chat-store.ts';
import { useGroupMembers } from '../hooks/use-group-members.ts';
import { usePresenceLabel } from '../hooks/use-presence-label.ts';
import type { MentionCandidate } from '../mention-query.ts';
import { ChatAvatar } from './chat-avatar.tsx';
import { Composer, type ComposedMessage } from './composer.tsx';
import { LeaveGroupButton } from './leave-group-button.tsx';
import { MessageItem, PendingItem } from './message-item.tsx';
import { useFunctionText } from '#lib/function-names.ts';
import { Permission } from '@elo/contract/enums';

const noPending: never[] = [];

/** The open conversation: header, history by day (older pages on scrolling up), composer. */
export function ConversationView({
  conversation,
  me,
  myName,
  onBack,
}: {
  conversation: HistoricoConversa;
  me: number;
  myName: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const backLabel = useFunctionText(Permission.chat, t('portal.chat.backToList'), (name) =>
    t('portal.chat.backToListNamed', { name }),
  );
  const presenceLabel = usePresenceLabel();
  const controller = useChatController();
  const idSala = conversation.idSala;
  const room = useChatStore((state) => state.rooms[idSala]) ?? emptyRoom;
  const allPending = useChatStore((state) => state.pending);
  const pending = useMemo(
    () => (allPending.length ? allPending.filter((item) => item.idSala === idSala) : noPending),
    [allPending, idSala],
  );
  const online = useChatStore((state) => state.online);
  const connected = useChatStore((state) => state.connected);
  const isGroup = conversation.flGrupo === 'S';
  const group = useGroupMembers(idSala, isGroup).data;
  const [file, setFile] = useState<File | null>(null);
  const [editing, setEditing] = useState<MensagemChat | null>(null);
  const [deleting, setDeleting] = useState<{ message: MensagemChat; forEveryone: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const scrollMemory = useRef<{
    firstId: number | null;
    lastId: number | null;
    height: number;
    pinned: boolean;
  }>({
    firstId: null,
    lastId: null,
    height: 0,
    pinned: true,
  });

  const people = useMemo(() => {
    const map = new Map<number, string>([[me, myName]]);
    if (conversation.idUsuario !== null) map.set(conversation.idUsuario, conversation.descricao);
    for (const member of group?.usuariosDoGrupo ?? []) map.set(member.idUsuario, member.nome);
    return map;
  }, [me, myName, conversation.idUsuario, conversation.descricao, group]);
  const candidates: MentionCandidate[] = useMemo(
    () => [...people].filter(([id]) => id !== me).map(([idUsuario, nome]) => ({ idUsuario, nome })),
    [people, me],
  );
  const mentionNames = useCallback(
    (ids: readonly number[]) =>
      ids.map((id) => people.get(id)).filter((name): name is string => Boolean(name)),
    [people],
  );

  const hasOlder = room.loadedPages > 0 && room.loadedPages < room.totalPages;
  const firstId = room.messages[0]?.idMensagem ?? null;
  const lastId = room.messages.at(-1)?.idMensagem ?? null;

  // Keeps the view on the newest message as messages arrive, and in place when older ones load.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const memory = scrollMemory.current;
    const olderLoaded = memory.firstId !== null && firstId !== memory.firstId && lastId === memory.lastId;
    if (olderLoaded) element.scrollTop += element.scrollHeight - memory.height;
    else if (memory.pinned || memory.lastId === null) element.scrollTop = element.scrollHeight;
    memory.firstId = firstId;
    memory.lastId = lastId;
    memory.height = element.scrollHeight;
  }, [firstId, lastId, pending.length]);

  useEffect(() => {
    const sentinel = topSentinel.current;
    const root = scroller.current;
    if (!sentinel || !root || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) controller.loadOlder(idSala);
      },
      { root, rootMargin: '80px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [controller, idSala, hasOlder, firstId]);

  const chooseFile = (chosen: File | null) => {
    if (chosen && chosen.size > limits.mediaMaxBytes) {
      useToastStore.getState().showToast({ type: 'error', message: t('portal.chat.composer.tooLarge') });
      return;
    }
    setFile(chosen);
  };

  const send = (message: ComposedMessage) => {
    scrollMemory.current.pinned = true;
    void controller.sendMessage({ idSala, ...message });
  };

  const days = groupByDay(room.messages, (message) => message.dtEnvio);
  const isOnline = isConversationOnline(conversation, online, me);
  const status = isGroup
    ? t('portal.chat.members', { count: conversation.membros.length })
    : presenceLabel(isOnline);

  return (
    <section
      aria-labelledby={`chat-room-${idSala}`}
      className="relative flex min-h-0 flex-1 flex-col"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped) chooseFile(dropped);
      }}
    >
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-2">
        <button
          type="button"
          onClick={onBack}
          className="rounded-md px-2 py-1 text-sm font-medium text-primary-ink hover:bg-primary-50 md:hidden"
        >
          {backLabel}
        </button>
        <ChatAvatar
          name={conversation.descricao}
          photoUrl={conversation.urlFoto}
          online={isGroup ? undefined : isOnline}
        />
        <div className="min-w-0">
          <h2 id={`chat-room-${idSala}`} className="truncate font-semibold text-slate-900">
            {conversation.descricao}
          </h2>
          <p className="truncate text-sm text-slate-700">
            {status}
            {isGroup && group ? `: ${group.usuariosDoGrupo.map((member) => member.nome).join(', ')}` : ''}
          </p>
        </div>
        {isGroup && (
          <div className="ml-auto">
            <LeaveGroupButton
              idSala={idSala}
              name={conversation.descricao}
              onLeft={() => {
                onBack();
                void controller.loadConversations();
              }}
            />
          </div>
        )}
      </header>
      {!connected && (
        <p role="status" className="bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('portal.chat.offline')}
        </p>
      )}
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={t('portal.chat.messagesWith', { name: conversation.descricao })}
        onScroll={(event) => {
          const element = event.currentTarget;
          scrollMemory.current.pinned = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
        }}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3"
      >
        <div ref={topSentinel} />
        {hasOlder && (
          <div className="mb-3 flex justify-center">
            <Button
              size="sm"
              variant="secondary"
              loading={room.loading}
              onClick={() => controller.loadOlder(idSala)}
            >
              {t('portal.chat.loadOlder')}
            </Button>
          </div>
        )}
        {room.loadedPages === 0 && room.loading && (
          <div className="flex justify-center p-6 text-primary-ink">
            <Spinner label={t('portal.chat.loadingMessages')} />
          </div>
        )}
        {room.loadedPages > 0 && !hasOlder && room.messages.length > 0 && (
          <p className="mb-3 text-center text-xs text-slate-600">{t('portal.chat.startOfConversation')}</p>
        )}
        {room.loadedPages > 0 && room.messages.length === 0 && pending.length === 0 && (
          <p className="p-6 text-center text-slate-700">{t('portal.chat.noMessages')}</p>
        )}
        {days.map((day) => {
          const kind = dayKind(day.date);
          const label =
            kind === 'today'
              ? t('portal.chat.today')
              : kind === 'yesterday'
                ? t('portal.chat.yesterday')
                : formatDate(day.date, currentLanguage());
          return (
            <Fragment key={day.day}>
              <h3 className="my-3 flex items-center gap-3 text-xs font-medium text-slate-700">
                <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
                {label}
                <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
              </h3>
              <ul className="flex flex-col gap-2">
                {day.items.map((message) => (
                  <MessageItem
                    key={message.idMensagem}
                    message={message}
                    me={me}
                    showAuthor={isGroup}
                    mentionNames={mentionNames}
                    onEdit={setEditing}
                    onDelete={(target, forEveryone) => setDeleting({ message: target, forEveryone })}
                  />
                ))}
              </ul>
            </Fragment>
          );
        })}
        {pending.length > 0 && (
          <ul className="mt-2 flex flex-col gap-2">
            {pending.map((item) => (
              <PendingItem key={item.idMensagemCliente} pending={item} />
            ))}
          </ul>
        )}
      </div>
      {dragging && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-lg border-2 border-dashed border-primary-600 bg-white/90 text-lg font-semibold text-primary-ink">
          {t('portal.chat.composer.dropHere')}
        </div>
      )}
      <Composer
        key={editing ? `edit-${editing.idMensagem}` : `new-${idSala}`}
        draftKey={draftKey(me, `chat:${idSala}`)}
        candidates={candidates}
        file={file}
        onFileChange={chooseFile}
        editingText={editing?.mensagem}
        onSend={send}
        onSaveEdit={(text) => {
          if (editing && text !== editing.mensagem) controller.editMessage(editing.idMensagem, text);
          setEditing(null);
        }}
        onCancelEdit={() => setEditing(null)}
      />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        size="sm"
        title={t('portal.chat.confirmDeleteTitle')}
        description={
          deleting?.forEveryone ? t('portal.chat.confirmDeleteForAll') : t('portal.chat.confirmDeleteForMe')
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (deleting) controller.deleteMessage(deleting.message.idMensagem, deleting.forEveryone);
                setDeleting(null);
              }}
            >
              {t('portal.chat.confirmDelete')}
            </Button>
          </>
        }
      />
    </section>
  );
}
