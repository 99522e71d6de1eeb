import { z } from 'zod';
import { flagSchema } from '@elo/contract/wire';

/**
 * What step 1 of first access hands to step 2. It holds the provisional password (the last call
 * needs it), so it lives in sessionStorage (this tab only, gone when the tab closes) and is
 * cleared as soon as the flow ends or the server refuses the provisional token.
 */
const firstAccessFlowSchema = z.object({
  login: z.string().min(1),
  senhaProvisoria: z.string().min(1),
  tokenJwtProvisorio: z.string().min(1),
  flNumeroCadastrado: flagSchema,
  /** YYYY-MM-DD, for the password policy (the new password must not be the birth date). */
  dtNascimento: z.string(),
});
export type FirstAccessFlow = z.infer<typeof firstAccessFlowSchema>;

/** The sessionStorage key of the flow in progress. */
export const firstAccessFlowKey = '@primeiroAcesso';

/** Keeps the flow for step 2; a browser refusing storage only means step 2 asks to start again. */
export function saveFirstAccessFlow(flow: FirstAccessFlow): void {
  try {
    window.sessionStorage.setItem(firstAccessFlowKey, JSON.stringify(flow));
  } catch {
    // Storage disabled: step 2 finds nothing and sends the user back to step 1 with a message.
  }
}

/** The flow in progress, or null when there is none (or what is stored is not one). */
export function readFirstAccessFlow(): FirstAccessFlow | null {
  try {
    const stored = window.sessionStorage.getItem(firstAccessFlowKey);
    if (!stored) return null;
    const parsed = firstAccessFlowSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the flow, and the provisional password with it. */
export function clearFirstAccessFlow(): void {
  try {
    window.sessionStorage.removeItem(firstAccessFlowKey);
  } catch {
    // Nothing was stored.
  }
}

/** Router state step 2 leaves when it finds no flow, so step 1 says why the user is back. */
export const flowMissingState = { firstAccessFlowMissing: true } as const;

/** Whether the router state says step 2 found no flow. */
export function cameWithoutFlow(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'firstAccessFlowMissing' in state;
}
