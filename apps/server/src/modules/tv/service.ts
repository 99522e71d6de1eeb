import { randomBytes, randomInt } from 'node:crypto';
import { AuditAction } from '@elo/contract/calls/audit';
import { tvLimits, type salvaTelaTvAdminInputSchema } from '@elo/contract/calls/tv';
import { sharedConfig } from '@elo/contract/limits';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { actorAt, type Actor } from '../../platform/auth/actor.ts';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import { AppError, invalidFields, tooManyRequests } from '../../platform/http/app-error.ts';
import type { Device } from '../../platform/http/bind-call.ts';
import { consumeOrRefuse, consumePoint, type LimiterFactory } from '../../platform/rate-limit.ts';
import { listScreenAnnouncements } from '../announcements/service.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { listCelebrations } from '../my-account/service.ts';
import { listOutPublicationsForScreen } from '../publications/service.ts';
import type { TvMediaSigner } from './media.ts';
import { auditedFields, presentContent, presentScreen } from './presenter.ts';
import {
  bindCode,
  deleteScreen,
  deleteStaleCodes,
  findCompanyBrand,
  findCompanyGroupIds,
  findLiveCode,
  findScreen,
  findScreenByToken,
  insertPairingCode,
  insertScreen,
  isScreenPaired,
  listGroupChoices,
  listScreens,
  lockScreen,
  markCodeUsed,
  replaceScreenGroups,
  setScreenToken,
  touchScreen,
  updateScreen,
  voidPendingCodes,
  type ScreenRow,
  type ScreenValues,
} from './repo.ts';

export type SaveScreenInput = z.output<typeof salvaTelaTvAdminInputSchema>;

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
const contactWriteSeconds = 30;

