import type { AnexoChat, UsuarioChat } from '@elo/contract/calls/chat';
import {
  ChatFileType,
  type GrupoChat,
  type HistoricoConversa,
  type MensagemChat,
  type UsuarioGrupoChat,
} from '@elo/contract/chat';
import type { Flag } from '@elo/contract/enums';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { MessageRow, PersonRow, RoomRow } from './repo.ts';

const flag = (value: boolean): Flag => (value ? 'S' : 'N');
const iso = (value: Date | string) => new Date(value).toISOString();

/** A message on the wire; `read` is the viewer's flLida (see the contract). */
export function presentMessage(row: MessageRow, read = false): MensagemChat {
  const deleted = row.deletedAt !== null;
  const url = deleted ? null : mediaUrl(row.fileKey);
  const destination =
    row.roomKind === 'pair' ? (row.senderId === row.pairLowId ? row.pairHighId : row.pairLowId) : null;
  return {
    idMensagem: row.id,
    idMensagemCliente: row.clientId,
    idSala: row.roomId,
    idUsuario: row.senderId,
    idUsuarioOrigem: row.senderId,
    idUsuarioDestino: destination,
    idUsuarioPai: row.companyId,
    nomeUsuario: row.senderName,
    urlFotoUsuario: mediaUrl(row.senderPhotoKey),
    mensagem: deleted ? '' : row.text,
    idUsuariosMencionados: deleted ? [] : row.mentionedIds,
    dtEnvio: iso(row.createdAt),
    dtEdicao: row.editedAt ? iso(row.editedAt) : null,
    idTipoArquivo: deleted ? null : row.fileType,
    duracao: deleted ? null : row.durationSeconds,
    audioSamples: deleted ? null : row.audioSamples,
    dadosLinkMetadata: deleted ? null : (row.linkMetadata ?? null),
    tamanhoArquivo: deleted ? null : row.fileSize,
    nomeArquivo: deleted ? null : row.fileName,
    urlArquivo: url,
    urlThumbNail: row.fileType === ChatFileType.image ? url : null,
    flExcluirDefinitivo: flag(deleted),
    flLida: flag(read),
  };
}

/** Whether a message reads as read to a viewer, given every member's read mark. */
export function isReadFor(
  message: { id: number; senderId: number },
  viewerId: number,
  members: readonly { userId: number; lastReadMessageId: number }[],
): boolean {
  if (message.senderId !== viewerId) {
    return (members.find((member) => member.userId === viewerId)?.lastReadMessageId ?? 0) >= message.id;
  }
  const others = members.filter((member) => member.userId !== viewerId);
  return others.length > 0 && others.every((member) => member.lastReadMessageId >= message.id);
}

/** A person in the chat's people list. */
export function presentChatUser(row: PersonRow, online: boolean): UsuarioChat {
  return {
    idUsuario: row.id,
    nome: row.name,
    urlFoto: mediaUrl(row.photoKey),
    textoPerfil: row.profileText ?? null,
    unidade: row.unit ?? null,
    filial: row.branch ?? null,
    setor: row.sector ?? null,
    cargo: row.jobTitle ?? null,
    online: flag(online),
  };
}

/** One conversation of the list, as the viewer sees it. */
export function presentConversation(options: {
  room: RoomRow;
  viewerId: number;
  other: PersonRow | undefined;
  lastMessage: MessageRow | undefined;
  members: readonly { userId: number; lastReadMessageId: number }[];
  unread: number;
  online: ReadonlySet<number>;
}): HistoricoConversa {
  const { room, viewerId, other, lastMessage, members } = options;
  const isGroup = room.kind === 'group';
  const wire = lastMessage ? presentMessage(lastMessage) : undefined;
  const othersOnline = members.some(
    (member) => member.userId !== viewerId && options.online.has(member.userId),
  );
  return {
    idSala: room.id,
    flGrupo: flag(isGroup),
    idUsuario: isGroup ? null : (other?.id ?? null),
    descricao: isGroup ? (room.name ?? '') : (other?.name ?? ''),
    urlFoto: isGroup ? mediaUrl(room.imageKey) : mediaUrl(other?.photoKey ?? null),
    textoPerfil: isGroup ? null : (other?.profileText ?? null),
    unidade: isGroup ? null : (other?.unit ?? null),
    filial: isGroup ? null : (other?.branch ?? null),
    setor: isGroup ? null : (other?.sector ?? null),
    cargo: isGroup ? null : (other?.jobTitle ?? null),
    idMensagem: wire?.idMensagem ?? null,
    idUsuarioUltimaMensagem: wire?.idUsuario ?? null,
    mensagem: wire?.mensagem ?? null,
    nomeAnexo: wire?.nomeArquivo ?? null,
    pathAnexo: wire?.urlArquivo ?? null,
    idTipoArquivo: wire?.idTipoArquivo ?? null,
    dtEnvio: wire?.dtEnvio ?? iso(room.lastActivityAt),
    flLida: flag(lastMessage ? isReadFor(lastMessage, viewerId, members) : true),
    flExcluirDefinitivo: wire?.flExcluirDefinitivo ?? 'N',
    duracao: wire?.duracao ?? null,
    audioSamples: wire?.audioSamples ?? null,
    membros: members.map((member) => member.userId),
    qtdMensagensNaoLidas: options.unread,
    online: flag(othersOnline),
  };
}

/** A group chat's facts. */
export function presentGroup(
  room: RoomRow,
  creatorName: string,
  lastMessage: MessageRow | undefined,
): GrupoChat {
  return {
    idSala: room.id,
    nomeGrupo: room.name ?? '',
    urlImagemGrupo: mediaUrl(room.imageKey),
    idUsuarioCriador: room.creatorId ?? 0,
    nomeUsuarioCriador: creatorName,
    ultimaMensagem: lastMessage ? presentMessage(lastMessage) : null,
  };
}

/** A member of a group chat. */
export function presentGroupMember(
  row: {
    userId: number;
    name: string;
    photoKey: string | null;
    jobTitle: string | null;
    sector: string | null;
  },
  creatorId: number | null,
): UsuarioGrupoChat {
  return {
    idUsuario: row.userId,
    nome: row.name,
    urlFoto: mediaUrl(row.photoKey),
    cargo: row.jobTitle,
    setor: row.sector,
    flCriador: flag(row.userId === creatorId),
  };
}

/** An uploaded attachment. */
export function presentAttachment(row: {
  id: number;
  fileType: number;
  fileName: string;
  sizeBytes: number;
  storageKey: string;
}): AnexoChat {
  const url = mediaUrl(row.storageKey)!;
  return {
    idAnexo: row.id,
    idTipoArquivo: row.fileType,
    nomeArquivo: row.fileName,
    tamanhoArquivo: row.sizeBytes,
    urlArquivo: url,
    urlThumbNail: row.fileType === ChatFileType.image ? url : null,
  };
}
