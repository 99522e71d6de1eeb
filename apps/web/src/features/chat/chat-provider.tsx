import { Permission } from '@elo/contract/enums';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useKnownLoggedUser } from '#lib/session.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { ChatController } from './chat-controller.ts';
import { useCompanyFunctionName } from '#lib/function-names.ts';

/** The chat's connection as the pages see it: the controller once its code loaded, or the failure. */
interface ChatConnectionState {
  controller: ChatController | null;
  /** The chat's code could not be loaded (the connection dropped); it is tried again on its own. */
  failed: boolean;
  /** Tries to load the chat's code again now. */
  retry: () => void;
}

const noChat: ChatConnectionState = { controller: null, failed: false, retry: () => undefined };

// This file stays light (it sits above every page, the login page included): the socket, the
// frame schemas and the store load in their own chunk once someone allowed to chat signs in.
const ChatContext = createContext<ChatConnectionState>(noChat);

/** First pause before loading the chat's code again (spec section 9: reconnect after 500 ms), doubled each time. */
const retryDelayMs = 500;
const maxRetryDelayMs = 30_000;

/**
 * The connection of one person allowed to chat. It renders nothing and reports its state up, so
 * starting or ending it (sign-in, sign-out) never remounts the pages beside it.
 */
function ChatConnection({ me, onState }: { me: number; onState: (state: ChatConnectionState) => void }) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const [controller, setController] = useState<ChatController | null>(null);
  const [failures, setFailures] = useState(0);
  const [attempt, setAttempt] = useState(0);
  // The company's name for the chat, read when a notification is shown.
  const chatName = useCompanyFunctionName(Permission.chat);
  const chatNameRef = useRef(chatName);
  useEffect(() => {
    chatNameRef.current = chatName;
  }, [chatName]);

  useEffect(() => {
    let active: ChatController | null = null;
    let stopKeeping: (() => void) | undefined;
    let cancelled = false;
    import('./chat-connection.ts').then(
      ({ createAppChatController, keepChatOffline }) => {
        if (cancelled) return;
        active = createAppChatController(me, () => chatNameRef.current);
        // Kept on the device for reading without a connection, and shown when opened without one.
        stopKeeping = keepChatOffline(me);
        active.start();
        setFailures(0);
        setController(active);
      },
      () => {
        if (!cancelled) setFailures((count) => count + 1);
      },
    );
    return () => {
      cancelled = true;
      stopKeeping?.();
      active?.stop();
      setController(null);
    };
  }, [me, attempt]);

  // Back online, or the tab seen again: the socket tries at once instead of waiting out its back-off.
  useEffect(() => {
    if (!controller) return;
    const retrySoon = () => {
      if (document.visibilityState === 'visible') controller.retryNow();
    };
    window.addEventListener('online', retrySoon);
    document.addEventListener('visibilitychange', retrySoon);
    return () => {
      window.removeEventListener('online', retrySoon);
      document.removeEventListener('visibilitychange', retrySoon);
    };
  }, [controller]);

  // Spec section 8: 'Erro ao conectar no chat!' once per outage; then the code is asked for again,
  // sooner when the browser says it is back online.
  useEffect(() => {
    if (failures === 0) return;
    if (failures === 1) showToast({ type: 'error', message: t('portal.chat.connectionError') });
    const again = () => setAttempt((count) => count + 1);
    const timer = setTimeout(again, Math.min(retryDelayMs * 2 ** (failures - 1), maxRetryDelayMs));
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [failures, showToast, t]);

  const failed = controller === null && failures > 0;
  useEffect(() => {
    onState({ controller, failed, retry: () => setAttempt((count) => count + 1) });
  }, [controller, failed, onState]);
  useEffect(() => () => onState(noChat), [onState]);
  return null;
}

/**
 * Keeps the chat connected while someone allowed to chat is signed in, on every page, so the
 * unread total in the menu stays current (spec section 4: it connects only with a stored chat
 * token). Composed by the root layout, above the layouts and pages.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const user = useKnownLoggedUser();
  const [state, setState] = useState<ChatConnectionState>(noChat);
  const me = user && hasPermission(user, Permission.chat) ? user.usuario.idUsuario : null;
  // The same tree with or without a connection: signing in or out must not remount the pages (the
  // logout page would end the session twice, a form would lose what was typed).
  return (
    <ChatContext.Provider value={me === null ? noChat : state}>
      {me !== null && <ChatConnection key={me} me={me} onState={setState} />}
      {children}
    </ChatContext.Provider>
  );
}

/** The chat's controller; null while it loads, outside ChatProvider, or for a user not allowed to chat. */
export function useOptionalChatController(): ChatController | null {
  return useContext(ChatContext).controller;
}

/** Whether the chat's code failed to load, and a way to try again now. */
export function useChatLoadFailure(): { failed: boolean; retry: () => void } {
  const { failed, retry } = useContext(ChatContext);
  return { failed, retry };
}

/** The chat's controller, for components shown only inside a loaded chat page. */
export function useChatController(): ChatController {
  const { controller } = useContext(ChatContext);
  if (!controller) throw new Error('useChatController needs a loaded ChatProvider');
  return controller;
}
