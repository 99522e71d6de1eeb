import { ChatFileType } from '@elo/contract/chat';
import { invalidFields } from '../../../platform/http/app-error.ts';
import type { UploadedFile } from '../../../platform/http/uploads.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import type { ChatModule } from '../model.ts';
import { requireMemberRoom } from '../rooms/membership.ts';
import * as repo from './repo.ts';

const audioTypes = new Set([
  'audio/webm',
  'video/webm',
  'audio/ogg',
  'audio/opus',
  'audio/mp4',
  'video/mp4',
  'audio/x-m4a',
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/vnd.wave',
]);
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

function fileTypeOf(mimeType: string): number {
  if (imageTypes.has(mimeType)) return ChatFileType.image;
  if (mimeType === 'application/pdf') return ChatFileType.pdf;
  return ChatFileType.file;
}

/** A file uploaded for the chat, to be sent in a message (or made a group's image). */
export interface NewAttachment {
  /** The room it is for, when the client says. */
  roomId: number | undefined;
  /** A recorded audio: then only audio types are taken. */
  audio: boolean;
  file: UploadedFile | undefined;
}

/** Records an uploaded file of the caller's; a message names it afterwards. */
export async function saveAttachment(chat: ChatModule, scope: TenantScope, input: NewAttachment) {
  const { file } = input;
  if (!file) throw invalidFields({ file: ['validation.required'] });
  if (input.roomId !== undefined) await requireMemberRoom(chat, scope, input.roomId);
  let fileType = fileTypeOf(file.mimeType);
  if (input.audio) {
    if (!audioTypes.has(file.mimeType.split(';')[0]!.trim()))
      throw invalidFields({ file: ['validation.chatAudioInvalid'] });
    fileType = ChatFileType.audio;
  }
  const name = (file.fileName ?? '')
    .replace(/[\\/\p{Cc}]/gu, '_')
    .trim()
    .slice(0, 255);
  return repo.insertAttachment(chat.db, {
    companyId: scope.companyId,
    uploaderId: scope.userId,
    roomId: input.roomId ?? null,
    storageKey: file.key,
    fileType,
    mimeType: file.mimeType,
    fileName: name || 'arquivo',
    sizeBytes: file.sizeBytes,
    width: file.width,
    height: file.height,
  });
}

/**
 * The media route's rule for chat files: members of the attachment's room (see the repo), who
 * save it under the name it was sent with.
 */
export async function mayReadMedia(
  chat: ChatModule,
  reader: TenantScope,
  key: string,
): Promise<false | { fileName: string }> {
  const found = await repo.findReadableAttachment(chat.db, reader, key);
  return found ? { fileName: found.fileName } : false;
}
