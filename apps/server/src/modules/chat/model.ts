import type { Database } from '../../db/client.ts';
import type { LinkPreviewOptions } from '../../platform/link-preview.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Page } from '../../platform/paging.ts';
import type { PresenceStore } from '../../platform/presence.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { MessageRow, StoredPreview } from './messages/repo.ts';
import type { PersonRow } from './people/repo.ts';
import type { RoomRow } from './rooms/repo.ts';

/**
 * The chat's domain: what its use cases take and give. The wire's frames and answers are made
 * from these at the edge (wire.ts and presenter.ts).
 */

/** The company-wide presence room: asking who is online in it lists everyone online. */
export const presenceRoomId = 0;

/** What the chat tells people: each update goes to every socket of its recipients, on every node. */
export type ChatUpdate =
  /**
   * A room to (re)load: the answer to opening a room of two (with its entry of the list), and news
   * to people added to a group or still in one someone left; `removed` for the one who left it.
   */
  | { kind: 'roomChanged'; roomId: number; conversation?: Conversation | undefined; removed?: boolean }
  /** `readerId` read `messageIds` (none in the answer to joining a room). */
  | { kind: 'read'; roomId: number; readerId: number; messageIds: number[]; readByAll: boolean }
  /** A new message (its sender gets it too: that is the acknowledgement). */
  | { kind: 'newMessage'; message: MessageRow }
  /** A page of a room's history, newest first, counted down from `anchorId` (null in an empty room). */
  | { kind: 'history'; roomId: number; page: Page<HistoryEntry>; anchorId: number | null }
  /** The reader's own unread counts after they marked messages read. */
  | { kind: 'markedRead'; roomId: number; messageIds: number[]; roomUnread: number; totalUnread: number }
  /** A message changed (edited, or its link preview arrived), with the room's last message now. */
  | { kind: 'edited'; message: MessageRow; roomLastMessage: MessageRow | undefined }
  /** A message deleted for everyone, or hidden from the receiver's view only. */
  | {
      kind: 'deleted';
      roomId: number;
      messageId: number;
      forEveryone: boolean;
      roomLastMessage: MessageRow | undefined;
    }
  /** Who is online among the company (the presence room) or a room's members. */
  | { kind: 'presence'; roomId: number; onlineIds: number[] };

/** Sends one update to every socket of the given people, on every node. */
export type DeliverUpdate = (userIds: readonly number[], update: ChatUpdate) => void;

/** What the chat's use cases are built on. */
export interface ChatDeps {
  db: Database;
  storage: MediaStorage;
  presence: PresenceStore;
  deliver: DeliverUpdate;
  linkPreview: LinkPreviewOptions;
  log: Pick<Logger, 'warn'>;
}

/** The chat's module object, the first parameter of every use case: its deps and shared state. */
export interface ChatModule extends ChatDeps {
  /** Previews being fetched now, so one link sent twice at once is fetched once. */
  previewsInFlight: Map<string, Promise<StoredPreview>>;
}

/** A message of a history page, with whether it reads as read to the viewer. */
export interface HistoryEntry {
  message: MessageRow;
  read: boolean;
}

/** One conversation of a person's list, as they see it. */
export interface Conversation {
  room: RoomRow;
  /** The other person of a room of two (undefined in a group, or when they are no longer active). */
  other: PersonRow | undefined;
  /** The room's last message the viewer did not hide (undefined when there is none). */
  lastMessage: MessageRow | undefined;
  /** Whether that message reads as read to the viewer (true when there is none). */
  lastMessageRead: boolean;
  memberIds: number[];
  unread: number;
  /** Whether any other member is online. */
  othersOnline: boolean;
}

/** A person the chat lists, with whether they are online. */
export type ChatPerson = PersonRow & { online: boolean };

/** A member of a group as its details show them. */
export interface GroupMember {
  userId: number;
  name: string;
  photoKey: string | null;
  jobTitle: string | null;
  sector: string | null;
  isCreator: boolean;
}

/** A group with its creator's name, its last message and its members. */
export interface GroupDetails {
  room: RoomRow;
  creatorName: string;
  lastMessage: MessageRow | undefined;
  members: GroupMember[];
}

/** A person's unread messages: in all, and per room that has any. */
export interface UnreadCounts {
  total: number;
  rooms: { roomId: number; unread: number }[];
}
