import { useEffect } from 'react';
import { readStorage, writeStorage } from '../storage-keys.ts';

/*
 * Drafts kept on the device (issue 30): what someone types in the timeline's composer or in a
 * conversation stays, through a lost connection, a reload or a closed tab, until it is sent.
 * Each draft is the person's own (their id is in the key); signing out forgets them all.
 */

const draftPrefix = '@rascunho:';

/** The key of one draft: the person and the place (the timeline, or a conversation). */
export function draftKey(idUsuario: number | undefined, place: string): string | null {
  return idUsuario === undefined ? null : `${draftPrefix}${idUsuario}:${place}`;
}

/** The draft kept for a place ('' when none). */
export function readDraft(key: string | null): string {
  return key ? (readStorage(key) ?? '') : '';
}

/** Forgets a draft (it was sent). */
export function clearDraft(key: string | null): void {
  if (key) writeStorage(key, null);
}

/** Keeps the text as the place's draft, a moment after the typing stops. */
export function useKeptDraft(key: string | null, text: string): void {
  useEffect(() => {
    if (!key) return;
    const timer = window.setTimeout(() => writeStorage(key, text.trim() ? text : null), 300);
    return () => window.clearTimeout(timer);
  }, [key, text]);
}

/** Signing out: every draft kept on this device goes. */
export function forgetDrafts(): void {
  try {
    const keys = Object.keys(window.localStorage).filter((key) => key.startsWith(draftPrefix));
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}
