import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * Changes a person may make without a connection: TanStack Query holds them paused while the
 * browser is offline, the offline store keeps them on the device (a closed tab loses none), and
 * they are sent once the connection returns. Their functions live here, as the query client's
 * defaults, so one restored after a reload knows what to call. The server takes each of them
 * twice as once (confirming a reading again changes nothing), so a repeat never counts twice.
 */
export const queuedMutationKeys = {
  /** 'Li e estou ciente' on a mandatory reading. */
  confirmReading: ['offline-queue', 'confirm-reading'] as const,
};

export interface ConfirmReadingVariables {
  idPublicacao: number;
}

/** Gives the query client the functions of the changes that may wait for the connection. */
export function registerQueuedMutations(client: QueryClient): void {
  client.setMutationDefaults(queuedMutationKeys.confirmReading, {
    mutationFn: ({ idPublicacao }: ConfirmReadingVariables) =>
      api.confirmaLeituraPublicacao({ idPublicacao }),
  });
}

/** Whether a change is one that waits for the connection (and is kept on the device meanwhile). */
export const isQueuedMutation = (key: readonly unknown[] | undefined) => key?.[0] === 'offline-queue';
