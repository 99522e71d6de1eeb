import { hasVisibleText } from '@elo/contract/text';
import { AppError, invalidFields } from '../../../platform/http/app-error.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import type { ChatModule } from '../model.ts';
import { findMemberRoom } from '../rooms/repo.ts';
import { memberIdsOf, requireMemberRoom } from '../rooms/membership.ts';
import { lastMessageOfRoom, loadMessage } from './history.ts';
import { previewInBackground } from './link-previews.ts';
import * as repo from './repo.ts';

/** A message's new text. */
export interface MessageEdit {
  messageId: number;
  text: string;
}

/** Type 5: the author changes the text; every member gets the message again. */
export async function editMessage(chat: ChatModule, scope: TenantScope, edit: MessageEdit): Promise<void> {
  const { db } = chat;
  const before = await loadMessage(chat, scope.companyId, edit.messageId);
  if (!before || before.deletedAt !== null) throw new AppError('NOT_FOUND');
  await requireMemberRoom(chat, scope, before.roomId);
  if (before.senderId !== scope.userId) throw new AppError('FORBIDDEN');
  const text = edit.text.trim();
  if (!hasVisibleText(text) && before.fileType === null)
    throw invalidFields({ mensagem: ['validation.chatMessageEmpty'] });
  if (!(await repo.updateMessageText(db, scope, before.id, text))) throw new AppError('NOT_FOUND');
  const [message, found] = await Promise.all([
    loadMessage(chat, scope.companyId, before.id),
    findMemberRoom(db, scope, before.roomId),
  ]);
  const last = found ? await lastMessageOfRoom(chat, scope.companyId, found.room) : undefined;
  chat.deliver(await memberIdsOf(chat, scope.companyId, before.roomId), {
    kind: 'edited',
    message: message!,
    roomLastMessage: last,
  });
  if (text) previewInBackground(chat, scope.companyId, before.id, text);
}

/** A message to delete: for everyone (its author only), or from the caller's own view. */
export interface MessageDeletion {
  messageId: number;
  forEveryone: boolean;
}

/** Type 6: deletes for everyone (the room hears of it) or hides from the caller's view. */
export async function deleteMessage(
  chat: ChatModule,
  scope: TenantScope,
  deletion: MessageDeletion,
): Promise<void> {
  const { db } = chat;
  const before = await loadMessage(chat, scope.companyId, deletion.messageId);
  if (!before) throw new AppError('NOT_FOUND');
  const { room } = await requireMemberRoom(chat, scope, before.roomId);
  if (!deletion.forEveryone) {
    await repo.hideMessage(db, scope, before.id);
    // The preview the person sees now: the last message they did not hide.
    const lastId = (await repo.findViewerLastMessageIds(db, scope, [room])).get(room.id);
    const last = lastId ? await loadMessage(chat, scope.companyId, lastId) : undefined;
    chat.deliver([scope.userId], {
      kind: 'deleted',
      roomId: room.id,
      messageId: before.id,
      forEveryone: false,
      roomLastMessage: last,
    });
    return;
  }
  if (before.senderId !== scope.userId) throw new AppError('FORBIDDEN');
  if (before.deletedAt !== null) throw new AppError('NOT_FOUND');
  const deleted = await repo.deleteMessageForEveryone(db, scope, before.id);
  if (!deleted) throw new AppError('NOT_FOUND');
  if (deleted.storageKey) await chat.storage.remove(deleted.storageKey).catch(() => undefined);
  const found = await findMemberRoom(db, scope, room.id);
  const last = found ? await lastMessageOfRoom(chat, scope.companyId, found.room) : undefined;
  chat.deliver(await memberIdsOf(chat, scope.companyId, room.id), {
    kind: 'deleted',
    roomId: room.id,
    messageId: before.id,
    forEveryone: true,
    roomLastMessage: last,
  });
}
