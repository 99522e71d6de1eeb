import { chatSocketPath, type MensagemChat } from '@elo/contract/chat';
import { api } from '#lib/api.ts';
import { i18n } from '#lib/i18n/i18n.ts';
import '#lib/i18n/area-texts.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { readStorage, storageKeys } from '#lib/storage-keys.ts';
import { createChatController, type ChatController } from './chat-controller.ts';
export { keepChatOffline } from './chat-offline.ts';
import { useChatStore } from './chat-store.ts';
import { describeMessage } from './hooks/use-message-preview.ts';
import { notifyIfHidden, playIncomingSound } from './incoming-alert.ts';

/** The chat socket's address on the page's own host (ws, or wss under https). */
export function chatSocketUrl(location: Location = window.location): string {
  const url = new URL(chatSocketPath, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** The app's chat controller for the signed-in user: the real socket, API, toasts and alerts. */
export function createAppChatController(
  me: number,
  /** The company's name for the chat, or undefined ('{{name}} no chat'). */
  chatName: () => string | undefined = () => undefined,
): ChatController {
  return createChatController({
    me,
    socketUrl: chatSocketUrl(),
    getToken: () => readStorage(storageKeys.chatToken),
    api,
    showError: (error) => showErrorToast(typeof error === 'string' ? new Error(error) : error),
    onIncoming: (message: MensagemChat, inOpenRoom: boolean) => {
      const text = describeMessage(message, i18n.t);
      playIncomingSound();
      const chat = chatName();
      notifyIfHidden(
        chat
          ? i18n.t('portal.chat.notificationTitleNamed', { name: message.nomeUsuario, chat })
          : i18n.t('portal.chat.notificationTitle', { name: message.nomeUsuario }),
        text,
        `elo-chat-${message.idSala}`,
      );
      if (inOpenRoom) {
        useChatStore.getState().update(() => ({
          announcement: i18n.t('portal.chat.newMessageFrom', { name: message.nomeUsuario, text }),
        }));
      }
    },
  });
}
