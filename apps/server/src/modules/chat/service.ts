import type { TenantScope } from '../../platform/tenancy.ts';
import { mayReadMedia } from './attachments/uploads.ts';
import {
  countCompanyMessagesSince,
  listSentMessages,
  memberMessageSql,
  memberRoomIdsSql,
} from './messages/repo.ts';
import { directoryPersonSql } from './people/repo.ts';
import type { ChatDeps, ChatModule } from './model.ts';

/**
 * The chat's module object, which its use cases (rooms/, messages/, reading/, attachments/,
 * people/) take first: rooms, messages, receipts, groups, attachments, presence. Knows no socket.
 */
export function createChatModule(deps: ChatDeps): ChatModule {
  return { ...deps, previewsInFlight: new Map() };
}

/** What other modules and app.ts ask of the chat. */
export function createChatService(chat: ChatModule) {
  return {
    /** Messages the company's people sent since an instant, for the administration's figures. */
    countMessagesSince: (companyId: number, since: Date) =>
      countCompanyMessagesSince(chat.db, companyId, since),
    /** The media route's rule for chat files. */
    mayReadMedia: (reader: TenantScope, key: string) => mayReadMedia(chat, reader, key),
    /**
     * The messages a person may find (their rooms', not deleted for everyone, not hidden by them),
     * as a condition on the table `chat_messages` for another module's statement (the search).
     */
    memberMessageCondition: (scope: TenantScope) => memberMessageSql(scope),
    /** The rooms a person is a member of, as an SQL array of ids (the search's index is per room). */
    memberRoomIds: (scope: TenantScope) => memberRoomIdsSql(scope),
    /** The chat's directory (the company's active people but the caller), a condition on `users`. */
    directoryPersonCondition: (scope: TenantScope) => directoryPersonSql(scope),
    /** The messages one person sent, for their personal data export. */
    listSentMessages: (scope: TenantScope) => listSentMessages(chat.db, scope),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
