import { portalWorkerUrl } from './register.ts';

/**
 * This browser's side of web push (issue 30): whether it can receive pushes, its current
 * subscription, and subscribing or unsubscribing through the portal's worker.
 */

/**
 * Why this browser cannot receive the portal's pushes, or null when it may. A permission blocked
 * for the site is told after the tap (the prompt then answers 'denied' at once), not guessed before:
 * some browsers report 'denied' until they are asked.
 */
export type PushUnavailable = 'unsupported';

export function pushUnavailable(): PushUnavailable | null {
  const capable =
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  return capable ? null : 'unsupported';
}

async function portalRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing) return existing;
  return navigator.serviceWorker.register(portalWorkerUrl, { scope: '/' });
}

/** This browser's subscription to the portal's pushes, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushUnavailable() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Thrown when the person did not allow notifications at the browser's prompt. */
export class PushPermissionDenied extends Error {}

/**
 * Asks the browser's permission (call it from a tap: browsers ignore or punish prompts on load)
 * and subscribes with the server's key. Rejects with PushPermissionDenied when refused, or with the
 * browser's own error when its push service cannot be reached.
 */
export async function subscribeThisBrowser(serverKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied(permission);
  const registration = await portalRegistration();
  await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(serverKey.replace(/-/g, '+').replace(/_/g, '/')), (char) =>
    char.charCodeAt(0),
  );
  // A browser whose push service cannot be reached may never answer (Chromium without its vendor's
  // service waits forever): after a while that is a failure to say, not a switch stuck waiting.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushServiceSilent()), pushServiceWaitMs);
  });
  try {
    return await Promise.race([
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      silence,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long the browser's push service may take to subscribe before the portal says it failed. */
export const pushServiceWaitMs = 15_000;

/** The browser's push service did not answer the subscription in time. */
export class PushServiceSilent extends Error {}

/** The subscription as the registration call takes it. */
export function subscriptionKeys(subscription: PushSubscription): {
  endpoint: string;
  chaves: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    chaves: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** What people call this browser and its system ('Chrome', 'Android'); '' for one not recognised. */
export function browserAndSystem(userAgent: string): { browser: string; system: string } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X/.test(userAgent)
            ? 'macOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  return { browser, system };
}
