import { invalidFields } from '../../../platform/http/app-error.ts';
import { pageOf, rowsOf, type Page, type PageQuery } from '../../../platform/paging.ts';
import type { TenantScope } from '../../../platform/tenancy.ts';
import type { ChatModule, ChatPerson } from '../model.ts';
import { listOnlineIds } from './presence.ts';
import * as repo from './repo.ts';

/** Whom to look for in the company's people. */
export interface PeopleQuery {
  /** Part of the name (case ignored); empty finds everyone. */
  name: string;
  page: PageQuery;
}

/** The company's active people but the caller, by name, one page: whom one can chat with. */
export async function listPeople(
  chat: ChatModule,
  scope: TenantScope,
  query: PeopleQuery,
): Promise<Page<ChatPerson>> {
  const { rows, total } = await repo.pageCompanyUsers(chat.db, scope, {
    name: query.name,
    ...rowsOf(query.page),
  });
  const online = new Set(await listOnlineIds(chat, scope.companyId));
  return pageOf(
    query.page,
    rows.map((row) => ({ ...row, online: online.has(row.id) })),
    total,
  );
}

/**
 * Active people of the company among the ids, the caller left out; a 422 on `field` when any is
 * not one.
 */
export async function requireColleagues(
  chat: ChatModule,
  scope: TenantScope,
  ids: number[],
  field: string,
): Promise<number[]> {
  const wanted = [...new Set(ids.filter((id) => id !== scope.userId))];
  const found = await repo.findActiveUsers(chat.db, scope.companyId, wanted);
  if (found.length !== wanted.length) throw invalidFields({ [field]: ['validation.chatUserInvalid'] });
  return wanted;
}
