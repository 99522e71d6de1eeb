import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '#lib/api-client.ts';
import {
  deviceApi,
  isUnauthorisedScreen,
  readDeviceToken,
  readLastContent,
  writeLastContent,
} from '../tv-device.ts';
import { listenToTvEvents } from '../tv-events.ts';

/** Cache keys of the screen. */
export const tvScreenKeys = {
  code: ['tv-screen', 'code'] as const,
  pairing: (codigo: string) => ['tv-screen', 'pairing', codigo] as const,
  content: ['tv-screen', 'content'] as const,
};

/** How often the screen asks whether its code was paired, and refreshes its content. */
export const pairingPollMs = 5_000;
export const contentRefreshMs = 60_000;

function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (navigator.onLine, followed live). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribeToOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The pairing code to show and whether it was paired: a fresh code (solicitaCodigoTv), asked
 * again when it expires or the server no longer knows it, and `consultaPareamentoTv` every 5 s,
 * which hands over the device token once an administrator paired the code.
 */
export function usePairingCode(onPaired: (token: string) => void) {
  const queryClient = useQueryClient();
  const code = useQuery({
    queryKey: tvScreenKeys.code,
    queryFn: () => deviceApi.solicitaCodigoTv({}),
    staleTime: Infinity,
    gcTime: 0,
    networkMode: 'always',
    retry: true,
    retryDelay: pairingPollMs,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const codigo = code.data?.codigo ?? null;
  const pairing = useQuery({
    queryKey: tvScreenKeys.pairing(codigo ?? ''),
    queryFn: () => deviceApi.consultaPareamentoTv({ codigo: codigo ?? '' }),
    enabled: codigo !== null,
    gcTime: 0,
    networkMode: 'always',
    retry: false,
    refetchInterval: pairingPollMs,
    refetchIntervalInBackground: true,
  });

  // An expired code is replaced by a new one at its expiry.
  const expiresAt = code.data ? Date.parse(code.data.dtExpiracao) : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(
      () => void queryClient.refetchQueries({ queryKey: tvScreenKeys.code }),
      Math.max(0, expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient]);

  // The server no longer knows the code (used, expired, asked from another browser): a new one.
  const unknownCode = pairing.error instanceof ApiError && pairing.error.status === 404;
  useEffect(() => {
    if (unknownCode) void queryClient.refetchQueries({ queryKey: tvScreenKeys.code });
  }, [unknownCode, queryClient]);

  const token = pairing.data?.flPareada === 'S' ? pairing.data.tokenTela : null;
  useEffect(() => {
    if (token) onPaired(token);
  }, [token, onPaired]);

  return { code: code.data ?? null, isLoading: code.isPending, failed: code.isError && !code.data };
}

/**
 * The paired screen's content: `consultaConteudoTv` now, every minute, at once when the event
 * stream says something was published, and again when the network comes back. Each answer is kept
 * in localStorage, so a reload without network still has the last content to rotate. A 401 (or
 * the stream's `revogada`) calls `onRevoked`.
 */
export function useTvContent(onRevoked: () => void) {
  const queryClient = useQueryClient();
  const [initial] = useState(readLastContent);
  const content = useQuery({
    queryKey: tvScreenKeys.content,
    queryFn: async ({ signal }) => {
      const answer = await deviceApi.consultaConteudoTv({}, { signal });
      writeLastContent(answer);
      return answer;
    },
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    networkMode: 'always',
    refetchInterval: contentRefreshMs,
    refetchIntervalInBackground: true,
    retry: (failures, error) => !isUnauthorisedScreen(error) && failures < 2,
  });

  const unauthorised = isUnauthorisedScreen(content.error);
  useEffect(() => {
    if (unauthorised) onRevoked();
  }, [unauthorised, onRevoked]);

  useEffect(
    () =>
      listenToTvEvents(readDeviceToken, {
        onContent: () => void queryClient.invalidateQueries({ queryKey: tvScreenKeys.content }),
        onRevoked,
      }),
    [queryClient, onRevoked],
  );

  // Back online: fetch at once rather than at the next minute.
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: tvScreenKeys.content });
    window.addEventListener('online', refetch);
    return () => window.removeEventListener('online', refetch);
  }, [queryClient]);

  const online = useBrowserOnline();
  return {
    content: content.data ?? null,
    isLoading: content.isPending,
    /** No network, or the last fetch failed (the screen rotates what it had). */
    offline: !online || (content.isError && !unauthorised),
  };
}
