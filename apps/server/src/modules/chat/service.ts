import type { z } from 'zod';
import type {
  adicionaMembrosGrupoChat,
  consultaTodosUsuarios,
  insereGrupoChat,
} from '@elo/contract/calls/chat';
import {
  ChatEventType,
  ChatFileType,
  type deleteFrameSchema,
  type editFrameSchema,
  type loadMessagesFrameSchema,
  type markReadFrameSchema,
  type sendFrameSchema,
  type ChatEvent,
} from '@elo/contract/chat';
import { findChatLinks } from '@elo/contract/chat-links';
import { limits } from '@elo/contract/limits';
import { hasVisibleText } from '@elo/contract/text';
import type { Database } from '../../db/client.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { fetchLinkPreview, type LinkPreviewOptions } from '../../platform/link-preview.ts';
import type { PresenceStore } from '../../platform/presence.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import {
  isReadFor,
  presentAttachment,
  presentChatUser,
  presentConversation,
  presentGroup,
  presentGroupMember,
  presentMessage,
} from './presenter.ts';
import * as repo from './repo.ts';

/** Sends one event to every socket of the given people, on every node (serialized once). */
export type DeliverEvent = (userIds: readonly number[], event: ChatEvent) => void;

/** The company-wide presence room: type 9 with it lists everyone online. */
export const presenceRoomId = 0;

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

type SendInput = z.output<typeof sendFrameSchema>;
type LoadInput = z.output<typeof loadMessagesFrameSchema>;
type MarkReadInput = z.output<typeof markReadFrameSchema>;
type EditInput = z.output<typeof editFrameSchema>;
type DeleteInput = z.output<typeof deleteFrameSchema>;

const ok = { codigoResposta: 0 as const, descricaoErro: null };

function fileTypeOf(mimeType: string): number {
  if (imageTypes.has(mimeType)) return ChatFileType.image;
  if (mimeType === 'application/pdf') return ChatFileType.pdf;
  return ChatFileType.file;
}

