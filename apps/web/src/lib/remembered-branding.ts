import { hexColorPattern } from '@elo/contract/color-scale';
import { readStorage, storageKeys, writeStorage } from './storage-keys.ts';

/**
 * The last company's look, kept by the browser so its sign-in page wears it before anyone signs
 * in (the logo's file needs a session, so a small copy of it is kept as a data URL).
 */
export interface RememberedBranding {
  nome: string;
  corPrincipal: string;
  corFontePrimaria: string;
  corFonteSecundaria: string;
  /** A small PNG copy of the logo as a data: URL, or null when the company has none. */
  logo: string | null;
}

/** The remembered look, or null when none (or what is stored is not one). */
export function readRememberedBranding(): RememberedBranding | null {
  try {
    const value = JSON.parse(
      readStorage(storageKeys.branding) ?? 'null',
    ) as Partial<RememberedBranding> | null;
    if (!value || typeof value.nome !== 'string') return null;
    if (
      ![value.corPrincipal, value.corFontePrimaria, value.corFonteSecundaria].every((c) =>
        hexColorPattern.test(c ?? ''),
      )
    )
      return null;
    const logo = typeof value.logo === 'string' && value.logo.startsWith('data:image/') ? value.logo : null;
    return { ...(value as RememberedBranding), logo };
  } catch {
    return null;
  }
}

/** Keeps the company's look for the next sign-in page in this browser. */
export function rememberBranding(branding: RememberedBranding): void {
  writeStorage(storageKeys.branding, JSON.stringify(branding));
}
