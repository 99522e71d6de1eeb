import {
  NotificationStreamEvent,
  type Notificacao,
  type PreferenciaNotificacao,
} from '@elo/contract/calls/notifications';
import { EmailDigest, type EmailDigestValue, type NotificationTypeValue } from '@elo/contract/enums';
import { fromFlag, toFlag, toWireDate } from '../../platform/http/wire.ts';
import type { DigestFrequency, NotificationEntry } from './repo.ts';
import type { NotificationEvent, NotificationPreference } from './service.ts';
import type { PersonEvent } from './stream.ts';

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

/** One bell entry as the bell lists it. */
export function presentNotification(entry: NotificationEntry): Notificacao {
  return {
    idNotificacao: entry.id,
    tipo: entry.type as NotificationTypeValue,
    titulo: entry.title,
    texto: entry.body,
    link: entry.link,
    dtCriacao: toWireDate(entry.createdAt),
    flLida: toFlag(entry.read),
    qtdAgrupadas: entry.count,
    qtdPessoas: entry.actorCount,
    nomes: entry.actorNames,
  };
}

/** A person's choice for one type as the preferences screen shows it. */
export const presentPreference = (preference: NotificationPreference): PreferenciaNotificacao => ({
  tipo: preference.type,
  flNoApp: toFlag(preference.inApp),
  flPush: toFlag(preference.push),
  email: digestToWire[preference.emailDigest],
});

/** A choice the preferences screen sends, in the domain's words. */
export const preferenceOf = (choice: PreferenciaNotificacao): NotificationPreference => ({
  type: choice.tipo,
  inApp: fromFlag(choice.flNoApp),
  push: fromFlag(choice.flPush),
  emailDigest: digestFromWire(choice.email),
});

/** An event for a person's open tabs as the stream sends it. */
export function personEventOf(event: NotificationEvent): PersonEvent {
  if (event.kind === 'created') {
    return {
      userId: event.userId,
      event: NotificationStreamEvent.created,
      data: { qtdNaoLidas: event.unread, notificacao: presentNotification(event.notification) },
    };
  }
  return {
    userId: event.userId,
    event: NotificationStreamEvent.read,
    data: { qtdNaoLidas: event.unread, ...(event.readIds ? { idsNotificacoes: event.readIds } : {}) },
  };
}
