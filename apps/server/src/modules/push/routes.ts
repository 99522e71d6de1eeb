import type { CallHandlers } from '../../platform/http/register-calls.ts';
import {
  ownDevices,
  publicKey,
  registerDevice,
  removeDevice,
  testDevice,
  type PushService,
} from './service.ts';
import { presentDevice, presentTestOutcome } from './wire.ts';

/** The web push calls: each acts on the caller's own devices only. */
export function pushHandlers({ push }: { push: PushService }) {
  return {
    consultaChavePublicaPush: async () => ({ chavePublica: await publicKey(push) }),
    registraDispositivoPush: async (input, { session }) => {
      const device = await registerDevice(push, session, {
        endpoint: input.endpoint,
        p256dh: input.chaves.p256dh,
        auth: input.chaves.auth,
        name: input.nomeDispositivo || null,
      });
      return { idDispositivo: device.id };
    },
    consultaDispositivosPush: async (_input, { session }) => ({
      listDispositivos: (await ownDevices(push, session)).map(presentDevice),
    }),
    removeDispositivoPush: async (input, { session }) => {
      await removeDevice(push, session, input.idDispositivo);
      return { ok: true as const };
    },
    enviaPushTeste: async (input, { session, language }) =>
      presentTestOutcome(await testDevice(push, session, input.idDispositivo, language), language),
  } satisfies Partial<CallHandlers>;
}
