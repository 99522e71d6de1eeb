import { notificationTypes, type Language, type NotificationTypeValue } from '@elo/contract/enums';
import type { TFunction } from 'i18next';
import { languageOrDefault, translatorFor } from '../../platform/i18n.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import { pageOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import {
  countUnread,
  countUnreadByUser,
  entryIdOf,
  filterCompanyUsers,
  findEntries,
  findPreferencesOf,
  insertNotifications,
  listPreferences,
  markRead,
  pageNotifications,
  upsertPreferences,
  type DigestFrequency,
  type NotificationEntry,
  type NotificationRow,
} from './repo.ts';

/**
 * A notification's title or text: worded already (a reminder's own title, a comment's words), or
 * worded for each person in their language (users.language) by the server's catalogue.
 */
export type BellText = string | ((t: TFunction, language: Language) => string);

/** What a feature tells people: one notification each, of one type. */
export interface NotifyInput {
  companyId: number;
  userIds: number[];
  type: NotificationTypeValue;
  title: BellText;
  body: BellText;
  /** A path of the portal that shows the target (/painel/publicacao/12). */
  link: string | null;
  /**
   * Groups it with the same kind about the same item: a person's notification joins their unread
   * bell entry of this key (`post-comment:12`), which then names its people ('Carlos e mais 2…');
   * without an actor (HR's answers, reading reminders) the entry shows the newest one's words.
   */
  group?: { key: string; actorUserId?: number | null } | undefined;
}

/**
 * What one person's open tabs are told: an entry that is new or grew (it goes to the top), or
 * some entries (no ids: all) marked read.
 */
export type NotificationEvent =
  | { userId: number; kind: 'created'; unread: number; notification: NotificationEntry }
  | { userId: number; kind: 'read'; unread: number; readIds?: number[] };

/**
 * What another module is told once notifications reached the bell: each new row, and whether its
 * person keeps the type pushed to their devices (web push, modules/push).
 */
export type BellListener = (delivered: { row: BellNotification; push: boolean }[]) => void;

/** A notification that reached the bell, as listeners see it. */
export type BellNotification = NotificationRow;

/** A person's choice for one type: in the bell or not, and in which e-mail digest. */
export interface NotificationPreference {
  type: NotificationTypeValue;
  inApp: boolean;
  emailDigest: 'none' | DigestFrequency;
  /** Pushed to the person's registered devices too. */
  push: boolean;
}

export interface NotificationsDeps {
  db: Database;
  /** Hands events to their people's open tabs on every node. */
  publish: (events: NotificationEvent[]) => void;
  log: Logger;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Notifications: what features emit, the bell's list and read marks, and each person's choices. */
export function createNotificationsService(deps: NotificationsDeps) {
  const listeners: BellListener[] = [];
  return {
    ...deps,
    /** Called by every feature that tells people something (see `notify`). */
    notify: (input: NotifyInput) => notify(deps, listeners, input),
    /** Runs `listener` with every batch of notifications that reached the bell (web push). */
    onBell: (listener: BellListener) => {
      listeners.push(listener);
    },
    /** The caller's unread count (the stream's first event). */
    countUnread: (scope: TenantScope) => countUnread(deps.db, scope),
  };
}

/**
 * Stores a notification for each person whose choice keeps the type in the app (the default)
 * or in an e-mail digest, then sends the bell's items live to their open tabs. Called after the
 * feature's change is stored; a failure here is logged and never undoes or fails that change.
 */
async function notify(deps: NotificationsDeps, listeners: BellListener[], input: NotifyInput): Promise<void> {
  const { db } = deps;
  try {
    const recipients = await filterCompanyUsers(db, input.companyId, [...new Set(input.userIds)]);
    const userIds = recipients.map((recipient) => recipient.id);
    const languages = new Map(
      recipients.map((recipient) => [recipient.id, languageOrDefault(recipient.language)]),
    );
    const worded = (text: BellText, userId: number) => {
      if (typeof text === 'string') return text;
      const language = languages.get(userId) ?? languageOrDefault(null);
      return text(translatorFor(language), language);
    };
    const choices = new Map(
      (await findPreferencesOf(db, { companyId: input.companyId, userIds, type: input.type })).map((row) => [
        row.userId,
        row,
      ]),
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
            title: worded(input.title, userId).slice(0, 200),
            body: worded(input.body, userId),
            link: input.link,
            inApp,
            groupKey: input.group?.key.slice(0, 80) ?? null,
            actorUserId: input.group?.actorUserId ?? null,
          },
        ];
      }),
    );
    const shown = rows.filter((row) => row.inApp);
    const unread = await countUnreadByUser(
      db,
      shown.map((row) => row.userId),
    );
    const entries = await findEntries(
      db,
      shown.map((row) => ({ userId: row.userId, entryId: entryIdOf(row) })),
    );
    const wanted = new Set(shown.map((row) => `${row.userId}:${entryIdOf(row)}`));
    deps.publish(
      entries
        .filter((entry) => wanted.has(`${entry.userId}:${entry.id}`))
        .map((entry) => ({
          userId: entry.userId,
          kind: 'created' as const,
          unread: unread.get(entry.userId) ?? 0,
          notification: entry,
        })),
    );
    const delivered = shown.map((row) => ({ row, push: choices.get(row.userId)?.push ?? true }));
    for (const listener of listeners) listener(delivered);
  } catch (error) {
    deps.log.error({ err: error, type: input.type }, 'notifications not stored');
  }
}

/** The caller's bell: a page of entries, newest activity first, and the unread entries' count. */
export async function listNotifications(
  notifications: NotificationsService,
  scope: TenantScope,
  query: PageQuery,
): Promise<{ page: Page<NotificationEntry>; unread: number }> {
  const { rows, total } = await pageNotifications(notifications.db, scope, query);
  return { page: pageOf(query, rows, total), unread: await countUnread(notifications.db, scope) };
}

/**
 * Marks the caller's own bell entries read, with every notification each groups (ids of anyone
 * else's match nothing and are ignored), and tells the caller's other tabs. Answers the unread
 * count left.
 */
export async function markNotificationsRead(
  notifications: NotificationsService,
  scope: TenantScope,
  ids: number[] | 'all',
): Promise<number> {
  const changed = await markRead(notifications.db, scope, ids);
  const unread = await countUnread(notifications.db, scope);
  if (changed.length > 0) {
    notifications.publish([
      { userId: scope.userId, kind: 'read', unread, ...(ids === 'all' ? {} : { readIds: changed }) },
    ]);
  }
  return unread;
}

/** The caller's choice for every type, the default (in the app, no e-mail) where they made none. */
export async function notificationPreferences(
  notifications: NotificationsService,
  scope: TenantScope,
): Promise<NotificationPreference[]> {
  const byType = new Map((await listPreferences(notifications.db, scope)).map((row) => [row.type, row]));
  return notificationTypes.map((type) => {
    const row = byType.get(type);
    return {
      type,
      inApp: row?.inApp ?? true,
      emailDigest: (row?.emailDigest ?? 'none') as NotificationPreference['emailDigest'],
      push: row?.push ?? true,
    };
  });
}

/** Saves the caller's choices for the types named. */
export async function saveNotificationPreferences(
  notifications: NotificationsService,
  scope: TenantScope,
  choices: NotificationPreference[],
): Promise<void> {
  // A type named twice: the last choice counts.
  const byType = new Map(choices.map((choice) => [choice.type, choice]));
  await upsertPreferences(notifications.db, scope, [...byType.values()]);
}
