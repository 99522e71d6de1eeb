import type { PreferenciaNotificacao } from '@elo/contract/calls/notifications';
import { NotificationStreamEvent } from '@elo/contract/calls/notifications';
import type { NotificationTypeValue } from '@elo/contract/enums';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { digestFromWire, presentNotification, presentPreferences } from './presenter.ts';
import {
  countUnread,
  countUnreadByUser,
  filterCompanyUsers,
  findPreferencesOf,
  insertNotifications,
  listPreferences,
  markRead,
  pageNotifications,
  upsertPreferences,
} from './repo.ts';
import type { PersonEvent } from './stream.ts';

/** What a feature tells people: one notification each, of one type. */
export interface NotifyInput {
  companyId: number;
  userIds: number[];
  type: NotificationTypeValue;
  title: string;
  body: string;
  /** A path of the portal that shows the target (/painel/publicacao/12). */
  link: string | null;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Notifications: what features emit, the bell's list and read marks, and each person's choices. */
export function createNotificationsService(deps: {
  db: Database;
  /** Hands events to their people's open tabs on every node. */
  publish: (events: PersonEvent[]) => void;
  log: Logger;
}) {
  const { db } = deps;

  return {
    /**
     * Stores a notification for each person whose choice keeps the type in the app (the default)
     * or in an e-mail digest, then sends the bell's items live to their open tabs. Called after the
     * feature's change is stored; a failure here is logged and never undoes or fails that change.
     */
    async notify(input: NotifyInput): Promise<void> {
      try {
        const userIds = await filterCompanyUsers(db, input.companyId, [...new Set(input.userIds)]);
        const choices = new Map(
          (await findPreferencesOf(db, { companyId: input.companyId, userIds, type: input.type })).map(
            (row) => [row.userId, row],
          ),
        );
        const rows = await insertNotifications(
          db,
          userIds.flatMap((userId) => {
            const choice = choices.get(userId);
            const inApp = choice?.inApp ?? true;
            if (!inApp && (choice?.emailDigest ?? 'none') === 'none') return [];
            return [
              {
                companyId: input.companyId,
                userId,
                type: input.type,
                title: input.title.slice(0, 200),
                body: input.body,
                link: input.link,
                inApp,
              },
            ];
          }),
        );
        const shown = rows.filter((row) => row.inApp);
        const unread = await countUnreadByUser(
          db,
          shown.map((row) => row.userId),
        );
        deps.publish(
          shown.map((row) => ({
            userId: row.userId,
            event: NotificationStreamEvent.created,
            data: { qtdNaoLidas: unread.get(row.userId) ?? 0, notificacao: presentNotification(row) },
          })),
        );
      } catch (error) {
        deps.log.error({ err: error, type: input.type }, 'notifications not stored');
      }
    },

    /** The caller's bell: a page, newest first, and the unread count. */
    async list(scope: TenantScope, page: { page: number; pageSize: number }) {
      const { rows, total } = await pageNotifications(db, scope, page);
      return {
        listNotificacoes: rows.map(presentNotification),
        idPaginaAtual: page.page,
        qtdRegistrosPorPagina: page.pageSize,
        qtdTotalRegistros: total,
        qtdNaoLidas: await countUnread(db, scope),
      };
    },

    /** The caller's unread count (the stream's first event). */
    countUnread: (scope: TenantScope) => countUnread(db, scope),

    /**
     * Marks the caller's own notifications read (ids of anyone else's match nothing and are
     * ignored), and tells the caller's other tabs.
     */
    async markRead(scope: TenantScope, ids: number[] | 'all') {
      const changed = await markRead(db, scope, ids);
      const unread = await countUnread(db, scope);
      if (changed.length > 0) {
        deps.publish([
          {
            userId: scope.userId,
            event: NotificationStreamEvent.read,
            data: { qtdNaoLidas: unread, ...(ids === 'all' ? {} : { idsNotificacoes: changed }) },
          },
        ]);
      }
      return { qtdNaoLidas: unread };
    },

    /** The caller's choice for every type (defaults where they made none). */
    async preferences(scope: TenantScope) {
      return { listPreferencias: presentPreferences(await listPreferences(db, scope)) };
    },

    /** Saves the caller's choices for the types named. */
    async savePreferences(scope: TenantScope, choices: PreferenciaNotificacao[]) {
      // A type named twice: the last choice counts.
      const byType = new Map(choices.map((choice) => [choice.tipo, choice]));
      await upsertPreferences(
        db,
        scope,
        [...byType.values()].map((choice) => ({
          type: choice.tipo,
          inApp: choice.flNoApp === 'S',
          emailDigest: digestFromWire(choice.email),
        })),
      );
      return { ok: true as const };
    },
  };
}
