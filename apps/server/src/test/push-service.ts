import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/**
 * A push service standing in for a browser vendor's (FCM, Mozilla, Apple), which tests cannot
 * reach: a real HTTP server that takes RFC 8030 pushes, checks each one's VAPID token (RFC 8292:
 * signed by the key it names, for this origin, not expired, with a subject) and decrypts the
 * body with the subscription's private key and auth secret (RFC 8291, aes128gcm), as the browser
 * would. Each subscription answers 201 unless a test queues other statuses for it.
 */

/** A browser's subscription: what it gives the portal, and its private half to decrypt with. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Which subscription of the stand-in this is. */
  id: string;
}

export interface ReceivedPush {
  subscription: string;
  headers: IncomingMessage['headers'];
  /** The decrypted body, parsed. */
  message: { web_push?: number; notification?: Record<string, unknown> } & Record<string, unknown>;
  /** The VAPID token's claims. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Checks an ES256 JWT signed by the uncompressed P-256 point `publicKey` (base64url); answers its claims. */
function verifiedClaims(token: string, publicKey: string): ReceivedPush['claims'] {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('not a JWT');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
}

export async function startPushService() {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer; statuses: number[] }>();
  const received: ReceivedPush[] = [];
  /** Every answer the stand-in gave, valid or not: subscription id, status and when (epoch ms). */
  const answers: { subscription: string; status: number; at: number }[] = [];
  const waiters: (() => void)[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const id = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const body = await readBody(request);
      const answer = (status: number) => {
        answers.push({ subscription: id, status, at: Date.now() });
        response.writeHead(status).end();
        for (const wake of waiters.splice(0)) wake();
      };
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) return answer(404);
      const queued = subscription.statuses.shift();
      if (queued !== undefined && queued !== 201) return answer(queued);
      try {
        const vapid = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(request.headers.authorization ?? '');
        if (!vapid) throw new Error('no VAPID authorization');
        const claims = verifiedClaims(vapid[1]!, vapid[2]!);
        if (claims.aud !== `http://${request.headers.host}`) throw new Error(`audience ${claims.aud}`);
        if (claims.exp * 1000 < Date.now()) throw new Error('expired');
        if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`subject ${claims.sub}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth.toString('base64url'),
        });
        received.push({
          subscription: id,
          headers: request.headers,
          message: JSON.parse(plain.toString('utf8')),
          claims,
          vapidPublicKey: vapid[2]!,
        });
        answer(201);
      } catch {
        // A push the real services would refuse: unauthorised.
        answer(403);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** PUSH_ENDPOINTS_ALLOW's value for a portal that should reach this stand-in. */
    allow: `${origin}/push/`,
    received,
    answers,
    /** A new browser subscription (its own key pair and auth secret). */
    subscribe(): TestSubscription {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, statuses: [] });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /**
     * The browser renews a subscription's keys at the same endpoint: from now on only pushes
     * encrypted with the new ones decrypt. Answers the subscription as the browser now gives it.
     */
    renew(subscription: TestSubscription): TestSubscription {
      const known = subscriptions.get(subscription.id)!;
      known.ecdh = createECDH('prime256v1');
      known.ecdh.generateKeys();
      known.auth = randomBytes(16);
      return {
        ...subscription,
        keys: {
          p256dh: known.ecdh.getPublicKey().toString('base64url'),
          auth: known.auth.toString('base64url'),
        },
      };
    },
    /** The next answers of a subscription, in order (then 201 again). */
    answerWith(subscription: TestSubscription, ...statuses: number[]) {
      subscriptions.get(subscription.id)!.statuses.push(...statuses);
    },
    /** Pushes received for a subscription. */
    receivedBy: (subscription: TestSubscription) =>
      received.filter((push) => push.subscription === subscription.id),
    /** Resolves once `check` holds, re-checked after each answer (fails after `timeoutMs`). */
    async until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('the push service did not receive what was awaited');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
