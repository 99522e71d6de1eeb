import { ChatFileType } from '@elo/contract/chat';
import { hasVisibleText } from '@elo/contract/text';
import { invalidFields } from '../../../platform/http/app-error.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import { claimAttachment, findOwnUnusedAttachment } from '../attachments/repo.ts';
import type { ChatModule, ChatUpdate } from '../model.ts';
import { requireMemberRoom } from '../rooms/membership.ts';
import { loadMessage } from './history.ts';
import { previewInBackground } from './link-previews.ts';
import * as repo from './repo.ts';

/** A message to send. */
export interface NewMessage {
  roomId: number;
  /** The sending client's id for it: a resend with the same id is not stored twice. */
  clientId: string;
  text: string;
  /** An attachment (or audio) the sender uploaded for it and has not used yet. */
  attachmentId: number | undefined;
  /** Of an audio: its length in seconds and its waveform. */
  durationSeconds: number | undefined;
  audioSamples: number[] | undefined;
  /** People named in it; those who are not members of the room are dropped. */
  mentionedIds: number[];
}

/**
 * Type 2: stores the message, then tells every member (the sender's own sockets included: that
 * is the acknowledgement). A client id already used answers the stored message, for the sender
 * only; nothing is answered otherwise.
 */
export async function sendMessage(
  chat: ChatModule,
  scope: TenantScope,
  input: NewMessage,
): Promise<ChatUpdate | undefined> {
  const { db, deliver } = chat;
  const { room, memberIds } = await requireMemberRoom(chat, scope, input.roomId);
  const text = input.text.trim();
  // Text made only of invisible characters (zero-width spaces) counts as empty.
  if (!hasVisibleText(text) && input.attachmentId === undefined)
    throw invalidFields({ mensagem: ['validation.chatMessageEmpty'] });
  const members = new Set(memberIds);
  const mentions = [...new Set(input.mentionedIds)].filter((id) => members.has(id));
  const resent = async (): Promise<ChatUpdate> => {
    const stored = await repo.findMessageByClientId(db, scope, input.clientId);
    return { kind: 'newMessage', message: stored! };
  };

  if (input.attachmentId === undefined) {
    // The common case in one statement; the event is built from what it answers.
    const stored = await repo.insertTextMessage(db, {
      scope,
      roomId: room.id,
      clientId: input.clientId,
      text,
      mentionedIds: mentions,
    });
    if (!stored) return resent();
    const message: repo.MessageRow = {
      id: stored.id,
      clientId: input.clientId,
      companyId: scope.companyId,
      roomId: room.id,
      senderId: scope.userId,
      senderName: stored.name,
      senderPhotoKey: stored.photoKey,
      text,
      mentionedIds: mentions,
      durationSeconds: null,
      audioSamples: null,
      linkMetadata: null,
      createdAt: stored.createdAt,
      editedAt: null,
      deletedAt: null,
      roomKind: room.kind,
      pairLowId: room.pairLowId,
      pairHighId: room.pairHighId,
      fileType: null,
      fileName: null,
      fileSize: null,
      fileKey: null,
    };
    deliver(memberIds, { kind: 'newMessage', message });
    previewInBackground(chat, scope.companyId, stored.id, text);
    return undefined;
  }

  const existing = await repo.findMessageByClientId(db, scope, input.clientId);
  if (existing) return { kind: 'newMessage', message: existing };
  const attachmentId = input.attachmentId;
  const attachment = await findOwnUnusedAttachment(db, scope, attachmentId);
  if (!attachment || (attachment.roomId !== null && attachment.roomId !== room.id))
    throw invalidFields({ idAnexo: ['validation.chatAttachmentInvalid'] });
  const isAudio = attachment.fileType === ChatFileType.audio;
  const messageId = await db.transaction(async (tx) => {
    const id = await repo.insertMessage(tx, {
      scope,
      roomId: room.id,
      clientId: input.clientId,
      text,
      mentionedIds: mentions,
      attachmentId,
      durationSeconds: isAudio ? (input.durationSeconds ?? null) : null,
      audioSamples: isAudio ? (input.audioSamples ?? null) : null,
    });
    if (id === undefined) return undefined;
    if (!(await claimAttachment(tx, scope, { attachmentId, roomId: room.id, messageId: id })))
      throw invalidFields({ idAnexo: ['validation.chatAttachmentInvalid'] });
    return id;
  });
  // Sent twice at the same moment: the other copy won the insert.
  if (messageId === undefined) return resent();
  const message = (await loadMessage(chat, scope.companyId, messageId))!;
  deliver(memberIds, { kind: 'newMessage', message });
  if (text) previewInBackground(chat, scope.companyId, messageId, text);
  return undefined;
}
