import { tvLimits, tvRequestCookie } from '@elo/contract/calls/tv';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { createEventBus } from '../../platform/bus.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { toFlag, toWireDate, presentGroupChoice } from '../../platform/http/wire.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { createTvLive } from './live.ts';
import { createTvMediaSigner, registerTvMediaRoute } from './media.ts';
import { previewContent, screenContent } from './content.ts';
import { checkPairing, requestCode } from './pairing.ts';
import { deleteScreen, listScreens, pairScreen, revokeScreen, saveScreen, screenGroups } from './screens.ts';
import { createTvService, type TvService } from './service.ts';
import { presentContent, presentScreen, screenFormOf } from './wire.ts';

const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The corporate TV's calls: the administration's screens, pairing, and the screen's content. */
export function tvHandlers({ tv }: { tv: TvService }) {
  return {
    consultaTelasTvAdmin: async (_input, { session }) => ({
      listTelas: (await listScreens(tv, session)).map(({ row, streaming }) =>
        presentScreen(row, { streaming }),
      ),
    }),
    consultaGruposTvAdmin: async (_input, { session }) => ({
      listGrupos: (await screenGroups(tv, session)).map(presentGroupChoice),
    }),
    salvaTelaTvAdmin: async (input, { session, actor }) => ({
      idTela: await saveScreen(tv, session, screenFormOf(input), actor),
    }),
    excluiTelaTvAdmin: async (input, { session, actor }) => {
      await deleteScreen(tv, session, input.idTela, actor);
      return { ok: true as const };
    },
    pareiaTelaTvAdmin: async (input, { session, actor }) => {
      await pairScreen(tv, session, input.idTela, input.codigo, actor);
      return { ok: true as const };
    },
    revogaTelaTvAdmin: async (input, { session, actor }) => {
      await revokeScreen(tv, session, input.idTela, actor);
      return { ok: true as const };
    },
    consultaConteudoTelaTvAdmin: async (input, { session }) =>
      presentContent(await previewContent(tv, session, input.idTela)),
    solicitaCodigoTv: async (_input, { request, reply }) => {
      const { code, expiresAt, requestSecret } = await requestCode(tv, originOf(request));
      // Only the browser that asked can collect the token: the secret never leaves this cookie.
      void reply.setCookie(tvRequestCookie, requestSecret, {
        path: '/backend',
        httpOnly: true,
        sameSite: 'strict',
        secure: 'auto',
        maxAge: tvLimits.codeValidHours * 3600,
      });
      return { codigo: code, dtExpiracao: toWireDate(expiresAt) };
    },
    consultaPareamentoTv: async (input, { request }) => {
      const token = await checkPairing(tv, input.codigo, request.cookies[tvRequestCookie], originOf(request));
      return { flPareada: toFlag(token !== null), tokenTela: token };
    },
    consultaConteudoTv: async (_input, { device }) => presentContent(await screenContent(tv, device)),
  } satisfies Partial<CallHandlers>;
}

/**
 * Builds the corporate TV: its service (whose device resolver the binder gets, as it gets
 * sessions), the screens' live streams on the bus, and the signed media route.
 */
export function createTv(deps: {
  db: Database;
  redis: Redis | undefined;
  limiters: LimiterFactory;
  secret: Uint8Array;
  log: FastifyBaseLogger;
  maxCallsPerAddress: number;
  maxCodeFailuresPerAddress: number;
  maxDeviceCallsPerMinute: number;
}) {
  const signer = createTvMediaSigner(deps.secret);
  const tv = createTvService({
    db: deps.db,
    limiters: deps.limiters,
    signer,
    maxCallsPerAddress: deps.maxCallsPerAddress,
    maxCodeFailuresPerAddress: deps.maxCodeFailuresPerAddress,
    maxDeviceCallsPerMinute: deps.maxDeviceCallsPerMinute,
  });
  const resolveDevice = (token: string) => tv.resolveDevice(token);
  const live = createTvLive({
    bus: createEventBus(deps.redis, { log: deps.log }),
    log: deps.log,
    devices: resolveDevice,
    admit: (device) => tv.admitDevice(device),
    touch: (screenId) => tv.touch(screenId),
    checkMs: tvLimits.eventsPingSeconds * 1000,
  });
  tv.attachLive(live);
  return {
    service: tv,
    resolveDevice,
    /** Tells the company's screens that what they show changed (a publication, an announcement). */
    contentChanged: (companyId: number) => live.contentChanged(companyId),
    /** Registers the stream and the media route (after the server-sent events plugin). */
    async register(app: FastifyInstance, routeDeps: { storage: MediaStorage; sessions: SessionManager }) {
      await live.register(app);
      registerTvMediaRoute(app, {
        signer,
        storage: routeDeps.storage,
        sessions: routeDeps.sessions,
        isPaired: (companyId, screenId) => tv.isPaired(companyId, screenId),
      });
    },
  };
}
