import { findChatLinks } from '@elo/contract/chat-links';
import { fetchLinkPreview } from '../../../platform/link-preview.ts';
import type { ChatModule } from '../model.ts';
import { findMemberRoom } from '../rooms/repo.ts';
import { memberIdsOf } from '../rooms/membership.ts';
import { lastMessageOfRoom, loadMessage } from './history.ts';
import * as repo from './repo.ts';

/** Fetches (or takes from the cache) the preview of a message's first link and tells the room. */
async function attachLinkPreview(chat: ChatModule, companyId: number, messageId: number, text: string) {
  const { db } = chat;
  const link = findChatLinks(text)[0];
  if (!link) return;
  const url = link.href.slice(0, 2048);
  let metadata: repo.StoredPreview;
  const cached = await repo.findLinkPreview(db, companyId, url);
  if (cached) {
    metadata = cached.metadata;
  } else {
    const key = `${companyId} ${url}`;
    let pending = chat.previewsInFlight.get(key);
    if (!pending) {
      pending = fetchLinkPreview(url, chat.linkPreview).then(async (preview) => {
        const stored = preview ?? null;
        await repo.saveLinkPreview(db, companyId, url, stored);
        return stored;
      });
      chat.previewsInFlight.set(key, pending);
      void pending.finally(() => chat.previewsInFlight.delete(key));
    }
    metadata = await pending;
  }
  if (!metadata) return;
  if (!(await repo.updateMessageLinkMetadata(db, companyId, messageId, metadata))) return;
  const message = await loadMessage(chat, companyId, messageId);
  if (!message) return;
  const members = await memberIdsOf(chat, companyId, message.roomId);
  const found = await findMemberRoom(db, { companyId, userId: message.senderId }, message.roomId);
  const last = found ? await lastMessageOfRoom(chat, companyId, found.room) : undefined;
  chat.deliver(members, { kind: 'edited', message, roomLastMessage: last });
}

/** Adds a link preview to a message after it went out: nobody waits for the page to answer. */
export function previewInBackground(chat: ChatModule, companyId: number, messageId: number, text: string) {
  attachLinkPreview(chat, companyId, messageId, text).catch((error: unknown) =>
    chat.log.warn({ err: error, messageId }, 'link preview failed'),
  );
}
