import type { MensagemChat } from '@elo/contract/chat';
import { describe, expect, it } from 'vitest';
import { chatToKeep, keptMessagesPerRoom, keptRooms } from './chat-offline.ts';
import { emptyRoom, initialChatState, type ChatState } from './chat-state.ts';

const message = (idSala: number, idMensagem: number) => ({ idSala, idMensagem }) as unknown as MensagemChat;

function stateWith(rooms: Record<number, number>): ChatState {
  return {
    ...initialChatState,
    rooms: Object.fromEntries(
      Object.entries(rooms).map(([idSala, count]) => [
        idSala,
        {
          ...emptyRoom,
          loadedPages: 3,
          totalPages: 4,
          messages: Array.from({ length: count }, (_item, index) => message(Number(idSala), index + 1)),
        },
      ]),
    ),
  };
}

describe('what the chat keeps on the device', () => {
  it('keeps the messages of the conversations opened last, newest first, five at most', () => {
    const state = stateWith({ 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 0 });
    const kept = chatToKeep(state, 40, [7, 6, 5, 4, 3, 2, 1]);
    // Room 7 has no message to show; the five after it are kept, room 1 (opened longest ago) is not.
    expect(Object.keys(kept.rooms).map(Number).sort()).toEqual([3, 4, 5, 6]);
    expect(keptRooms).toBe(5);
    expect(kept.me).toBe(40);
  });

  it('keeps the newest messages of a long conversation, as its first page', () => {
    const kept = chatToKeep(stateWith({ 9: keptMessagesPerRoom + 20 }), 40, [9]);
    const room = kept.rooms[9]!;
    expect(room.messages).toHaveLength(keptMessagesPerRoom);
    expect(room.messages[0]!.idMensagem).toBe(21);
    expect(room.messages.at(-1)!.idMensagem).toBe(keptMessagesPerRoom + 20);
    expect(room).toMatchObject({ loadedPages: 1, totalPages: 4, loading: false });
  });
});
