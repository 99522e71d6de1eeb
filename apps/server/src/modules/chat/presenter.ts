import type { AnexoChat, UsuarioChat } from '@elo/contract/calls/chat';
import {
  ChatFileType,
  type GrupoChat,
  type HistoricoConversa,
  type MensagemChat,
  type UsuarioGrupoChat,
} from '@elo/contract/chat';
import { toFlag, toWireDate, toWireDateOrNull } from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { ChatPerson, Conversation, GroupDetails, GroupMember } from './model.ts';
import type { MessageRow } from './messages/repo.ts';

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
    dtEnvio: toWireDate(row.createdAt),
    dtEdicao: toWireDateOrNull(row.editedAt),
    idTipoArquivo: deleted ? null : row.fileType,
    duracao: deleted ? null : row.durationSeconds,
    audioSamples: deleted ? null : row.audioSamples,
    dadosLinkMetadata: deleted ? null : (row.linkMetadata ?? null),
    tamanhoArquivo: deleted ? null : row.fileSize,
    nomeArquivo: deleted ? null : row.fileName,
    urlArquivo: url,
    urlThumbNail: row.fileType === ChatFileType.image ? url : null,
    flExcluirDefinitivo: toFlag(deleted),
    flLida: toFlag(read),
  };
}

/** A message or null, as the frames' `ultimaMensagemSala` and a group's `ultimaMensagem`. */
export const presentMessageOrNull = (row: MessageRow | undefined): MensagemChat | null =>
  row ? presentMessage(row) : null;

/** A person in the chat's people list. */
export function presentChatUser(person: ChatPerson): UsuarioChat {
  return {
    idUsuario: person.id,
    nome: person.name,
    urlFoto: mediaUrl(person.photoKey),
    textoPerfil: person.profileText ?? null,
    unidade: person.unit ?? null,
    filial: person.branch ?? null,
    setor: person.sector ?? null,
    cargo: person.jobTitle ?? null,
    online: toFlag(person.online),
  };
}

/** One conversation of the list, as the viewer sees it. */
export function presentConversation(conversation: Conversation): HistoricoConversa {
  const { room, other, lastMessage } = conversation;
  const isGroup = room.kind === 'group';
  const wire = lastMessage ? presentMessage(lastMessage) : undefined;
  return {
    idSala: room.id,
    flGrupo: toFlag(isGroup),
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
    dtEnvio: wire?.dtEnvio ?? toWireDate(room.lastActivityAt),
    flLida: toFlag(conversation.lastMessageRead),
    flExcluirDefinitivo: wire?.flExcluirDefinitivo ?? toFlag(false),
    duracao: wire?.duracao ?? null,
    audioSamples: wire?.audioSamples ?? null,
    membros: conversation.memberIds,
    qtdMensagensNaoLidas: conversation.unread,
    online: toFlag(conversation.othersOnline),
  };
}

/** A group chat's facts. */
export function presentGroup(group: GroupDetails): GrupoChat {
  const { room } = group;
  return {
    idSala: room.id,
    nomeGrupo: room.name ?? '',
    urlImagemGrupo: mediaUrl(room.imageKey),
    idUsuarioCriador: room.creatorId ?? 0,
    nomeUsuarioCriador: group.creatorName,
    ultimaMensagem: presentMessageOrNull(group.lastMessage),
  };
}

/** A member of a group chat. */
export function presentGroupMember(member: GroupMember): UsuarioGrupoChat {
  return {
    idUsuario: member.userId,
    nome: member.name,
    urlFoto: mediaUrl(member.photoKey),
    cargo: member.jobTitle,
    setor: member.sector,
    flCriador: toFlag(member.isCreator),
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
