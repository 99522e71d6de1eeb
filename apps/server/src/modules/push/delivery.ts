import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../platform/logger.ts';
import { isAcceptedEndpoint, isAllowListed, publicOnlyAgent } from './endpoint-guard.ts';
import type { VapidKeys } from './keys.ts';
import { declarativePayload, topicOf, type PushMessage } from './message.ts';
import { deleteDevice, markSent, type DeviceRow } from './repo.ts';

/** What became of one push. */
export type PushOutcome =
  /** The push service took it (201). */
  | { kind: 'delivered'; status: number }
  /** 404 or 410: the subscription is gone, and so is the device here. */
  | { kind: 'gone'; status: number }
  /** 429 or 5xx: the push service asks to come back later (the job retries with backoff). */
  | { kind: 'retry'; status: number }
  /** Another 4xx: sending it again would not help. */
  | { kind: 'rejected'; status: number }
  /** No answer (network, DNS, timeout): retried too. */
  | { kind: 'unreachable'; status: null }
  /** The endpoint is not one the server may send to: the device is forgotten. */
  | { kind: 'refused'; status: null };

export interface PushSender {
  db: Database;
  log: Logger;
  keys: () => Promise<VapidKeys>;
  subject: string;
  publicUrl: string;
  /** PUSH_ENDPOINTS_ALLOW's prefixes. */
  allow: readonly string[];
}

/** How long a push service keeps an undelivered message for a device that is offline (a day). */
const timeToLiveSeconds = 86_400;
const requestTimeoutMs = 10_000;

/** POSTs the encrypted message and answers the push service's status. */
function post(details: webpush.RequestDetails, allowListed: boolean): Promise<number> {
  const url = new URL(details.endpoint);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: details.method,
        headers: details.headers,
        timeout: requestTimeoutMs,
        ...(url.protocol === 'https:' && !allowListed ? { agent: publicOnlyAgent } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
    outgoing.on('error', reject);
    outgoing.end(details.body ?? undefined);
  });
}

/**
 * Encrypts (aes128gcm, RFC 8291), signs (VAPID, RFC 8292) and sends one message to one device,
 * and keeps the device list true: a gone subscription or a refused endpoint is forgotten, a
 * delivery stamps the device's last sending.
 */
export async function sendToDevice(
  sender: PushSender,
  device: DeviceRow,
  message: PushMessage,
): Promise<PushOutcome> {
  const allowListed = isAllowListed(device.endpoint, sender.allow);
  if (!isAcceptedEndpoint(device.endpoint, sender.allow)) {
    await deleteDevice(sender.db, device.id);
    return { kind: 'refused', status: null };
  }
  const keys = await sender.keys();
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    declarativePayload(message, sender.publicUrl),
    {
      vapidDetails: { subject: sender.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: timeToLiveSeconds,
      urgency: 'normal',
      topic: topicOf(message.tag),
      contentEncoding: 'aes128gcm',
    },
  );
  let status: number;
  try {
    status = await post(details, allowListed);
  } catch (error) {
    sender.log.warn({ err: error, device: device.id }, 'push service unreachable');
    return { kind: 'unreachable', status: null };
  }
  if (status >= 200 && status < 300) {
    await markSent(sender.db, device.id, new Date());
    return { kind: 'delivered', status };
  }
  if (status === 404 || status === 410) {
    await deleteDevice(sender.db, device.id);
    return { kind: 'gone', status };
  }
  if (status === 429 || status >= 500) return { kind: 'retry', status };
  sender.log.warn({ device: device.id, status }, 'push refused by the push service');
  return { kind: 'rejected', status };
}
