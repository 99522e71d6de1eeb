import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import {
  browserAndSystem,
  currentSubscription,
  subscribeThisBrowser,
  subscriptionKeys,
} from '#lib/pwa/push-subscription.ts';
import { readStorage, storageKeys, writeStorage } from '#lib/storage-keys.ts';

const pushKeys = {
  devices: ['push', 'devices'] as const,
  thisBrowser: ['push', 'this-browser'] as const,
};

/** The caller's registered devices, while the preferences are open. */
export function usePushDevices(enabled: boolean) {
  return useQuery({
    queryKey: pushKeys.devices,
    enabled,
    queryFn: async ({ signal }) => (await api.consultaDispositivosPush({}, { signal })).listDispositivos,
  });
}

/** Whether this browser is subscribed now (its subscription, and the device id the server gave it). */
export function useThisBrowserPush(enabled: boolean) {
  return useQuery({
    queryKey: pushKeys.thisBrowser,
    enabled,
    queryFn: async () => {
      const subscription = await currentSubscription();
      const deviceId = Number(readStorage(storageKeys.pushDevice)) || null;
      return subscription ? { subscription, deviceId } : null;
    },
  });
}

/** Subscribes this browser (after a tap) and registers it with the server under a name people know. */
export function useSubscribeThisBrowser(deviceName: (parts: { browser: string; system: string }) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { chavePublica } = await api.consultaChavePublicaPush({});
      const subscription = await subscribeThisBrowser(chavePublica);
      const { idDispositivo } = await api.registraDispositivoPush({
        ...subscriptionKeys(subscription),
        nomeDispositivo: deviceName(browserAndSystem(navigator.userAgent)).slice(0, 100),
      });
      writeStorage(storageKeys.pushDevice, String(idDispositivo));
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['push'] }),
  });
}

/** Unsubscribes this browser and forgets it on the server. */
export function useUnsubscribeThisBrowser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (current: { subscription: PushSubscription; deviceId: number | null }) => {
      await current.subscription.unsubscribe();
      if (current.deviceId) await api.removeDispositivoPush({ idDispositivo: current.deviceId });
      writeStorage(storageKeys.pushDevice, null);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['push'] }),
  });
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idDispositivo: number) => api.removeDispositivoPush({ idDispositivo }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['push'] }),
  });
}

export function useTestPushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idDispositivo: number) => api.enviaPushTeste({ idDispositivo }),
    onSettled: () => void client.invalidateQueries({ queryKey: pushKeys.devices }),
  });
}
