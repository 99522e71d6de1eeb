import type { HistoricoConversa } from '@elo/contract/chat';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKind, formatTime } from '../chat-format.ts';
import { isConversationOnline } from '../chat-state.ts';
import { useMessagePreview } from '../hooks/use-message-preview.ts';
import { usePresenceLabel } from '../hooks/use-presence-label.ts';
import { formatDate } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { ChatAvatar } from './chat-avatar.tsx';

function normalized(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The user's conversations, newest activity first, with a filter by name. */
export function ConversationList({
  conversations,
  online,
  me,
  activeRoomId,
  onOpen,
}: {
  conversations: readonly HistoricoConversa[];
  online: readonly number[];
  me: number;
  activeRoomId: number | null;
  onOpen: (idSala: number) => void;
}) {
  const { t } = useTranslation();
  const describe = useMessagePreview();
  const presenceLabel = usePresenceLabel();
  const searchId = useId();
  const [filter, setFilter] = useState('');
  const shown = filter.trim()
    ? conversations.filter((conversation) =>
        normalized(conversation.descricao).includes(normalized(filter.trim())),
      )
    : conversations;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 p-3">
        <label htmlFor={searchId} className="sr-only">
          {t('portal.chat.searchConversations')}
        </label>
        <input
          id={searchId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t('portal.chat.searchConversations')}
          className="min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600"
        />
      </div>
      {shown.length === 0 ? (
        <p className="p-4 text-sm text-slate-700">
          {filter.trim() ? t('portal.chat.noMatches') : t('portal.chat.emptyDescription')}
        </p>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto" aria-label={t('portal.chat.conversations')}>
          {shown.map((conversation) => {
            const isOnline = isConversationOnline(conversation, online, me);
            const unread = conversation.qtdMensagensNaoLidas;
            const mine = conversation.idUsuarioUltimaMensagem === me;
            const preview =
              conversation.idMensagem === null
                ? t('portal.chat.preview.none')
                : `${mine ? `${t('portal.chat.you')}: ` : ''}${describe(conversation)}`;
            const when =
              conversation.idMensagem === null
                ? ''
                : dayKind(conversation.dtEnvio) === 'today'
                  ? formatTime(conversation.dtEnvio)
                  : formatDate(conversation.dtEnvio, currentLanguage());
            const active = conversation.idSala === activeRoomId;
            return (
              <li key={conversation.idSala}>
                <button
                  type="button"
                  onClick={() => onOpen(conversation.idSala)}
                  aria-current={active ? 'true' : undefined}
                  className={clsx(
                    'flex w-full items-center gap-3 border-b border-slate-100 px-3 py-3 text-left',
                    active ? 'bg-primary-50' : 'hover:bg-slate-50',
                  )}
                >
                  <ChatAvatar
                    name={conversation.descricao}
                    photoUrl={conversation.urlFoto}
                    online={isOnline}
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-medium text-font-primary">{conversation.descricao}</span>
                      <span className="shrink-0 text-xs text-font-secondary">{when}</span>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span
                        className={clsx(
                          'truncate text-sm',
                          unread > 0 ? 'font-semibold text-font-primary' : 'text-font-secondary',
                        )}
                      >
                        {preview}
                      </span>
                      {unread > 0 && (
                        <span className="shrink-0 rounded-full bg-primary-600 px-2 text-xs font-semibold text-on-primary">
                          <span aria-hidden="true">{unread}</span>
                          <span className="sr-only">{t('portal.chat.unread', { count: unread })}</span>
                        </span>
                      )}
                    </span>
                    <span className="sr-only">
                      {conversation.flGrupo === 'S' ? `${t('portal.chat.group')}, ` : ''}
                      {presenceLabel(isOnline)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
