import { AppError } from '../../../platform/http/app-error.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import type { ChatModule } from '../model.ts';
import * as repo from './repo.ts';

/** The room with its members' ids, when the caller is one of them (CHAT_NOT_MEMBER otherwise). */
export async function requireMemberRoom(chat: ChatModule, scope: TenantScope, roomId: number) {
  const found = await repo.findMemberRoom(chat.db, scope, roomId);
  if (!found) throw new AppError('CHAT_NOT_MEMBER');
  return found;
}

/** A group the caller belongs to (NOT_FOUND for a room of two). */
export async function requireMemberGroup(chat: ChatModule, scope: TenantScope, roomId: number) {
  const { room } = await requireMemberRoom(chat, scope, roomId);
  if (room.kind !== 'group') throw new AppError('NOT_FOUND');
  return room;
}

/** Who belongs to a room now. */
export async function memberIdsOf(chat: ChatModule, companyId: number, roomId: number): Promise<number[]> {
  return (await repo.listMembersOfRooms(chat.db, companyId, [roomId])).map((member) => member.userId);
}