/** The chat's rules: rooms, messages, receipts, groups, attachments, presence. Knows no socket. */
export function createChatService(deps: {
  db: Database;
  storage: MediaStorage;
  presence: PresenceStore;
  deliver: DeliverEvent;
  linkPreview: LinkPreviewOptions;
  log: { warn(object: unknown, message: string): void };
}) {
  const { db, presence, deliver } = deps;
  const presenceScope = (companyId: number) => String(companyId);
  /** Previews being fetched now, so one link sent twice at once is fetched once. */
  const fetching = new Map<string, Promise<repo.StoredPreview>>();

  async function requireMemberRoom(scope: TenantScope, roomId: number) {
    const found = await repo.findMemberRoom(db, scope, roomId);
    if (!found) throw new AppError('CHAT_NOT_MEMBER');
    return found;
  }

  async function loadMessage(companyId: number, messageId: number) {
    const [row] = await repo.findMessages(db, companyId, [messageId]);
    return row;
  }

  async function lastMessageOfRoom(companyId: number, room: { lastMessageId: number | null }) {
    return room.lastMessageId ? loadMessage(companyId, room.lastMessageId) : undefined;
  }

  async function memberIdsOf(companyId: number, roomId: number): Promise<number[]> {
    return (await repo.listMembersOfRooms(db, companyId, [roomId])).map((member) => member.userId);
  }

  /** The conversation list's entries for a viewer (all of theirs, or the one room). */
  async function conversationsOf(scope: TenantScope, onlyRoomId?: number) {
    let rooms = await repo.listMemberRooms(db, scope);
    if (onlyRoomId !== undefined) rooms = rooms.filter((entry) => entry.room.id === onlyRoomId);
    const roomIds = rooms.map((entry) => entry.room.id);
    const viewerLastIds = await repo.findViewerLastMessageIds(
      db,
      scope,
      rooms.map((entry) => entry.room),
    );
    const lastIds = [...viewerLastIds.values()].filter((id): id is number => id !== null);
    const otherIds = rooms.flatMap((entry) =>
      entry.room.kind === 'pair'
        ? [entry.room.pairLowId === scope.userId ? entry.room.pairHighId! : entry.room.pairLowId!]
        : [],
    );
    const [members, lastMessages, others, unread, online] = await Promise.all([
      repo.listMembersOfRooms(db, scope.companyId, roomIds),
      repo.findMessages(db, scope.companyId, lastIds),
      repo.findActiveUsers(db, scope.companyId, otherIds),
      repo.countUnreadByRoom(db, scope, onlyRoomId),
      presence.list(presenceScope(scope.companyId)),
    ]);
    const onlineSet = new Set(online);
    const membersByRoom = new Map<number, typeof members>();
    for (const member of members) {
      const list = membersByRoom.get(member.roomId);
      if (list) list.push(member);
      else membersByRoom.set(member.roomId, [member]);
    }
    return rooms.map(({ room }) =>
      presentConversation({
        room,
        viewerId: scope.userId,
        other:
          room.kind === 'pair'
            ? others.find((person) => person.id === room.pairLowId || person.id === room.pairHighId)
            : undefined,
        lastMessage: lastMessages.find((message) => message.id === viewerLastIds.get(room.id)),
        members: membersByRoom.get(room.id) ?? [],
        unread: unread.find((entry) => entry.roomId === room.id)?.unread ?? 0,
        online: onlineSet,
      }),
    );
  }

  async function groupAnswer(scope: TenantScope, roomId: number) {
    const { room } = await requireMemberRoom(scope, roomId);
    if (room.kind !== 'group') throw new AppError('NOT_FOUND');
    const [members, lastMessage] = await Promise.all([
      repo.listGroupMembers(db, scope.companyId, room.id),
      lastMessageOfRoom(scope.companyId, room),
    ]);
    const [creator] = await repo.findActiveUsers(db, scope.companyId, room.creatorId ? [room.creatorId] : []);
    return {
      grupoInfo: presentGroup(room, creator?.name ?? '', lastMessage),
      usuariosDoGrupo: members.map((member) => presentGroupMember(member, room.creatorId)),
    };
  }

  /** Active people of the company among the ids; a 422 on `field` when any is not. */
  async function requireColleagues(scope: TenantScope, ids: number[], field: string) {
    const wanted = [...new Set(ids.filter((id) => id !== scope.userId))];
    const found = await repo.findActiveUsers(db, scope.companyId, wanted);
    if (found.length !== wanted.length) throw invalidFields({ [field]: ['validation.chatUserInvalid'] });
    return wanted;
  }

  async function unreadTotals(scope: TenantScope) {
    const rows = await repo.countUnreadByRoom(db, scope);
    return { rows, total: rows.reduce((sum, row) => sum + row.unread, 0) };
  }

  /** Fetches (or takes from the cache) the preview of a message's first link and tells the room. */
  async function attachLinkPreview(companyId: number, messageId: number, text: string) {
    const link = findChatLinks(text)[0];
    if (!link) return;
    const url = link.href.slice(0, 2048);
    let metadata: repo.StoredPreview;
    const cached = await repo.findLinkPreview(db, companyId, url);
    if (cached) {
      metadata = cached.metadata;
    } else {
      const key = `${companyId} ${url}`;
      let pending = fetching.get(key);
      if (!pending) {
        pending = fetchLinkPreview(url, deps.linkPreview).then(async (preview) => {
          const stored = preview ?? null;
          await repo.saveLinkPreview(db, companyId, url, stored);
          return stored;
        });
        fetching.set(key, pending);
        void pending.finally(() => fetching.delete(key));
      }
      metadata = await pending;
    }
    if (!metadata) return;
    if (!(await repo.updateMessageLinkMetadata(db, companyId, messageId, metadata))) return;
    const row = await loadMessage(companyId, messageId);
    if (!row) return;
    const members = await memberIdsOf(companyId, row.roomId);
    const found = await repo.findMemberRoom(db, { companyId, userId: row.senderId }, row.roomId);
    const last = found ? await lastMessageOfRoom(companyId, found.room) : undefined;
    deliver(members, {
      ...ok,
      ...presentMessage(row),
      idTipo: ChatEventType.edited,
      ultimaMensagemSala: last ? presentMessage(last) : null,
    });
  }

  function messageEvent(row: repo.MessageRow) {
    return { ...ok, ...presentMessage(row), idTipo: ChatEventType.newMessage };
  }

  function previewInBackground(companyId: number, messageId: number, text: string) {
    attachLinkPreview(companyId, messageId, text).catch((error: unknown) =>
      deps.log.warn({ err: error, messageId }, 'link preview failed'),
    );
  }

  return {
    /** Messages the company's people sent since an instant, for the administration's figures. */
    countMessagesSince: (companyId: number, since: Date) =>
      repo.countCompanyMessagesSince(db, companyId, since),
    // ---------------------------------------------------------------- HTTP

    async listUsers(scope: TenantScope, input: z.output<(typeof consultaTodosUsuarios)['input']>) {
      const { rows, total } = await repo.pageCompanyUsers(db, scope, {
        name: input.nomeUsuario,
        offset: (input.idPaginaAtual - 1) * input.qtdRegistrosPorPagina,
        limit: input.qtdRegistrosPorPagina,
      });
      const online = new Set(await presence.list(presenceScope(scope.companyId)));
      return {
        listUsuarios: rows.map((row) => presentChatUser(row, online.has(row.id))),
        idPaginaAtual: input.idPaginaAtual,
        qtdRegistrosPorPagina: input.qtdRegistrosPorPagina,
        qtdTotalRegistros: total,
      };
    },

    async listConversations(scope: TenantScope) {
      return { historicoConversas: await conversationsOf(scope), idSalaPresenca: presenceRoomId };
    },

    async countUnread(scope: TenantScope, withRooms: boolean) {
      const { rows, total } = await unreadTotals(scope);
      return {
        qtdMensagensNaoLidas: total,
        ...(withRooms
          ? { salas: rows.map((row) => ({ idSala: row.roomId, qtdMensagensNaoLidas: row.unread })) }
          : {}),
      };
    },

    getGroup: groupAnswer,

    async createGroup(scope: TenantScope, input: z.output<(typeof insereGrupoChat)['input']>) {
      const memberIds = await requireColleagues(
        scope,
        [...input.membros, ...input.usuariosParticipantes],
        'membros',
      );
      if (memberIds.length === 0) throw invalidFields({ membros: ['validation.groupMembersRequired'] });
      if (memberIds.length + 1 > limits.chat.groupMembersMax)
        throw invalidFields({
          membros: [{ key: 'validation.groupMembersTooMany', params: { max: limits.chat.groupMembersMax } }],
        });
      let image: { attachmentId: number; key: string } | null = null;
      if (input.urlImagemGrupo) {
        const key = input.urlImagemGrupo.replace(/^\/backend\/midia\//, '');
        const attachment = await repo.findOwnAttachmentByKey(db, scope, key);
        // An image already of a room (sent there, or another group's) stays that room's alone.
        if (!attachment || attachment.fileType !== ChatFileType.image || attachment.roomId !== null)
          throw invalidFields({ urlImagemGrupo: ['validation.groupImageInvalid'] });
        image = { attachmentId: attachment.id, key: attachment.storageKey };
      }
      const roomId = await repo.insertGroupRoom(db, { scope, name: input.nomeGrupo, image, memberIds });
      deliver(memberIds, { ...ok, idTipo: ChatEventType.roomChanged, idSala: roomId });
      return { idSala: roomId, ...(await groupAnswer(scope, roomId)) };
    },

    async addGroupMembers(scope: TenantScope, input: z.output<(typeof adicionaMembrosGrupoChat)['input']>) {
      const { room } = await requireMemberRoom(scope, input.idSala);
      if (room.kind !== 'group') throw new AppError('NOT_FOUND');
      const wanted = await requireColleagues(scope, input.membros, 'membros');
      const current = await memberIdsOf(scope.companyId, room.id);
      if (new Set([...current, ...wanted]).size > limits.chat.groupMembersMax)
        throw invalidFields({
          membros: [{ key: 'validation.groupMembersTooMany', params: { max: limits.chat.groupMembersMax } }],
        });
      const added = await repo.insertRoomMembers(db, {
        companyId: scope.companyId,
        roomId: room.id,
        userIds: wanted,
      });
      if (added.length > 0)
        deliver([...current, ...added], { ...ok, idTipo: ChatEventType.roomChanged, idSala: room.id });
      return groupAnswer(scope, room.id);
    },

    async leaveGroup(scope: TenantScope, roomId: number) {
      const { room } = await requireMemberRoom(scope, roomId);
      if (room.kind !== 'group') throw new AppError('NOT_FOUND');
      await repo.deleteRoomMember(db, scope, room.id);
      const remaining = await memberIdsOf(scope.companyId, room.id);
      deliver([scope.userId], { ...ok, idTipo: ChatEventType.roomChanged, idSala: room.id, flRemovida: 'S' });
      if (remaining.length > 0)
        deliver(remaining, { ...ok, idTipo: ChatEventType.roomChanged, idSala: room.id });
      return { ok: true as const };
    },

    async saveAttachment(
      scope: TenantScope,
      input: { idSala?: number | undefined; flAudio: 'S' | 'N'; file: UploadedFile | undefined },
    ) {
      const { file } = input;
      if (!file) throw invalidFields({ file: ['validation.required'] });
      if (input.idSala !== undefined) await requireMemberRoom(scope, input.idSala);
      let fileType = fileTypeOf(file.mimeType);
      if (input.flAudio === 'S') {
        if (!audioTypes.has(file.mimeType.split(';')[0]!.trim()))
          throw invalidFields({ file: ['validation.chatAudioInvalid'] });
        fileType = ChatFileType.audio;
      }
      const name = (file.fileName ?? '')
        .replace(/[\\/\p{Cc}]/gu, '_')
        .trim()
        .slice(0, 255);
      const row = await repo.insertAttachment(db, {
        companyId: scope.companyId,
        uploaderId: scope.userId,
        roomId: input.idSala ?? null,
        storageKey: file.key,
        fileType,
        mimeType: file.mimeType,
        fileName: name || 'arquivo',
        sizeBytes: file.sizeBytes,
        width: file.width,
        height: file.height,
      });
      return { anexo: presentAttachment(row) };
    },

    /**
     * The media route's rule for chat files: members of the attachment's room (see repo), who save
     * it under the name it was sent with.
     */
    async mayReadMedia(reader: TenantScope, key: string): Promise<false | { fileName: string }> {
      const found = await repo.findReadableAttachment(db, reader, key);
      return found ? { fileName: found.fileName } : false;
    },

    // ---------------------------------------------------------------- socket

    /** Type 0: the room of two with another person, reused when it exists. */
    async startPersonChat(scope: TenantScope, otherId: number) {
      if (otherId === scope.userId) throw invalidFields({ idUsuarioDestino: ['validation.chatSelf'] });
      const [other] = await repo.findActiveUsers(db, scope.companyId, [otherId]);
      if (!other) throw invalidFields({ idUsuarioDestino: ['validation.chatUserInvalid'] });
      const { roomId } = await repo.findOrCreatePairRoom(db, scope.companyId, [scope.userId, otherId]);
      const [conversa] = await conversationsOf(scope, roomId);
      return { ...ok, idTipo: ChatEventType.roomChanged, idSala: roomId, conversa };
    },

    /** Type 1: checks the caller may open the room. */
    async joinRoom(scope: TenantScope, roomId: number) {
      await requireMemberRoom(scope, roomId);
      return {
        ...ok,
        idTipo: ChatEventType.read,
        idSala: roomId,
        idUsuario: scope.userId,
        idMensagens: [],
        flLidaPorTodos: 'N' as const,
      };
    },

    /**
     * Type 2: stores the message, then tells every member (the sender's own sockets included: that
     * is the acknowledgement). A client id already used returns the stored message to the sender only.
     */
    async sendMessage(scope: TenantScope, input: SendInput) {
      const { room, memberIds } = await requireMemberRoom(scope, input.idSala);
      const text = input.mensagem.trim();
      // Text made only of invisible characters (zero-width spaces) counts as empty.
      if (!hasVisibleText(text) && input.idAnexo === undefined)
        throw invalidFields({ mensagem: ['validation.chatMessageEmpty'] });
      const members = new Set(memberIds);
      const mentions = [...new Set(input.idUsuariosMencionados)].filter((id) => members.has(id));
      const resent = async () => {
        const stored = await repo.findMessageByClientId(db, scope, input.idMensagemCliente);
        return { duplicate: true as const, event: messageEvent(stored!) };
      };

      if (input.idAnexo === undefined) {
        // The common case in one statement; the event is built from what it answers.
        const stored = await repo.insertTextMessage(db, {
          scope,
          roomId: room.id,
          clientId: input.idMensagemCliente,
          text,
          mentionedIds: mentions,
        });
        if (!stored) return resent();
        const row: repo.MessageRow = {
          id: stored.id,
          clientId: input.idMensagemCliente,
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
        deliver(memberIds, messageEvent(row));
        previewInBackground(scope.companyId, stored.id, text);
        return { duplicate: false as const };
      }

      const existing = await repo.findMessageByClientId(db, scope, input.idMensagemCliente);
      if (existing) return { duplicate: true as const, event: messageEvent(existing) };
      const attachmentId = input.idAnexo;
      const attachment = await repo.findOwnUnusedAttachment(db, scope, attachmentId);
      if (!attachment || (attachment.roomId !== null && attachment.roomId !== room.id))
        throw invalidFields({ idAnexo: ['validation.chatAttachmentInvalid'] });
      const isAudio = attachment.fileType === ChatFileType.audio;
      const messageId = await db.transaction(async (tx) => {
        const id = await repo.insertMessage(tx, {
          scope,
          roomId: room.id,
          clientId: input.idMensagemCliente,
          text,
          mentionedIds: mentions,
          attachmentId,
          durationSeconds: isAudio ? (input.duracao ?? null) : null,
          audioSamples: isAudio ? (input.audioSamples ?? null) : null,
        });
        if (id === undefined) return undefined;
        if (!(await repo.claimAttachment(tx, scope, { attachmentId, roomId: room.id, messageId: id })))
          throw invalidFields({ idAnexo: ['validation.chatAttachmentInvalid'] });
        return id;
      });
      // Sent twice at the same moment: the other copy won the insert.
      if (messageId === undefined) return resent();
      const row = (await loadMessage(scope.companyId, messageId))!;
      deliver(memberIds, messageEvent(row));
      if (text) previewInBackground(scope.companyId, messageId, text);
      return { duplicate: false as const };
    },

    /** Type 3: a page of history, newest first, counted down from the anchor. */
    async loadMessages(scope: TenantScope, input: LoadInput) {
      const { room } = await requireMemberRoom(scope, input.idSala);
      const anchorId = input.idMensagemAncora ?? (await repo.newestMessageId(db, scope.companyId, room.id));
      const perPage = input.qtdRegistrosPorPagina;
      const [{ rows, total }, members] = await Promise.all([
        repo.pageRoomMessages(db, scope, {
          roomId: room.id,
          anchorId,
          offset: (input.idPaginaAtual - 1) * perPage,
          limit: perPage,
        }),
        repo.listMembersOfRooms(db, scope.companyId, [room.id]),
      ]);
      return {
        ...ok,
        idTipo: ChatEventType.historyPage,
        idSala: room.id,
        mensagens: rows.map((row) => presentMessage(row, isReadFor(row, scope.userId, members))),
        idPaginaAtual: input.idPaginaAtual,
        qtdRegistrosPorPagina: perPage,
        qtdTotalRegistros: total,
        qtdPagina: Math.ceil(total / perPage),
        idMensagemAncora: anchorId > 0 ? anchorId : null,
      };
    },

    /** Type 4: moves the reader's mark; the reader's sockets get the counts, the others a receipt. */
    async markRead(scope: TenantScope, input: MarkReadInput) {
      const { room } = await requireMemberRoom(scope, input.idSala);
      const upTo =
        input.idMensagens.length > 0
          ? await repo.newestOfRoomMessages(db, scope.companyId, room.id, input.idMensagens)
          : await repo.newestMessageId(db, scope.companyId, room.id);
      const newlyRead = upTo > 0 ? await repo.markRoomRead(db, scope, room.id, upTo) : [];
      const [unread, members] = await Promise.all([
        unreadTotals(scope),
        repo.listMembersOfRooms(db, scope.companyId, [room.id]),
      ]);
      deliver([scope.userId], {
        ...ok,
        idTipo: ChatEventType.markedRead,
        idSala: room.id,
        idMensagens: newlyRead,
        qtdMensagensNaoLidasSala: unread.rows.find((row) => row.roomId === room.id)?.unread ?? 0,
        qtdMensagensNaoLidas: unread.total,
      });
      if (newlyRead.length > 0) {
        const newest = newlyRead[newlyRead.length - 1]!;
        const everyone = members.every((member) => member.lastReadMessageId >= newest);
        deliver(
          members.map((member) => member.userId).filter((id) => id !== scope.userId),
          {
            ...ok,
            idTipo: ChatEventType.read,
            idSala: room.id,
            idUsuario: scope.userId,
            idMensagens: newlyRead,
            flLidaPorTodos: everyone ? 'S' : 'N',
          },
        );
      }
    },

    /** Type 5: the author changes the text; every member gets the message again. */
    async editMessage(scope: TenantScope, input: EditInput) {
      const before = await loadMessage(scope.companyId, input.idMensagem);
      if (!before || before.deletedAt !== null) throw new AppError('NOT_FOUND');
      await requireMemberRoom(scope, before.roomId);
      if (before.senderId !== scope.userId) throw new AppError('FORBIDDEN');
      const text = input.mensagem.trim();
      if (!hasVisibleText(text) && before.fileType === null)
        throw invalidFields({ mensagem: ['validation.chatMessageEmpty'] });
      if (!(await repo.updateMessageText(db, scope, before.id, text))) throw new AppError('NOT_FOUND');
      const [row, found] = await Promise.all([
        loadMessage(scope.companyId, before.id),
        repo.findMemberRoom(db, scope, before.roomId),
      ]);
      const last = found ? await lastMessageOfRoom(scope.companyId, found.room) : undefined;
      deliver(await memberIdsOf(scope.companyId, before.roomId), {
        ...ok,
        ...presentMessage(row!),
        idTipo: ChatEventType.edited,
        ultimaMensagemSala: last ? presentMessage(last) : null,
      });
      if (text) previewInBackground(scope.companyId, before.id, text);
    },

    /** Type 6: for everyone (the author only) or from the caller's own view. */
    async deleteMessage(scope: TenantScope, input: DeleteInput) {
      const before = await loadMessage(scope.companyId, input.idMensagem);
      if (!before) throw new AppError('NOT_FOUND');
      const { room } = await requireMemberRoom(scope, before.roomId);
      if (input.flExcluirDefinitivo === 'N') {
        await repo.hideMessage(db, scope, before.id);
        // The preview the person sees now: the last message they did not hide.
        const lastId = (await repo.findViewerLastMessageIds(db, scope, [room])).get(room.id);
        const last = lastId ? await loadMessage(scope.companyId, lastId) : undefined;
        deliver([scope.userId], {
          ...ok,
          idTipo: ChatEventType.deleted,
          idMensagem: before.id,
          idSala: room.id,
          flExcluirDefinitivo: 'N',
          ultimaMensagemSala: last ? presentMessage(last) : null,
        });
        return;
      }
      if (before.senderId !== scope.userId) throw new AppError('FORBIDDEN');
      if (before.deletedAt !== null) throw new AppError('NOT_FOUND');
      const deleted = await repo.deleteMessageForEveryone(db, scope, before.id);
      if (!deleted) throw new AppError('NOT_FOUND');
      if (deleted.storageKey) await deps.storage.remove(deleted.storageKey).catch(() => undefined);
      const found = await repo.findMemberRoom(db, scope, room.id);
      const last = found ? await lastMessageOfRoom(scope.companyId, found.room) : undefined;
      deliver(await memberIdsOf(scope.companyId, room.id), {
        ...ok,
        idTipo: ChatEventType.deleted,
        idMensagem: before.id,
        idSala: room.id,
        flExcluirDefinitivo: 'S',
        ultimaMensagemSala: last ? presentMessage(last) : null,
      });
    },

    /** Type 9: who is online in the company (the presence room) or among a room's members. */
    async listOnline(scope: TenantScope, roomId: number) {
      const online = await presence.list(presenceScope(scope.companyId));
      if (roomId === presenceRoomId)
        return { ...ok, idTipo: ChatEventType.presence, idSala: roomId, listUsuariosOnline: online };
      const { memberIds } = await requireMemberRoom(scope, roomId);
      const members = new Set(memberIds);
      return {
        ...ok,
        idTipo: ChatEventType.presence,
        idSala: roomId,
        listUsuariosOnline: online.filter((id) => members.has(id)),
      };
    },

    /** Type 7 and every frame: the user is still here. */
    touchPresence(scope: TenantScope) {
      presence.touch(presenceScope(scope.companyId), scope.userId);
    },
    async arrive(scope: TenantScope) {
      await presence.touchNow(presenceScope(scope.companyId), scope.userId);
    },
    async leave(scope: TenantScope) {
      await presence.remove(presenceScope(scope.companyId), scope.userId);
    },

    /** The messages one person sent, for their personal data export. */
    listSentMessages: (scope: TenantScope) => repo.listSentMessages(db, scope),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
