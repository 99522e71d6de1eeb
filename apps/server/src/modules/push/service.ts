import { pushLimits } from '@elo/contract/calls/push';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { languageOrDefault, translatorFor } from '../../platform/i18n.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { BellListener, BellNotification as NotificationRow } from '../notifications/service.ts';
import { sendToDevice, type PushOutcome, type PushSender } from './delivery.ts';
import { isAcceptedEndpoint } from './endpoint-guard.ts';
import { loadVapidKeys, type VapidKeys } from './keys.ts';
import { isConfidential, tagOf, type PushMessage } from './message.ts';
import {
  deleteDevice,
  devicesOf,
  findDevice,
  findOwnDevice,
  listDevices,
  trimDevices,
  upsertDevice,
  type DeviceRow,
} from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** One message to one device; retried with backoff while the push service answers 429 or 5xx. */
    'push-send': { deviceId: number; message: PushMessage };
  }
}

export interface PushDeps {
  db: Database;
  jobs: JobQueue;
  log: Logger;
  publicUrl: string;
  subject: string;
  allow: readonly string[];
  configuredKeys: { publicKey?: string | undefined; privateKey?: string | undefined };
}

export type PushService = PushSender & { jobs: JobQueue };

/** Web push: the server's key, each person's devices, and the sending of what reaches the bell. */
export function createPushService(deps: PushDeps): PushService {
  let keys: Promise<VapidKeys> | undefined;
  return {
    db: deps.db,
    jobs: deps.jobs,
    log: deps.log,
    subject: deps.subject,
    publicUrl: deps.publicUrl,
    allow: deps.allow,
    keys: () => {
      keys ??= loadVapidKeys(deps.db, deps.configuredKeys).catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
      return keys;
    },
  };
}

/** A subscription as the browser gives it. */
export interface DeviceRegistration {
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string | null;
}

/** The public key browsers subscribe with. */
export async function publicKey(push: PushService): Promise<string> {
  return (await push.keys()).publicKey;
}

/**
 * Registers the caller's browser (the same endpoint again updates it, never duplicates); a person
 * keeps their newest devices up to the limit.
 */
export async function registerDevice(
  push: PushService,
  owner: TenantScope,
  registration: DeviceRegistration,
): Promise<DeviceRow> {
  if (!isAcceptedEndpoint(registration.endpoint, push.allow)) {
    throw invalidFields({ endpoint: ['validation.pushEndpointRefused'] });
  }
  return push.db.transaction(async (tx) => {
    const device = await upsertDevice(tx, owner, registration);
    await trimDevices(tx, owner, pushLimits.devicesPerPerson);
    return device;
  });
}

export const ownDevices = (push: PushService, owner: TenantScope) => listDevices(push.db, owner);

export async function removeDevice(push: PushService, owner: TenantScope, deviceId: number): Promise<void> {
  if (!(await deleteDevice(push.db, deviceId, owner))) throw new AppError('NOT_FOUND');
}

/** Sends a test notification to one of the caller's devices now, and answers what the push service said. */
export async function testDevice(
  push: PushService,
  owner: TenantScope,
  deviceId: number,
  language: string,
): Promise<PushOutcome> {
  const device = await findOwnDevice(push.db, owner, deviceId);
  if (!device) throw new AppError('NOT_FOUND');
  const t = translatorFor(languageOrDefault(language));
  return sendToDevice(push, device, {
    title: t('push.testTitle'),
    body: t('push.testBody'),
    link: '/painel',
    tag: 'teste',
    lang: languageOrDefault(language),
  });
}

/**
 * The push of a notification, in its person's language (users.language, as the bell and the
 * e-mails): the bell's words, or only that there is something when the kind is confidential.
 */
function messageOf(row: NotificationRow, storedLanguage: string | null): PushMessage {
  const type = row.type as Parameters<typeof isConfidential>[0];
  const language = languageOrDefault(storedLanguage);
  if (isConfidential(type)) {
    return {
      title: translatorFor(language)('push.confidentialTitle'),
      body: '',
      link: row.link,
      tag: tagOf(type, row.link),
      lang: language,
    };
  }
  return { title: row.title, body: row.body, link: row.link, tag: tagOf(type, row.link), lang: language };
}

/** Queues a push to every device of the people whose choice keeps the kind pushed. */
async function queuePushes(push: PushService, delivered: Parameters<BellListener>[0]): Promise<void> {
  const wanted = delivered.filter((entry) => entry.push);
  const byCompany = new Map<number, NotificationRow[]>();
  for (const { row } of wanted) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
  for (const [companyId, rows] of byCompany) {
    const devices = await devicesOf(push.db, companyId, [...new Set(rows.map((row) => row.userId))]);
    for (const row of rows) {
      for (const device of devices.filter((entry) => entry.userId === row.userId)) {
        await push.jobs.send('push-send', {
          deviceId: device.id,
          message: messageOf(row, device.language),
        });
      }
    }
  }
}

/** The bell's listener: pushes are queued after the notifications are stored, never failing them. */
export function pushOnBell(push: PushService): BellListener {
  return (delivered) => {
    queuePushes(push, delivered).catch((error: unknown) =>
      push.log.error({ err: error }, 'pushes not queued'),
    );
  };
}

/** The sending job: exactly once across nodes (the queue), retried with backoff on 429, 5xx or no answer. */
export function registerPushJobs(push: PushService): void {
  push.jobs.register(
    'push-send',
    async (job) => {
      const device = await findDevice(push.db, job.data.deviceId);
      // Removed since (by its person, or a 404/410 of an earlier push): nothing to send.
      if (!device) return;
      const outcome = await sendToDevice(push, device, job.data.message);
      if (outcome.kind === 'retry' || outcome.kind === 'unreachable') {
        throw new Error(`push service answered ${outcome.status ?? 'nothing'}; retrying`);
      }
    },
    { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 60 },
  );
}
