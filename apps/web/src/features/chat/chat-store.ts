import type { ChatEvent } from '@elo/contract/chat';
import { create } from 'zustand';
import { applyChatEvent, initialChatState, type ChatState } from './chat-state.ts';

interface ChatStore extends ChatState {
  /** Applies a server event for the signed-in user `me`. */
  applyEvent: (event: ChatEvent, me: number) => void;
  /** Changes the state with a pure function of it. */
  update: (change: (state: ChatState) => Partial<ChatState>) => void;
  reset: () => void;
}

/** The chat's client state: conversations, open room, histories, presence, unread total. */
export const useChatStore = create<ChatStore>()((set) => ({
  ...initialChatState,
  applyEvent: (event, me) => set((state) => applyChatEvent(state, event, me)),
  update: (change) => set((state) => change(state)),
  reset: () => set(initialChatState),
}));

/** The user's unread chat messages in total (the menu badge and the dashboard). */
export function useChatUnreadTotal(): number {
  return useChatStore((state) => state.unreadTotal);
}
