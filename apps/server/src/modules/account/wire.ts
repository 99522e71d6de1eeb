import { toFlag } from '../../platform/http/wire.ts';
import type { FirstAccessStart, MobileStep } from './first-access.ts';

/** A password as the audit log shows it: never its text, only that a new one was set. */
export const auditedPassword = (changed: boolean) => ({ senha: changed ? 'nova' : null });

/** Step 1 of first access as the page reads it; the digits to confirm are never sent. */
export const presentFirstAccessStart = (start: FirstAccessStart) => ({
  flMatricula: toFlag(start.signsInByMatricula),
  flNumeroCadastrado: toFlag(start.mobileRegistered),
  tokenJwtProvisorio: start.token,
  ultimosDigitosCelular: '****',
});

/** Whether a code went to the mobile, and to which (masked). */
export const presentCodeSent = (step: MobileStep) => ({
  flCodigoEnviado: toFlag(step.codeSent),
  celularMascarado: step.maskedMobile,
});

/** A step of registering the mobile: whether a code went, whether the number is kept now. */
export const presentMobileStep = (step: MobileStep) => ({
  ...presentCodeSent(step),
  flNumeroCadastrado: toFlag(step.mobileRegistered),
});

/** The answer of a right SMS code (a wrong one is a 422). */
export const validCodeAnswer = { flValido: 'S' as const };
