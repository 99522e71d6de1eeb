import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '#lib/api-client.ts';
import { registerQueuedMutations } from '#lib/offline/queued-mutations.ts';

/** Retrying only helps when the server or the network failed, never for a 4xx answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** The app's TanStack Query client. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  registerQueuedMutations(client);
  return client;
}
