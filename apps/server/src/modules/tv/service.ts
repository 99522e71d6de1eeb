import { consumeOrRefuse, consumePoint, type LimiterFactory } from '../../platform/rate-limit.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import type { Database } from '../../db/client.ts';
import { AppError, tooManyRequests } from '../../platform/http/app-error.ts';
import type { Device } from '../../platform/http/bind-call.ts';
import type { TvMediaSigner } from './media.ts';
import { findScreen, findScreenByToken, isScreenPaired, touchScreen, type ScreenRow } from './repo.ts';

/** Who calls from the administration: their company. */
export interface TvScope {
  companyId: number;
}

/** Where an anonymous request came from: for throttling and the audit. */
export interface RequestOrigin {
  ip: string;
  userAgent?: string | undefined;
}

/** What the service tells the screens' live streams. */
export interface TvNotifier {
  contentChanged(companyId: number, screenIds?: number[] | null): void;
  revoked(companyId: number, screenIds: number[]): void;
  isConnected(screenId: number): boolean;
}

export interface TvServiceDeps {
  db: Database;
  limiters: LimiterFactory;
  signer: TvMediaSigner;
  /** Pairing calls (solicitaCodigoTv, consultaPareamentoTv) one address may make in 15 minutes. */
  maxCallsPerAddress: number;
  /** Wrong or stale codes one address may try in 15 minutes (pairing by an administrator too). */
  maxCodeFailuresPerAddress: number;
  /** Calls one screen's device may make in a minute. */
  maxDeviceCallsPerMinute: number;
}

/** A screen's contact is written at most this often. */
export const contactWriteSeconds = 30;

export type TvService = ReturnType<typeof createTvService>;

/**
 * Corporate TV: the administration's screens (screens.ts, each change audited in its
 * transaction), pairing by a one-time code (pairing.ts), the device tokens, and what a screen
 * rotates (content.ts), built from the announcements', publications' and people's own services.
 * The module holds its limiters and, once attached, the screens' live streams.
 */
export function createTvService(deps: TvServiceDeps) {
  const window = 15 * 60;
  const { db } = deps;
  const tv = {
    ...deps,
    // The live streams need this module's device resolver, so they are attached once built.
    live: undefined as TvNotifier | undefined,
    byAddress: deps.limiters({
      keyPrefix: 'tv-address',
      points: deps.maxCallsPerAddress,
      durationSeconds: window,
    }),
    // Wrong codes are counted apart: a screen's guesses per address, an administrator's per person,
    // so screens guessing behind a company's NAT never block its administrators from pairing.
    failures: deps.limiters({
      keyPrefix: 'tv-code-failures',
      points: deps.maxCodeFailuresPerAddress,
      durationSeconds: window,
    }),
    adminFailures: deps.limiters({
      keyPrefix: 'tv-admin-code-failures',
      points: deps.maxCodeFailuresPerAddress,
      durationSeconds: window,
    }),
    byDevice: deps.limiters({
      keyPrefix: 'tv-device',
      points: deps.maxDeviceCallsPerMinute,
      durationSeconds: 60,
    }),

    /** Connects the screens' live streams: changes are told to them from now on. */
    attachLive(notifier: TvNotifier) {
      tv.live = notifier;
    },

    /** The device a bearer token belongs to (none for a missing, revoked, replaced or forged one). */
    async resolveDevice(token: string): Promise<Device | undefined> {
      const screen = await findScreenByToken(db, hashToken(token));
      return screen && { companyId: screen.companyId, deviceId: screen.id };
    },

    /** Records a screen's contact (at most once per 30 seconds). */
    touch: (screenId: number) => touchScreen(db, screenId, contactWriteSeconds),

    /** Whether the screen is paired now (its files' signed addresses work only then). */
    isPaired: (companyId: number, screenId: number) => isScreenPaired(db, companyId, screenId),

    /** Counts one call of a screen's device: 429 past its limit per minute. */
    admitDevice: (device: Device) => consumeOrRefuse(tv.byDevice, String(device.deviceId)),
  };
  return tv;
}

/** Refuses a guesser (a screen's address, an administrator) that got too many codes wrong already. */
export async function refuseGuesser(limiter: TvService['failures'], guesser: string) {
  const left = await limiter.get(guesser);
  if (left && left.remainingPoints <= 0) throw tooManyRequests(left.msBeforeNext);
}

/** The one answer for a code that expired, was used, never existed or is another browser's. */
export async function invalidCode(limiter: TvService['failures'], guesser: string): Promise<never> {
  const wait = await consumePoint(limiter, guesser);
  if (wait !== undefined) throw tooManyRequests(wait);
  throw new AppError('TV_CODIGO_INVALIDO');
}

/** A screen of the company; 404 when there is none. */
export async function requireScreen(
  within: Database,
  companyId: number,
  screenId: number,
): Promise<ScreenRow> {
  const row = await findScreen(within, companyId, screenId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
