import type { Notificacao, PreferenciaNotificacao } from '@elo/contract/calls/notifications';
import {
  EmailDigest,
  notificationTypes,
  type EmailDigestValue,
  type NotificationTypeValue,
} from '@elo/contract/enums';
import type { DigestFrequency, NotificationRow, PreferenceRow } from './repo.ts';

const digestToWire = {
  none: EmailDigest.none,
  daily: EmailDigest.daily,
  weekly: EmailDigest.weekly,
} as const;

/** The stored e-mail choice of a wire value. */
export function digestFromWire(value: EmailDigestValue): 'none' | DigestFrequency {
  if (value === EmailDigest.daily) return 'daily';
  if (value === EmailDigest.weekly) return 'weekly';
  return 'none';
}

/** One notification as the bell lists it. */
export function presentNotification(row: NotificationRow): Notificacao {
  return {
    idNotificacao: row.id,
    tipo: row.type as NotificationTypeValue,
    titulo: row.title,
    texto: row.body,
    link: row.link,
    dtCriacao: row.createdAt.toISOString(),
    flLida: row.readAt ? 'S' : 'N',
  };
}

/** Every type with the person's choice, the default (in the app, no e-mail) where they made none. */
export function presentPreferences(rows: PreferenceRow[]): PreferenciaNotificacao[] {
  const byType = new Map(rows.map((row) => [row.type, row]));
  return notificationTypes.map((type) => {
    const row = byType.get(type);
    return {
      tipo: type,
      flNoApp: (row?.inApp ?? true) ? 'S' : 'N',
      email: digestToWire[(row?.emailDigest ?? 'none') as keyof typeof digestToWire],
    };
  });
}
