import type { DispositivoPush } from '@elo/contract/calls/push';
import type { Language } from '@elo/contract/enums';
import { toFlag, toWireDate, toWireDateOrNull } from '../../platform/http/wire.ts';
import { translatorFor } from '../../platform/i18n.ts';
import type { PushOutcome } from './delivery.ts';
import type { DeviceRow } from './repo.ts';

export const presentDevice = (device: DeviceRow): DispositivoPush => ({
  idDispositivo: device.id,
  nomeDispositivo: device.name,
  dtCadastro: toWireDate(device.createdAt),
  dtUltimoEnvio: toWireDateOrNull(device.lastSentAt),
});

/** A test push's outcome as the preferences screen reports it, in the caller's language. */
export function presentTestOutcome(outcome: PushOutcome, language: Language) {
  return {
    flEntregue: toFlag(outcome.kind === 'delivered'),
    statusServico: outcome.status,
    mensagem: translatorFor(language)(`push.outcome.${outcome.kind}`, { status: outcome.status }),
  };
}
