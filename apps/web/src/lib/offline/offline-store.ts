import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/query-persist-client-core';
import {
  dehydrate,
  hydrate,
  type DehydrateOptions,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { loggedUserQueryKey } from '../session.ts';
import { forgetDrafts } from './drafts.ts';
import { isQueuedMutation } from './queued-mutations.ts';

/*
 * What the portal keeps on the device for reading without a connection (issue 30), in IndexedDB:
 * the answers of the signed-in person's own pages (who they are, the timeline's pages and posts
 * they opened, their pending mandatory readings, the survey list) and the changes waiting for the
 * connection. Loaded only once someone is signed in, never on the login page's first load.
 * docs/push-and-offline.md lists what is kept and for how long.
 */

/** How long saved answers are worth showing: older ones are dropped at restore. */
export const offlineMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** The first part of the keys of the queries kept for reading offline. */
const keptQueryRoots: ReadonlySet<string> = new Set([loggedUserQueryKey[0], 'timeline', 'surveys']);

/** Saved answers of another shape (an older version of the portal) are not restored. */
const buster = 'elo-offline-1';

const database = createStore('elo-offline', 'portal');
/**
 * Set between signing out and the next keeping: a save still waiting for its throttle when the
 * person signed out must not write their pages back.
 */
let forgotten = false;
const storage = {
  getItem: (key: string) => get<string>(key, database),
  setItem: async (key: string, value: string) => {
    if (!forgotten) await set(key, value, database);
  },
  removeItem: (key: string) => del(key, database),
};
const storageKey = 'query-cache';
/** Saves at most once a second: the pages change often. */
const persister = createAsyncStoragePersister({ storage, key: storageKey, throttleTime: 1000 });
/**
 * Saves at once: a waiting change that was sent must leave the device before the tab may close,
 * or the next opening would send it again.
 */
const persisterNow = createAsyncStoragePersister({ storage, key: storageKey, throttleTime: 0 });

/** The cache of the images seen (the portal's worker fills it: src/sw.ts). */
export const mediaCacheName = 'elo-media';

function keptOffline(query: Query): boolean {
  return query.state.status === 'success' && keptQueryRoots.has(String(query.queryKey[0]));
}

const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: keptOffline,
  shouldDehydrateMutation: (mutation) =>
    mutation.state.isPaused && isQueuedMutation(mutation.options.mutationKey),
};

/** Keeps the person's pages and waiting changes on the device while signed in; returns the stop. */
export function keepForOffline(client: QueryClient): () => void {
  forgotten = false;
  const stopPages = persistQueryClientSubscribe({ queryClient: client, persister, buster, dehydrateOptions });
  const stopChanges = client.getMutationCache().subscribe((event) => {
    const mutation = event.mutation;
    if (event.type !== 'updated' || !mutation || !isQueuedMutation(mutation.options.mutationKey)) return;
    if (mutation.state.status === 'success' || mutation.state.status === 'error') {
      void persistQueryClientSave({ queryClient: client, persister: persisterNow, buster, dehydrateOptions });
    }
  });
  return () => {
    stopPages();
    stopChanges();
  };
}

/**
 * Opening the portal without a connection: the saved answers and waiting changes come back, so
 * the pages show what was seen last and the changes leave once the connection returns.
 */
export async function restoreForOffline(client: QueryClient): Promise<void> {
  await persistQueryClientRestore({ queryClient: client, persister, buster, maxAge: offlineMaxAgeMs });
}

/**
 * Opening the portal with a connection: only the changes that waited (made offline, then the tab
 * closed) come back, and go now; the pages ask the server afresh.
 */
export async function restoreQueuedChanges(client: QueryClient): Promise<void> {
  const saved = await persister.restoreClient();
  if (!saved || saved.buster !== buster) return;
  const mutations = saved.clientState.mutations.filter((mutation) => isQueuedMutation(mutation.mutationKey));
  if (mutations.length === 0) return;
  hydrate(client, { mutations, queries: [] });
  await client.resumePausedMutations();
  // Those sent leave the device at once; the saved pages stay as they were.
  const waiting = dehydrate(client, { ...dehydrateOptions, shouldDehydrateQuery: () => false }).mutations;
  await persisterNow.persistClient({ ...saved, clientState: { ...saved.clientState, mutations: waiting } });
}

/** Keeps another part of the person's pages on the device (the chat's conversations). */
export async function keepEntry(key: string, value: unknown): Promise<void> {
  if (!forgotten) await set(`entry:${key}`, value, database);
}

/** A part kept with keepEntry, if any. */
export const keptEntry = async <T>(key: string) => get<T>(`entry:${key}`, database);

/** Signing out forgets everything kept on the device for the person. */
export async function forgetOffline(): Promise<void> {
  forgotten = true;
  forgetDrafts();
  await clear(database);
  if (typeof caches !== 'undefined') await caches.delete(mediaCacheName);
}
