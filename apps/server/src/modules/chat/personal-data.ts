import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import { forgetChatPerson } from './attachments/repo.ts';

/** The chat: the person's files and marks go; their messages stay in the others' conversations, nameless. */
export const chatPersonalData: PersonalDataOwner = {
  module: 'chat',
  holds: [
    {
      table: 'chat_attachments',
      column: 'uploader_id',
      fate: 'delete',
      why: 'the files they sent go from storage; their messages stay without the file',
    },
    { table: 'chat_message_hides', column: 'user_id', fate: 'delete', why: 'their "hide for me" marks go' },
    {
      table: 'chat_messages',
      column: 'sender_id',
      fate: 'anonymise',
      why: 'the others keep their conversations whole; the sender shows as the erased person (no name, no photo)',
    },
    {
      table: 'chat_messages',
      column: 'mentioned_ids',
      fate: 'anonymise',
      why: 'a mention of them in someone else’s message now names the erased person',
    },
    {
      table: 'chat_members',
      column: 'user_id',
      fate: 'anonymise',
      why: 'the rooms keep their shape for the other members; the member is the erased person',
    },
  ],
  erase: (tx, person) => forgetChatPerson(tx, person),
};
