import { createHash } from 'node:crypto';
import { NotificationType, type NotificationTypeValue } from '@elo/contract/enums';

/** What one push says: no more than the bell shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** A portal path (/painel/publicacao/12) opened when the notification is tapped. */
  link: string | null;
  /** Pushes with the same tag replace each other on the device (the same kind on the same item). */
  tag: string;
  lang: string;
}

/** Kinds whose text stays in the portal: the push says only that there is something. */
const confidentialKinds: ReadonlySet<NotificationTypeValue> = new Set([NotificationType.hrTicketAnswer]);

export const isConfidential = (type: NotificationTypeValue) => confidentialKinds.has(type);

/** The tag of a notification: its kind and what it is about, so later ones on the same item replace it. */
export const tagOf = (type: NotificationTypeValue, link: string | null) => `${type}:${link ?? ''}`;

/**
 * RFC 8030's Topic header (at most 32 characters of the URL-safe base64 alphabet): a digest of
 * the tag, so a push service holding an undelivered message replaces it with the newer one.
 */
export const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * The payload: a Declarative Web Push message (the `web_push: 8030` form), which Safari shows
 * without running the worker; the portal's worker shows the same for other browsers.
 */
export function declarativePayload(message: PushMessage, publicUrl: string): string {
  return JSON.stringify({
    web_push: 8030,
    notification: {
      title: message.title,
      ...(message.body ? { body: message.body } : {}),
      navigate: new URL(message.link ?? '/painel', `${publicUrl}/`).href,
      tag: message.tag,
      lang: message.lang,
      dir: 'auto',
    },
  });
}
