import { Permission } from '@elo/contract/enums';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { hasPermission, useKnownLoggedUser } from '#lib/session.ts';
import type { ChatController } from './chat-controller.ts';

// This file stays light (it sits above every page, the login page included): the socket, the
// frame schemas and the store load in their own chunk once someone allowed to chat signs in.
const ChatContext = createContext<ChatController | null>(null);

function ChatConnection({ me, children }: { me: number; children: ReactNode }) {
  const [controller, setController] = useState<ChatController | null>(null);
  useEffect(() => {
    let active: ChatController | null = null;
    let cancelled = false;
    void import('./chat-connection.ts').then(({ createAppChatController }) => {
      if (cancelled) return;
      active = createAppChatController(me);
      active.start();
      setController(active);
    });
    return () => {
      cancelled = true;
      active?.stop();
      setController(null);
    };
  }, [me]);
  return <ChatContext.Provider value={controller}>{children}</ChatContext.Provider>;
}

/**
 * Keeps the chat connected while someone allowed to chat is signed in, on every page, so the
 * unread total in the menu stays current (spec section 4: it connects only with a stored chat
 * token). Composed by the root layout, above the pages, which remount on navigation.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const user = useKnownLoggedUser();
  if (!user || !hasPermission(user, Permission.chat)) return <>{children}</>;
  return (
    <ChatConnection key={user.usuario.idUsuario} me={user.usuario.idUsuario}>
      {children}
    </ChatConnection>
  );
}

/** The chat's controller; null while it loads, outside ChatProvider, or for a user not allowed to chat. */
export function useOptionalChatController(): ChatController | null {
  return useContext(ChatContext);
}

/** The chat's controller, for components shown only inside a loaded chat page. */
export function useChatController(): ChatController {
  const controller = useContext(ChatContext);
  if (!controller) throw new Error('useChatController needs a loaded ChatProvider');
  return controller;
}