/** A new pairing code: crypto-random over the alphabet without look-alikes. */
function newCode(): string {
  const alphabet = tvLimits.codeAlphabet;
  let code = '';
  for (let i = 0; i < tvLimits.codeLength; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Today's date in the company's time zone, as yyyy-MM-dd. */
function companyDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: sharedConfig.currentTimezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const valuesOf = (input: SaveScreenInput, groupIds: number[]): ScreenValues => ({
  name: input.nome,
  groupIds,
  secondsPerSlide: input.segundosPorSlide,
  showAnnouncements: input.flComunicados === 'S',
  showPublications: input.flPublicacoes === 'S',
  publicationCount: input.qtdPublicacoes,
  showCelebrations: input.flAniversariantes === 'S',
});

export type TvService = ReturnType<typeof createTvService>;

/**
 * Corporate TV: the administration's screens (each change audited in its transaction), pairing by
 * a one-time code, the device tokens, and what a screen rotates, built from the announcements',
 * publications' and people's own services.
 */
export function createTvService(deps: TvServiceDeps) {
  const { db, signer } = deps;
  // The live streams need this service's device resolver, so they are attached once built.
  let live: TvNotifier | undefined;
  const window = 15 * 60;
  const byAddress = deps.limiters({
    keyPrefix: 'tv-address',
    points: deps.maxCallsPerAddress,
    durationSeconds: window,
  });
  // Wrong codes are counted apart: a screen's guesses per address, an administrator's per person,
  // so screens guessing behind a company's NAT never block its administrators from pairing.
  const failures = deps.limiters({
    keyPrefix: 'tv-code-failures',
    points: deps.maxCodeFailuresPerAddress,
    durationSeconds: window,
  });
  const adminFailures = deps.limiters({
    keyPrefix: 'tv-admin-code-failures',
    points: deps.maxCodeFailuresPerAddress,
    durationSeconds: window,
  });
  const byDevice = deps.limiters({
    keyPrefix: 'tv-device',
    points: deps.maxDeviceCallsPerMinute,
    durationSeconds: 60,
  });

  /** Refuses a guesser (a screen's address, an administrator) that got too many codes wrong already. */
  async function refuseGuesser(ip: string, limiter = failures) {
    const left = await limiter.get(ip);
    if (left && left.remainingPoints <= 0) throw tooManyRequests(left.msBeforeNext);
  }

  /** The one answer for a code that expired, was used, never existed or is another browser's. */
  async function invalidCode(ip: string, limiter = failures): Promise<never> {
    const wait = await consumePoint(limiter, ip);
    if (wait !== undefined) throw tooManyRequests(wait);
    throw new AppError('TV_CODIGO_INVALIDO');
  }

  async function requireScreen(within: Database, companyId: number, screenId: number): Promise<ScreenRow> {
    const row = await findScreen(within, companyId, screenId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** What a screen rotates now; files signed for that screen. */
  async function contentOf(screen: ScreenRow) {
    const sign = (key: string | null) => signer.url(key, screen.id);
    const [brand, announcements, publications, celebrations] = await Promise.all([
      findCompanyBrand(db, screen.companyId),
      screen.showAnnouncements ? listScreenAnnouncements(db, screen.companyId, screen.groupIds) : [],
      screen.showPublications
        ? listOutPublicationsForScreen(db, {
            companyId: screen.companyId,
            groupIds: screen.groupIds,
            limit: screen.publicationCount,
          })
        : [],
      screen.showCelebrations ? listCelebrations(db, screen.companyId, companyDay()) : [],
    ]);
    if (!brand) throw new AppError('NOT_FOUND');
    return presentContent({
      screen: { name: screen.name, secondsPerSlide: screen.secondsPerSlide },
      company: { name: brand.name, logoUrl: sign(brand.logoKey), mainColor: brand.mainColor },
      announcements: announcements.map((item) => ({
        id: item.id,
        imageUrl: sign(item.imageKey)!,
        description: item.description,
      })),
      publications: publications.map((item) => ({
        id: item.id,
        text: item.text,
        imageUrl: sign(item.imageKey),
        videoThumbnailUrl: sign(item.videoThumbnailKey),
        authorName: item.authorName,
        authorPhotoUrl: sign(item.authorPhotoKey),
        publishedAt: item.publishedAt,
      })),
      celebrations: celebrations.map((person) => ({
        name: person.name,
        photoUrl: sign(person.photoKey),
        kind: person.kind,
        years: person.years,
      })),
    });
  }

  return {
    /** Connects the screens' live streams: changes are told to them from now on. */
    attachLive(notifier: TvNotifier) {
      live = notifier;
    },

    /** The company's groups, for the screen form's choice and the list's names. */
    async groups(scope: TvScope) {
      return { listGrupos: await listGroupChoices(db, scope.companyId) };
    },

    /** The company's screens, with whether each is paired and online. */
    async listScreens(scope: TvScope) {
      const rows = await listScreens(db, scope.companyId);
      return {
        listTelas: rows.map((row) => presentScreen(row, { streaming: live?.isConnected(row.id) ?? false })),
      };
    },

    /** Creates or edits a screen (its groups must be the company's); its device refreshes at once. */
    async saveScreen(scope: TvScope, input: SaveScreenInput, actor: Actor) {
      const creating = input.idTela === undefined;
      const groupIds = [...new Set(input.idsGrupos)];
      const screenId = await db.transaction(async (tx) => {
        const locked = creating ? undefined : await lockScreen(tx, scope.companyId, input.idTela!);
        if (!creating && !locked) throw new AppError('NOT_FOUND');
        // A stale versao (someone saved the screen since this copy was read) writes nothing.
        if (locked && input.versao !== undefined && input.versao !== locked.version)
          throw new AppError('REGISTRO_ALTERADO');
        const found = await findCompanyGroupIds(tx, scope.companyId, groupIds);
        if (found.length !== groupIds.length)
          throw invalidFields({ idsGrupos: ['validation.groupsInvalid'] });
        const before = creating ? null : await requireScreen(tx, scope.companyId, input.idTela!);
        const values = valuesOf(input, groupIds);
        let id: number;
        if (creating) id = await insertScreen(tx, scope.companyId, values);
        else if (await updateScreen(tx, scope.companyId, input.idTela!, values, input.versao))
          id = input.idTela!;
        else throw new AppError('REGISTRO_ALTERADO');
        await replaceScreenGroups(tx, scope.companyId, id, groupIds);
        const after = await requireScreen(tx, scope.companyId, id);
        await recordAudit(tx, actor, {
          action: creating ? AuditAction.tvScreenCreate : AuditAction.tvScreenUpdate,
          target: { type: 'tv_screen', id, name: after.name },
          changes: changedFields(auditedFields(before), auditedFields(after)),
        });
        return id;
      });
      if (!creating) live?.contentChanged(scope.companyId, [screenId]);
      return { idTela: screenId };
    },

    /** Deletes a screen; its device is told it is no longer authorised. */
    async deleteScreen(scope: TvScope, screenId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        if (!(await lockScreen(tx, scope.companyId, screenId))) throw new AppError('NOT_FOUND');
        const before = await requireScreen(tx, scope.companyId, screenId);
        await deleteScreen(tx, scope.companyId, screenId);
        await recordAudit(tx, actor, {
          action: AuditAction.tvScreenDelete,
          target: { type: 'tv_screen', id: screenId, name: before.name },
          changes: changedFields(auditedFields(before), null),
        });
      });
      live?.revoked(scope.companyId, [screenId]);
      return { ok: true as const };
    },

    /**
     * Binds the screen to the device showing this code. A device paired before stops working at
     * once; the new one collects its token on its next poll. A stale, used or unknown code: the
     * one TV_CODIGO_INVALIDO answer (counted against the administrator, apart from the screens'
     * guesses per address).
     */
    async pairScreen(scope: TvScope, screenId: number, code: string, actor: Actor) {
      const guesser = `${scope.companyId}:${actor.userId ?? 'unknown'}`;
      await refuseGuesser(guesser, adminFailures);
      const outcome = await db.transaction(async (tx) => {
        if (!(await lockScreen(tx, scope.companyId, screenId))) throw new AppError('NOT_FOUND');
        const live = await findLiveCode(tx, hashToken(code), { lock: true });
        if (!live || live.screenId !== null) return 'invalid' as const;
        const screen = await requireScreen(tx, scope.companyId, screenId);
        await voidPendingCodes(tx, screenId);
        await setScreenToken(tx, scope.companyId, screenId, null);
        if (!(await bindCode(tx, live.id, scope.companyId, screenId))) return 'invalid' as const;
        await recordAudit(tx, actor, {
          action: AuditAction.tvScreenPair,
          target: { type: 'tv_screen', id: screenId, name: screen.name },
          changes: changedFields({ flPareada: screen.paired ? 'S' : 'N' }, { flPareada: 'pendente' }),
        });
        return screen.paired ? ('replaced' as const) : ('paired' as const);
      });
      if (outcome === 'invalid') return invalidCode(guesser, adminFailures);
      if (outcome === 'replaced') live?.revoked(scope.companyId, [screenId]);
      return { ok: true as const };
    },

    /** Unbinds the screen: its token stops working and its stream is told so. */
    async revokeScreen(scope: TvScope, screenId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        if (!(await lockScreen(tx, scope.companyId, screenId))) throw new AppError('NOT_FOUND');
        const screen = await requireScreen(tx, scope.companyId, screenId);
        await voidPendingCodes(tx, screenId);
        await setScreenToken(tx, scope.companyId, screenId, null);
        await recordAudit(tx, actor, {
          action: AuditAction.tvScreenRevoke,
          target: { type: 'tv_screen', id: screenId, name: screen.name },
          changes: changedFields({ flPareada: screen.paired ? 'S' : 'N' }, { flPareada: 'N' }),
        });
      });
      live?.revoked(scope.companyId, [screenId]);
      return { ok: true as const };
    },

    /** What a screen of the company would rotate now (the administration's preview). */
    async previewContent(scope: TvScope, screenId: number) {
      return contentOf(await requireScreen(db, scope.companyId, screenId));
    },

    /**
     * A fresh code for a screen asking to be paired, valid 24 hours, and the secret its browser
     * keeps in a cookie: both stored hashed only.
     */
    async requestCode(origin: RequestOrigin) {
      await consumeOrRefuse(byAddress, origin.ip);
      await deleteStaleCodes(db);
      const requestSecret = generateToken();
      const expiresAt = new Date(Date.now() + tvLimits.codeValidHours * 3_600_000);
      for (;;) {
        const code = newCode();
        const stored = await insertPairingCode(db, {
          codeHash: hashToken(code),
          requestHash: hashToken(requestSecret),
          expiresAt,
        });
        if (stored) return { codigo: code, dtExpiracao: expiresAt.toISOString(), requestSecret };
      }
    },

    /**
     * Whether the code was paired. Once it was, the browser holding the code's request secret gets
     * the screen's new device token, once (the token hash replaces the screen's, audited).
     */
    async checkPairing(code: string, requestSecret: string | undefined, origin: RequestOrigin) {
      await consumeOrRefuse(byAddress, origin.ip);
      await refuseGuesser(origin.ip);
      const live = await findLiveCode(db, hashToken(code));
      if (!live || !requestSecret || hashToken(requestSecret) !== live.requestHash) {
        return invalidCode(origin.ip);
      }
      if (live.screenId === null || live.companyId === null) {
        return { flPareada: 'N' as const, tokenTela: null };
      }
      const token = randomBytes(32).toString('base64url');
      const issued = await db.transaction(async (tx) => {
        const locked = await findLiveCode(tx, hashToken(code), { lock: true });
        if (!locked || locked.screenId === null || locked.companyId === null) return undefined;
        const screen = await findScreen(tx, locked.companyId, locked.screenId);
        if (!screen) return undefined;
        await setScreenToken(tx, locked.companyId, locked.screenId, hashToken(token));
        await markCodeUsed(tx, locked.id);
        await recordAudit(tx, actorAt({ companyId: locked.companyId, userId: null }, origin), {
          action: AuditAction.tvScreenTokenIssued,
          target: { type: 'tv_screen', id: screen.id, name: screen.name },
          changes: changedFields({ flPareada: 'N' }, { flPareada: 'S' }),
        });
        return screen;
      });
      if (!issued) return invalidCode(origin.ip);
      return { flPareada: 'S' as const, tokenTela: token };
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
    admitDevice: (device: Device) => consumeOrRefuse(byDevice, String(device.deviceId)),

    /** What the paired screen rotates now (rate-limited per screen; its contact recorded). */
    async screenContent(device: Device) {
      await consumeOrRefuse(byDevice, String(device.deviceId));
      const screen = await requireScreen(db, device.companyId, device.deviceId);
      await touchScreen(db, screen.id, contactWriteSeconds);
      return contentOf(screen);
    },
  };
}
