import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { flagSchema, idSchema, okSchema, required, tooLong } from '../wire.ts';

/**
 * Web push from the portal's own server (issue 30): the standard protocol (VAPID, RFC 8030, 8291
 * and 8292), no third-party account. Each person registers the browsers they want alerts on;
 * what reaches the bell is also pushed to them.
 */

const own = { audience: 'user' } as const;

export const pushLimits = {
  /** Push services' endpoints are a few hundred characters; this leaves room without inviting abuse. */
  endpointMax: 2_000,
  /** A P-256 public key, base64url: 87 characters. */
  p256dhMax: 200,
  /** 16 random bytes, base64url: 22 characters. */
  authMax: 100,
  deviceNameMax: 100,
  /** Devices one person may keep registered (the oldest goes when a new one comes). */
  devicesPerPerson: 20,
} as const;

/** The server's VAPID public key, for the browser's `pushManager.subscribe({applicationServerKey})`. */
export const consultaChavePublicaPush = defineCall({
  name: 'consultaChavePublicaPush',
  mode: 'read',
  ...own,
  input: z.object({}),
  output: z.object({ chavePublica: z.string() }),
});

/** One browser's subscription, as `PushSubscription.toJSON()` gives it. */
export const registraDispositivoPush = defineCall({
  name: 'registraDispositivoPush',
  mode: 'write',
  ...own,
  input: z.object({
    endpoint: z
      .string(required)
      .trim()
      .min(1, required)
      .max(pushLimits.endpointMax, tooLong)
      .pipe(z.url({ error: 'validation.pushEndpointInvalid' })),
    chaves: z.object({
      p256dh: z.string(required).trim().min(1, required).max(pushLimits.p256dhMax, tooLong),
      auth: z.string(required).trim().min(1, required).max(pushLimits.authMax, tooLong),
    }),
    nomeDispositivo: z.string().trim().max(pushLimits.deviceNameMax, tooLong).optional(),
  }),
  output: z.object({ idDispositivo: z.number().int() }),
});

export const dispositivoPushSchema = z.object({
  idDispositivo: z.number().int(),
  nomeDispositivo: z.string().nullable(),
  dtCadastro: z.string(),
  dtUltimoEnvio: z.string().nullable(),
});
export type DispositivoPush = z.infer<typeof dispositivoPushSchema>;

/** The caller's registered devices, newest first. */
export const consultaDispositivosPush = defineCall({
  name: 'consultaDispositivosPush',
  mode: 'read',
  ...own,
  input: z.object({}),
  output: z.object({ listDispositivos: z.array(dispositivoPushSchema) }),
});

/** Forgets one of the caller's devices (it receives nothing more). */
export const removeDispositivoPush = defineCall({
  name: 'removeDispositivoPush',
  mode: 'write',
  ...own,
  input: z.object({ idDispositivo: idSchema }),
  output: okSchema,
});

/**
 * Sends a test notification to one of the caller's devices now and reports what the push service
 * answered: its HTTP status (null when it could not be reached) and, in words, what that means.
 */
export const enviaPushTeste = defineCall({
  name: 'enviaPushTeste',
  mode: 'write',
  ...own,
  input: z.object({ idDispositivo: idSchema }),
  output: z.object({
    flEntregue: flagSchema,
    statusServico: z.number().int().nullable(),
    mensagem: z.string(),
  }),
});
