import { conteudoTvSchema, type ConteudoTv } from '@elo/contract/calls/tv';
import { ApiError } from '#lib/api-client.ts';
import { createDeviceApi } from '#lib/api.ts';
import { readStorage, storageKeys, writeStorage } from '#lib/storage-keys.ts';

/** The screen's device token, or null when it is not paired. */
export function readDeviceToken(): string | null {
  return readStorage(storageKeys.tvToken);
}

/** Keeps (or, with null, forgets) the device token and, when forgetting, the last content too. */
export function writeDeviceToken(token: string | null): void {
  writeStorage(storageKeys.tvToken, token);
  if (token === null) writeStorage(storageKeys.tvContent, null);
}

/** The calls of the screen: the device token goes with each one. */
export const deviceApi = createDeviceApi(readDeviceToken);

/**
 * The last content the screen received, kept in localStorage: a POST answer cannot sit in the
 * service worker's cache, so the page keeps it itself and rotates it while the network is down.
 */
export function readLastContent(): ConteudoTv | null {
  try {
    const parsed = conteudoTvSchema.safeParse(JSON.parse(readStorage(storageKeys.tvContent) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the content just received for the next time the network is down. */
export function writeLastContent(content: ConteudoTv): void {
  writeStorage(storageKeys.tvContent, JSON.stringify(content));
}

/** Whether a failure means the screen is no longer paired (revoked, replaced or forged token). */
export function isUnauthorisedScreen(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Whether a failure is the network's (no answer at all), not the server's refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 500 && error.errorCode === null;
}

/** Every media address the content shows (the service worker keeps a copy of each). */
export function mediaUrlsOf(content: ConteudoTv): string[] {
  const urls = new Set<string>();
  if (content.empresa.urlLogo) urls.add(content.empresa.urlLogo);
  for (const slide of content.slides) {
    if (slide.tipo === 'comunicado') urls.add(slide.urlImagem);
    if (slide.tipo === 'publicacao') {
      for (const url of [slide.urlImagem, slide.urlMiniaturaVideo, slide.urlFotoAutor])
        if (url) urls.add(url);
    }
    if (slide.tipo === 'aniversariantes') {
      for (const person of slide.listPessoas) if (person.urlFoto) urls.add(person.urlFoto);
    }
  }
  return [...urls];
}
