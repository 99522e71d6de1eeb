import type { TenantScope } from '../../platform/tenancy.ts';
import { visibleTo } from '../announcements/repo.ts';
import { memberMessageSql, memberRoomIdsSql } from '../chat/messages/repo.ts';
import { directoryPersonSql } from '../chat/people/repo.ts';
import { ownTicketSql } from '../hr-tickets/repo/tickets.ts';
import { audienceSurveySql } from '../surveys/repo/surveys.ts';
import { visiblePostSql } from '../timeline/feed-repo.ts';
import type { VisibilityRules } from './model.ts';

/**
 * The rules the modules hand the search (search/module.ts), taken from their repos directly: for
 * tests and the benchmark's `explain-search.ts`, which run the search's statements without the app.
 */
export const visibilityRules: VisibilityRules = {
  post: visiblePostSql,
  person: directoryPersonSql,
  message: memberMessageSql,
  messageRooms: memberRoomIdsSql,
  announcement: (scope: TenantScope) => visibleTo(scope.companyId, scope.userId),
  survey: audienceSurveySql,
  ticket: ownTicketSql,
};
