/** Keys the web app keeps in localStorage; the names are the spec's, shared with the mobile app. */
export const storageKeys = {
  /** The language the user chose (pt-BR, en or es). */
  language: '@lang',
  /** The chat token doLogin returns; the chat socket connects only when it is present. */
  chatToken: 'tokenChat',
  /** The last signed-in company's name, colours and a small copy of its logo, for the sign-in page. */
  branding: '@empresa',
  /** A paired corporate TV's device token (only the /tv screen reads it). */
  tvToken: 'tokenTela',
  /** The last content a corporate TV showed, to keep rotating it while offline. */
  tvContent: '@tvConteudo',
  /** This browser's push device id (registraDispositivoPush's answer), to tell it in the list. */
  pushDevice: '@dispositivoPush',
} as const;

/** Reads a key, treating a browser that refuses storage (private mode, policy) as an empty one. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key; a refused write only loses the preference, so it is not an error for the user. */
export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the app still works, it just forgets the value on reload.
  }
}
