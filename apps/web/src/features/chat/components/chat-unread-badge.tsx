import { useTranslation } from 'react-i18next';
import { useChatUnreadTotal } from '../chat-store.ts';

/** The unread chat total for the app menu (hidden at zero); the chat stays connected app-wide. */
export function ChatUnreadBadge() {
  const { t } = useTranslation();
  const unread = useChatUnreadTotal();
  if (unread <= 0) return null;
  return (
    <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white" data-testid="chat-unread">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{t('nav.unreadChat', { count: unread })}</span>
    </span>
  );
}
