import type { TenantScope } from '../../../platform/tenancy.ts';
import { presenceRoomId, type ChatModule, type ChatUpdate } from '../model.ts';
import { requireMemberRoom } from '../rooms/membership.ts';

/** Presence is kept per company. */
const presenceScope = (companyId: number) => String(companyId);

/** The company's people online now. */
export function listOnlineIds(chat: ChatModule, companyId: number): Promise<number[]> {
  return chat.presence.list(presenceScope(companyId));
}

/** Type 9: who is online in the company (the presence room) or among a room's members. */
export async function listOnline(chat: ChatModule, scope: TenantScope, roomId: number): Promise<ChatUpdate> {
  const online = await listOnlineIds(chat, scope.companyId);
  if (roomId === presenceRoomId) return { kind: 'presence', roomId, onlineIds: online };
  const { memberIds } = await requireMemberRoom(chat, scope, roomId);
  const members = new Set(memberIds);
  return { kind: 'presence', roomId, onlineIds: online.filter((id) => members.has(id)) };
}

/** Type 7 and every frame: the user is still here. */
export function touchPresence(chat: ChatModule, scope: TenantScope): void {
  chat.presence.touch(presenceScope(scope.companyId), scope.userId);
}

/** A person's first socket on this node: online at once. */
export async function arrive(chat: ChatModule, scope: TenantScope): Promise<void> {
  await chat.presence.touchNow(presenceScope(scope.companyId), scope.userId);
}

/** A person's last socket on this node closed. */
export async function leave(chat: ChatModule, scope: TenantScope): Promise<void> {
  await chat.presence.remove(presenceScope(scope.companyId), scope.userId);
}
