import { keepEntry, keptEntry } from '#lib/offline/offline-store.ts';
import type { ChatState, RoomHistory } from './chat-state.ts';
import { useChatStore } from './chat-store.ts';

/*
 * The chat without a connection (issue 30): the conversation list and the last opened
 * conversations are kept on the device while the chat runs, and shown when the portal opens
 * without a connection. What was typed stays as a draft (lib/offline/drafts.ts).
 */

/** How many conversations keep their messages, and how many of the newest messages each. */
export const keptRooms = 5;
export const keptMessagesPerRoom = 100;

interface KeptChat {
  me: number;
  conversations: ChatState['conversations'];
  rooms: Record<number, RoomHistory>;
}

const entryKey = 'chat';

/** The part of the chat worth keeping: every conversation, the messages of the last opened ones. */
export function chatToKeep(state: ChatState, me: number, opened: readonly number[]): KeptChat {
  const rooms: Record<number, RoomHistory> = {};
  for (const idSala of opened.slice(0, keptRooms)) {
    const room = state.rooms[idSala];
    if (!room || room.messages.length === 0) continue;
    rooms[idSala] = {
      messages: room.messages.slice(-keptMessagesPerRoom),
      loadedPages: 1,
      totalPages: room.totalPages,
      anchor: room.anchor,
      loading: false,
    };
  }
  return { me, conversations: state.conversations, rooms };
}

/**
 * Keeps the chat on the device while it runs, and, opened without a connection, shows what was
 * kept. Returns the stop.
 */
export function keepChatOffline(me: number): () => void {
  // Without IndexedDB (some private windows, a test's page) the chat works, keeping nothing.
  if (typeof indexedDB === 'undefined') return () => undefined;
  const opened: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  if (!navigator.onLine) {
    void keptEntry<KeptChat>(entryKey)
      .then((kept) => {
        if (ended || !kept || kept.me !== me || useChatStore.getState().conversations.length > 0) return;
        useChatStore.getState().update(() => ({
          conversations: kept.conversations,
          conversationsLoaded: true,
          rooms: kept.rooms,
        }));
        opened.push(...Object.keys(kept.rooms).map(Number));
      })
      .catch(() => undefined);
  }
  const unsubscribe = useChatStore.subscribe((state, before) => {
    const idSala = state.activeRoomId;
    if (idSala !== null && idSala !== before.activeRoomId) {
      opened.splice(0, opened.length, idSala, ...opened.filter((item) => item !== idSala));
    }
    if (state.conversations === before.conversations && state.rooms === before.rooms) return;
    clearTimeout(timer);
    // A second after the last change: a burst of messages writes once.
    timer = setTimeout(() => {
      if (!ended)
        void keepEntry(entryKey, chatToKeep(useChatStore.getState(), me, opened)).catch(() => undefined);
    }, 1000);
  });
  return () => {
    ended = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
